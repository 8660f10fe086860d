/**
 * The route walk's second half (issue #29): every tab and every paged list of the spec's screens
 * opened by URL (?tab=, ?page=, ?ps=), reloaded, and Back / Forward checked, in the real product.
 * Paths are written out here (not built with src/app/urls.ts, so a wrong builder cannot hide a
 * wrong URL). The wallet dashboard's tabs need a login: tests/e2e/wallet.test.ts walks them.
 */
import type { Page } from 'playwright-core';
import { TABS } from '../../common/spec';
import { waitForData } from '../helpers/browser';
import type { RealValues } from '../helpers/realValues';
import { CONTRACT_TEXTS } from '../../src/features/contracts/texts';

export interface ViewCase {
  /** Unique; names the test. */
  name: string;
  path: (v: RealValues) => string;
  /** Every tab of the screen, the default first (none: a plain list). */
  tabs?: readonly string[];
  /** The tab opened by URL (a slug of its label); absent: the first tab. */
  tab?: string;
  /** The accessible name of the tab's paged list, when it has one. */
  pager?: string;
}

const PAGE_TEXT = /^Page (\d+)(?: of (\d+))?$/;

const slug = (tab: string) => tab.toLowerCase().replace(/[^a-z0-9]+/g, '-');

function tabCases(name: string, path: ViewCase['path'], tabs: readonly string[], pagers: Record<string, string>): ViewCase[] {
  return tabs.map((tab, i) => ({ name: `${name} ${tab}`, path, tabs, tab: i === 0 ? undefined : tab, pager: pagers[tab] }));
}

export const VIEW_WALK: readonly ViewCase[] = [
  ...tabCases('all-transactions', () => '/Alltransactions', TABS.allTransactions, { Validated: 'Transactions pages' }),
  ...tabCases('all-blocks', () => '/Allblock', TABS.blocks, { All: 'Blocks pages' }),
  ...tabCases('block', (v) => `/Block/${v.blockNumber}`, TABS.block, {}),
  ...tabCases('transaction', (v) => `/transaction/${v.txHash}`, TABS.transaction, {}),
  ...tabCases('address', (v) => `/address/${v.address}`, TABS.address, {
    Transactions: 'Transactions pages',
    'Token transfers': 'Token transfers pages',
    'Internal txns': 'Internal transactions pages',
  }),
  { name: 'top-accounts', path: () => '/Topaccounts', pager: 'Top accounts pages' },
  { name: 'tokens', path: () => '/Tokens', pager: 'Ruby tokens pages' },
  { name: 'verified-contracts', path: () => '/VerifiedRuby', pager: 'Ruby contracts pages' },
  ...tabCases('token-detail', (v) => `/TokenDetail/${v.token}`, TABS.token, {
    'Token transfers': 'Token transfers pages',
    'Internal txns': 'Internal transactions pages',
  }),
  // The contract page opens on its Transactions tab (issue #25 item 11), then the spec's tabs.
  ...tabCases('contract-detail', (v) => `/contractDetail/${v.dapp}`, [CONTRACT_TEXTS.transactionsTab, ...TABS.contract], {
    'Internal txns': 'Internal transactions pages',
  }),
];

/**
 * What a view shows: the URL's query, the selected tab, the page number and the size chosen
 * (not the page count: the devnet mines a block a second, so counts grow during the walk).
 */
interface Seen {
  query: string;
  tab: string | null;
  page: string | null;
  size: string | null;
}

async function seen(page: Page, c: ViewCase): Promise<Seen> {
  const tab = c.tabs ? await page.locator('[role="tab"][aria-selected="true"]').first().textContent() : null;
  // The list's pager, when it is on screen (another tab of the same screen has none).
  const found = c.pager ? page.getByRole('navigation', { name: c.pager, exact: true }) : null;
  const nav = found && (await found.count()) > 0 ? found : null;
  return {
    query: new URL(page.url()).search,
    tab: tab?.trim() ?? null,
    page: nav
      ? (PAGE_TEXT.exec(((await nav.locator('[aria-current="page"]').textContent({ timeout: 5_000 })) ?? '').trim())?.[1] ?? '?')
      : null,
    size: nav ? await nav.getByRole('combobox').inputValue({ timeout: 5_000 }) : null,
  };
}

