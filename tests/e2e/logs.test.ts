/**
 * The Logs tab in Debian's chromium against the real product, at desktop and mobile width: a DEX
 * swap of the traffic generator, its logs decoded (the pair's Swap with named, typed arguments,
 * the tokens' Transfers), no sideways overflow, no accessibility violation, no console error.
 * Screenshots in screenshots/logs/.
 */
import type { Browser } from 'playwright-core';
import { id } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_TEXTS } from '../../src/features/transactions/texts';
import {
  VIEWPORTS,
  axeViolations,
  formatViolations,
  launchBrowser,
  screenshot,
  sidewaysOverflow,
  visit,
  type ViewportName,
} from '../helpers/browser';
import { type RunningProduct } from '../helpers/product';
import { sharedProduct } from '../helpers/sharedProduct';

const SWAP_TOPIC = id('Swap(address,uint256,uint256,uint256,uint256,address)');
let product: RunningProduct | null = null;
let browser: Browser | null = null;
let swapHash = '';

beforeAll(async () => {
  product = await sharedProduct();
  browser = await launchBrowser();
  // The traffic generator swaps every few blocks: wait for an indexed one.
  for (let i = 0; i < 120 && !swapHash; i++) {
    const found = await product.api<{ status: string; result: Array<{ transactionHash: string }> }>(
      `?module=logs&action=getLogs&fromBlock=0&toBlock=latest&topic0=${SWAP_TOPIC}&page=1&offset=1`,
    );
    swapHash = found?.status === '1' ? found.result[0]!.transactionHash : '';
    if (!swapHash) await new Promise((r) => setTimeout(r, 1000));
  }
}, 300_000);

afterAll(async () => {
  await browser?.close();
}, 60_000);

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('Logs tab at %s width', (viewport) => {
  it("shows a swap's logs decoded", async () => {
    expect(swapHash).toMatch(/^0x[0-9a-f]{64}$/);
    const v = await visit(browser!, product!.url, `/transaction/${swapHash}`, { viewport, waitFor: '[role="tab"]' });
    const { page } = v;
    try {
      await page.getByRole('tab', { name: LOG_TEXTS.tab }).click();
      const list = page.getByRole('list', { name: LOG_TEXTS.caption });
      await list.waitFor({ timeout: 10_000 });
      const text = (await list.textContent()) ?? '';
      expect(text).toContain(
        'Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)',
      );
      expect(text).toContain('Transfer(address indexed from, address indexed to, uint256 value)');
      expect(text).toContain(LOG_TEXTS.standardAbi);
      expect(await sidewaysOverflow(page)).toEqual([]);
      expect(formatViolations(await axeViolations(page))).toEqual([]);
      await screenshot(page, `logs/${viewport}/swap-logs`);
      expect(v.problems).toEqual([]);
    } finally {
      await v.close();
    }
  }, 120_000);
});
