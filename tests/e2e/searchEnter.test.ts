/**
 * Issue #38 item 5, in Debian's chromium against the real product: a token's symbol typed into the search box and
 * Enter pressed at once (no pause for the suggestions) opens the token's page, as a pause did before; the same for
 * the DEX router's public name tag. Only a browser shows the race between typing, the suggestions and Enter.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../common/api/paths';
import type { SearchContractItem } from '../../common/api/search';
import { launchBrowser, visit, type Visit } from '../helpers/browser';
import { type RunningProduct } from '../helpers/product';
import { sharedProduct } from '../helpers/sharedProduct';

let product: RunningProduct | null = null;
let browser: Browser | null = null;
let list: SearchContractItem[] = [];

beforeAll(async () => {
  product = await sharedProduct();
  list = (await product.api<{ result: SearchContractItem[] }>(paths.searchContract()))?.result ?? [];
  browser = await launchBrowser();
}, 300_000);
afterAll(async () => {
  await browser?.close();
}, 60_000);

const where = (page: Page) => decodeURIComponent(new URL(page.url()).pathname);

describe('search box: Enter at once', () => {
  let v: Visit | null = null;
  afterAll(async () => v?.close());

  for (const [what, pick, expectPath] of [
    [
      'a token symbol (RUSD)',
      (c: SearchContractItem) => c.symbol === 'RUSD',
      (c: SearchContractItem) => `/TokenDetail/${c.contract_address}`,
    ],
    [
      'a name tag (Ruby DEX Router)',
      (c: SearchContractItem) => c.tag === 'Ruby DEX Router',
      (c: SearchContractItem) => `/contractDetail/${c.contract_address}`,
    ],
  ] as const) {
    it(`${what} typed and Enter pressed at once opens its page`, async () => {
      if (!browser || !product) throw new Error('not started');
      const hit = list.find(pick);
      if (!hit) throw new Error(`${what} is not in /searchcontract: ${JSON.stringify(list)}`);
      const term = hit.symbol === 'RUSD' ? 'RUSD' : (hit.tag as string);
      v = await visit(browser, product.url, '/', { viewport: 'desktop' });
      const box = v.page.getByRole('combobox', { name: 'Search the blockchain' });
      await box.click();
      await box.pressSequentially(term, { delay: 10 });
      await box.press('Enter');
      await expect.poll(() => where(v!.page), { timeout: 20_000 }).toBe(expectPath(hit));
      await v.close();
      v = null;
    }, 120_000);
  }
});