/** Waits until the view shows `want` (a same-document move has no load to wait for). */
async function until(page: Page, c: ViewCase, want: Partial<Seen>, what: string): Promise<Seen> {
  const deadline = Date.now() + 20_000;
  let last = await seen(page, c);
  const match = (s: Seen) => Object.entries(want).every(([k, v]) => s[k as keyof Seen] === v);
  while (!match(last)) {
    if (Date.now() > deadline) throw new Error(`${what}: expected ${JSON.stringify(want)}, saw ${JSON.stringify(last)}`);
    await page.waitForTimeout(200);
    last = await seen(page, c);
  }
  return last;
}

/**
 * Checks the view opened by URL, reloads and checks again, then moves (Next or Previous on a list, else another tab), goes Back and
 * Forward and checks each. Returns the failures.
 */
export function viewQuery(c: ViewCase): URLSearchParams {
  const q = new URLSearchParams();
  if (c.tab) q.set('tab', slug(c.tab));
  if (c.pager) {
    q.set('page', '2');
    q.set('ps', '10');
  }
  return q;
}

/** The URL the walk opens for a case: the tab's slug; for a list page 2 at 10 rows a page. */
export function viewUrl(c: ViewCase, v: RealValues): string {
  const q = viewQuery(c);
  return `${c.path(v)}${q.size > 0 ? `?${q.toString()}` : ''}`;
}

/**
 * A request the walk's own Reload or Back cut short (a poll in flight): expected, not a fault.
 * Every other problem (an HTTP error, a console error, a failed request) still counts.
 */
export const cutShort = (problem: string) => /^request failed: .*net::ERR_ABORTED$/.test(problem);

/** `page` has just opened viewUrl(c, v) and its data has arrived (tests/helpers/browser.ts visit). */
export async function walkView(page: Page, c: ViewCase, v: RealValues): Promise<string[]> {
  const q = viewQuery(c);
  const asked = viewUrl(c, v);
  const problems: string[] = [];
  const wantTab = c.tabs ? (c.tab ?? c.tabs[0] ?? null) : null;

  let first = await until(page, c, { tab: wantTab, size: c.pager ? '10' : null }, `open ${asked}`);
  if (c.pager) {
    // Page 2 when the list has two pages of 10; else the machine's correction to page 1 (URL replaced).
    const label = (
      (await page.getByRole('navigation', { name: c.pager, exact: true }).locator('[aria-current="page"]').textContent()) ?? ''
    ).trim();
    const m = PAGE_TEXT.exec(label);
    if (!m) return [`${asked}: pager reads '${label}'`];
    const count = Number(m[2] ?? 0);
    const expected = new URLSearchParams(q);
    if (count < 2) expected.delete('page');
    first = await until(page, c, { query: `?${expected.toString()}`, page: count < 2 ? '1' : '2' }, `open ${asked}`);
  } else if (first.query !== (q.size > 0 ? `?${q.toString()}` : '')) {
    return [`${asked}: URL query became '${first.query}'`];
  }

  await page.reload({ waitUntil: 'load' });
  await waitForData(page, { problems });
  await until(page, c, first, `reload ${asked}`);

  // A move: Next / Previous on a list with another page, else another tab.
  const nav = c.pager ? page.getByRole('navigation', { name: c.pager, exact: true }) : null;
  const next = nav?.getByRole('button', { name: 'Next', exact: true });
  const prev = nav?.getByRole('button', { name: 'Previous', exact: true });
  let moved: Partial<Seen>;
  if (next && (await next.isEnabled())) {
    await next.click();
    moved = await until(page, c, { tab: first.tab, page: String(Number(first.page) + 1) }, `Next on ${asked}`);
  } else if (prev && (await prev.isEnabled())) {
    await prev.click();
    moved = await until(page, c, { tab: first.tab, page: String(Number(first.page) - 1) }, `Previous on ${asked}`);
  } else if (c.tabs && c.tabs.length > 1) {
    const other = c.tabs.find((t) => t !== wantTab) ?? '';
    await page.getByRole('tab', { name: other, exact: true }).click();
    moved = await until(page, c, { tab: other }, `tab ${other} on ${asked}`);
  } else {
    return problems; // one page and no tabs: nothing to move to
  }
  const after = await seen(page, c);
  if (after.query === first.query) return [...problems, `${asked}: the move left the URL at '${after.query}'`];

  await page.goBack();
  await until(page, c, first, `Back on ${asked}`);
  await page.goForward();
  await until(page, c, { ...moved, query: after.query }, `Forward on ${asked}`);
  return problems;
}
