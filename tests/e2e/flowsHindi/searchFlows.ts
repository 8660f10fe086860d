/**
 * The search box and the command palette in Hindi, by keyboard (tests/e2e/flowsHindi.test.ts):
 * a hit (a real block number lands on its page), no result (the No results page says why and
 * offers the search again, in Hindi) and a bad input (a malformed hash: no crash, no 500, the same
 * page), at phone width.
 */
import type { Browser } from 'playwright-core';
import { expect } from 'vitest';
import { SEARCH } from '../../../common/spec';
import { PALETTE_TEXTS } from '../../../src/features/search/palette/texts';
import { NO_RESULTS_TEXTS, SEARCH_TEXTS } from '../../../src/sections/search/texts';
import type { RunningProduct } from '../../helpers/product';
import { DIALOG, openHindi } from './hiPage';

const path = (url: string) => new URL(url).pathname;

export async function searchFlow(browser: Browser, product: RunningProduct, blockNumber: number): Promise<string[]> {
  const p = await openHindi(browser, product.url, 'mobile');
  const { page } = p;
  try {
    await p.go('/');
    // A term nothing has: the search data endpoint's 404 is its answer (then the No results page).
    p.expect(/HTTP 404 GET .*\/api\/searchdata\//);
    const box = page.getByRole('search', { name: SEARCH_TEXTS.landmark }).first().getByRole('combobox', { name: SEARCH_TEXTS.inputLabel });
    await box.waitFor();
    expect(await box.getAttribute('placeholder')).toBe(SEARCH.placeholder);
    await p.check('search box', '[role="search"]');
    // A hit: a real block number.
    await box.focus();
    await page.keyboard.type(String(blockNumber));
    await page.keyboard.press('Enter');
    await expect.poll(() => path(page.url()), { timeout: 20_000 }).toBe(`/Block/${blockNumber}`);
    await page.locator('main h1').first().waitFor();

    // No result: a name nothing has; the page says why and offers the search again.
    for (const [term, step] of [
      ['कोईनहीं ऐसा नाम', 'search: no result'],
      [`0x${'ab'.repeat(31)}`, 'search: a bad input (a hash one byte short)'],
    ] as const) {
      const again = page
        .getByRole('search', { name: SEARCH_TEXTS.landmark })
        .first()
        .getByRole('combobox', { name: SEARCH_TEXTS.inputLabel });
      await again.fill(term);
      await again.press('Enter');
      await expect.poll(() => path(page.url()), { timeout: 20_000 }).toBe('/Invalidinput');
      await page.getByText(NO_RESULTS_TEXTS.hint).waitFor();
      await page.getByText(NO_RESULTS_TEXTS.for).waitFor();
      await p.check(step, 'main');
      await p.go('/');
    }

    // The palette: Ctrl+K, a hit, then no result.
    const palette = page.getByRole('dialog', { name: PALETTE_TEXTS.dialogLabel });
    const open = async () => {
      await page.locator('body').focus();
      await page.keyboard.press('Control+k');
      await palette.waitFor({ state: 'visible', timeout: 30_000 });
      await expect.poll(() => palette.getByRole('combobox').evaluate((el) => el === document.activeElement)).toBe(true);
    };
    await open();
    await p.check('palette: open', DIALOG);
    await page.keyboard.type(String(blockNumber));
    const selected = palette.locator('[cmdk-item][data-selected="true"]');
    await expect.poll(() => selected.textContent()).toContain(PALETTE_TEXTS.jumpBlock({ n: blockNumber }));
    await p.check('palette: a block number typed', DIALOG);
    await page.keyboard.press('Enter');
    await expect.poll(() => path(page.url()), { timeout: 20_000 }).toBe(`/Block/${blockNumber}`);
    await open();
    await page.keyboard.type('कुछ भी नहीं मिला');
    await expect.poll(() => selected.textContent()).toContain(PALETTE_TEXTS.searchFor({ term: 'कुछ भी नहीं मिला' }));
    await p.check('palette: a term with no result', DIALOG);
    await page.keyboard.press('Enter');
    await expect.poll(() => path(page.url()), { timeout: 20_000 }).toBe('/Invalidinput');
    await page.getByText(NO_RESULTS_TEXTS.hint).waitFor();
    await p.check('palette: no result page', 'main');
    return p.failures();
  } finally {
    await p.close();
  }
}
