/**
 * The address page draws its first tab from at most two requests of its own, in Debian's
 * chromium against the real product: the transactions with the overview, and the counters that
 * decide the tab bar, the contract link and the holdings summary. Counted when the page is
 * reached inside the app (a pushState, as a link in the app does), where the server's render does not help, for a token
 * and for a DApp (each with its contract link); the app's own calls (name tags, indexing status,
 * price: every page makes them once) are not the page's.
 */
import type { Browser, Request } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { paths, patterns } from '../../common/api/paths';
import { TABS } from '../../common/spec';
import { ADDRESS_TEXTS } from '../../src/features/addresses/texts';
import { launchBrowser, visit } from '../helpers/browser';
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

async function pageRequests(address: string, link: string): Promise<string[]> {
  const v = await visit(browser, product.url, '/TermsAndConditions', { viewport: 'desktop' });
  try {
    const { page } = v;
    // A page without lists of its own, settled: what follows is the address page's.
    await page.waitForLoadState('networkidle');
    const seen: Request[] = [];
    page.on('request', (r) => seen.push(r));
    // In-app navigation, as a link inside the app makes it (wouter follows history.pushState).
    await page.evaluate((to) => window.history.pushState(null, '', to), `/address/${address}`);
    await page.getByRole('heading', { level: 1, name: 'Address' }).waitFor();
    // The first tab drawn: its table, the tab bar, the overview's holdings.
    await page.getByRole('table', { name: ADDRESS_TEXTS.captions.transactions }).waitFor({ timeout: 20_000 });
    await page.getByRole('tab', { name: TABS.address[0] }).waitFor();
    await page.getByRole('region', { name: ADDRESS_TEXTS.balance }).waitFor();
    await page.getByRole('link', { name: link }).waitFor();
    await page.waitForLoadState('networkidle');
    return seen
      .map((r) => new URL(r.url()).pathname)
      .filter((p) => p.startsWith('/api/'))
      .map((p) => p.slice('/api'.length))
      .filter((p) => !APP_WIDE.includes(p));
  } finally {
    await v.close();
  }
}

const KINDS = [patterns.addressCounters, patterns.userTx].map((p) => p.split(':')[0]!);
/** Which of the page's two calls a path is (the address may be in either form). */
const kindOf = (p: string) => KINDS.find((k) => p.startsWith(k)) ?? p;

it('a token address: its first tab, contract link and tab bar from two requests', async () => {
  const asked = await pageRequests(product.deployment!.tokens[0]!.address, ADDRESS_TEXTS.viewToken);
  expect(asked.map(kindOf).sort(), asked.join(', ')).toEqual([...KINDS].sort());
}, 120_000);

it('a DApp: the same two requests, no list fetched only to decide a tab', async () => {
  const asked = await pageRequests(product.deployment!.router, ADDRESS_TEXTS.viewContract);
  expect(asked.map(kindOf).sort(), asked.join(', ')).toEqual([...KINDS].sort());
}, 120_000);
