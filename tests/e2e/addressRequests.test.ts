/**
 * Issue #39 item 3: the address page draws its first tab from at most two requests of its own, in
 * Debian's chromium against the real product: the transactions with the overview, and the
 * counters that decide the tab bar, the contract link and the holdings summary. Before, the page
 * asked six (the transactions, the token holdings, the first page of withdrawals, of events and
 * of NFTs to decide three tabs, and the whole contract directory for the contract link).
 *
 * Counted two ways, for a contract (the DApp router, its contract link shown) and for a wallet
 * (the deployer): loaded cold (a new context, the URL typed), where the server renders the page
 * with its data: its in-process calls are the page's state in the HTML, plus whatever the browser
 * then asks; and reached inside the app (a pushState, as a link in the app does), where each
 * request goes over the network. Counted as distinct API paths (a preloaded answer and the fetch
 * that takes it are one request), up to the first tab's rows and again once the network is idle.
 * The app's own calls (name tags, indexing status, price: every page makes them once) are not the
 * page's.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { paths, patterns } from '../../common/api/paths';
import { SERVER_STATE_ID } from '../../common/routeSkeleton';
import { TABS } from '../../common/spec';
import { ADDRESS_TEXTS } from '../../src/features/addresses/texts';
import { launchBrowser, VIEWPORTS } from '../helpers/browser';
import type { RunningProduct } from '../helpers/product';
import { sharedProduct } from '../helpers/sharedProduct';

let product: RunningProduct;
let browser: Browser;

beforeAll(async () => {
  product = await sharedProduct();
  browser = await launchBrowser();
}, 300_000);
afterAll(async () => {
  await browser?.close();
}, 60_000);

/** Calls every screen makes once for the header and the app (not the address page's). */
const APP_WIDE = [paths.nameTags(), paths.indexingStatus(), paths.rubyPrice()];
/** The same calls by their RTK endpoint (the server's render names its state so). */
const APP_WIDE_ENDPOINTS = ['getNameTags', 'getIndexingStatus', 'getRubyPrice'];

const KINDS = [patterns.addressCounters, patterns.userTx].map((p) => p.split(':')[0]!);
/** Which of the page's two calls a path is (the address may be in either form). */
const kindOf = (p: string) => KINDS.find((k) => p.startsWith(k)) ?? p;
/** The server render's endpoints for the same two calls. */
const ENDPOINT_KIND: Record<string, string> = { addressCounters: KINDS[0]!, userTx: KINDS[1]! };

interface Counted {
  /** Distinct API paths the browser asked, up to the first tab's rows. */
  beforeRows: string[];
  /** The same once the network is idle. */
  settled: string[];
  /** The server's in-process calls its render was made from (a cold load; [] in the app). */
  rendered: string[];
}

/** The page's API paths among the browser's requests, each once. */
function apiPaths(urls: string[]): string[] {
  const out = urls
    .map((u) => new URL(u).pathname)
    .filter((p) => p.startsWith('/api/'))
    .map((p) => p.slice('/api'.length))
    .filter((p) => !APP_WIDE.includes(p));
  return [...new Set(out)];
}

/** Waits for the first tab drawn: its rows, the tab bar, the overview's balance and, for a contract, its link. */
async function firstTabDrawn(page: Page, link: string | null): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Address' }).waitFor();
  const table = page.getByRole('table', { name: ADDRESS_TEXTS.captions.transactions });
  await table.locator('tbody tr').first().waitFor({ timeout: 20_000 });
  await page.getByRole('tab', { name: TABS.address[0] }).waitFor();
  await page.getByRole('region', { name: ADDRESS_TEXTS.balance }).waitFor();
  if (link) await page.getByRole('link', { name: link }).waitFor();
}

async function cold(address: string, link: string | null): Promise<Counted> {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
  try {
    const page = await context.newPage();
    const seen: string[] = [];
    page.on('request', (r) => seen.push(r.url()));
    const doc = await page.goto(`${product.url}/address/${address}`, { waitUntil: 'commit' });
    await firstTabDrawn(page, link);
    const beforeRows = apiPaths(seen);
    await page.waitForLoadState('networkidle');
    const html = (await doc?.text()) ?? '';
    const json = new RegExp(`<script type="application/json" id="${SERVER_STATE_ID}">([\\s\\S]*?)</script>`).exec(html)?.[1];
    const state = json ? (JSON.parse(json) as { endpointName: string }[]) : [];
    const rendered = state.map((e) => e.endpointName).filter((n) => !APP_WIDE_ENDPOINTS.includes(n));
    return { beforeRows, settled: apiPaths(seen), rendered };
  } finally {
    await context.close();
  }
}

async function inApp(address: string, link: string | null): Promise<Counted> {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
  try {
    const page = await context.newPage();
    await page.goto(`${product.url}/TermsAndConditions`);
    // A page without lists of its own, settled: what follows is the address page's.
    await page.waitForLoadState('networkidle');
    const seen: string[] = [];
    page.on('request', (r) => seen.push(r.url()));
    // In-app navigation, as a link inside the app makes it (wouter follows history.pushState).
    await page.evaluate((to) => window.history.pushState(null, '', to), `/address/${address}`);
    await firstTabDrawn(page, link);
    const beforeRows = apiPaths(seen);
    await page.waitForLoadState('networkidle');
    return { beforeRows, settled: apiPaths(seen), rendered: [] };
  } finally {
    await context.close();
  }
}

/** The page's requests of both sources, by kind: at most two, and only the transactions and the counters. */
function expectTwo(c: Counted, label: string): void {
  const all = [...c.settled.map(kindOf), ...c.rendered.map((n) => ENDPOINT_KIND[n] ?? n)];
  const detail = `${label}: browser ${c.settled.join(', ') || '-'}; server render ${c.rendered.join(', ') || '-'}`;
  console.log(`address page requests, ${detail} (${c.beforeRows.length + c.rendered.length} before the rows, ${all.length} in all)`);
  expect(c.beforeRows.length + c.rendered.length, detail).toBeLessThanOrEqual(2);
  expect(all.length, detail).toBeLessThanOrEqual(2);
  expect(new Set(all).size, detail).toBe(all.length);
  for (const k of all) expect(KINDS, detail).toContain(k);
}

it('a contract loaded cold: its first tab, contract link and tab bar from at most two requests', async () => {
  const c = await cold(product.deployment!.router, ADDRESS_TEXTS.viewContract);
  expectTwo(c, 'contract, cold');
}, 120_000);

it('a wallet loaded cold: the same, with no contract link', async () => {
  const c = await cold(product.deployment!.deployer, null);
  expectTwo(c, 'wallet, cold');
}, 120_000);

it('a token reached inside the app: the transactions and the counters, over the network', async () => {
  const c = await inApp(product.deployment!.tokens[0]!.address, ADDRESS_TEXTS.viewToken);
  expectTwo(c, 'token, in the app');
  expect(c.settled.map(kindOf).sort(), c.settled.join(', ')).toEqual([...KINDS].sort());
}, 120_000);

it('a wallet reached inside the app: the same two requests, no list fetched only to decide a tab', async () => {
  const c = await inApp(product.deployment!.deployer, null);
  expectTwo(c, 'wallet, in the app');
  expect(c.settled.map(kindOf).sort(), c.settled.join(', ')).toEqual([...KINDS].sort());
}, 120_000);
