/**
 * The advanced filter in Debian's chromium against the shared product, at 390 and 1366 px, in
 * English and Hindi, by keyboard only: Tab to From, type an address, Enter applies it (the filter
 * is then in the URL, the rows are the API's for it, a table or cards on a phone), n turns the
 * page and p comes back, an impossible filter typed in the form says why (in the page's language)
 * and runs nothing, a link with an unknown token shows the API's 400 reason. No sideways overflow,
 * no blocking accessibility violation, no English left in Hindi. Screenshots in screenshots/filter/.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../common/api/paths';
import type { AdvancedFilterPage } from '../../common/api/advancedFilter';
import { toRubyAddress } from '../../common/address';
import hi from '../../src/locales/hi/filter.json';
import { FILTER_ERRORS } from '../../common/advancedFilter';
import { FILTER_TEXTS } from '../../src/features/filter/texts';
import { axeViolations, formatViolations, launchBrowser, screenshot, sidewaysOverflow, type ViewportName } from '../helpers/browser';
import type { RunningProduct } from '../helpers/product';
import { sharedProduct } from '../helpers/sharedProduct';
import { openHindi, tabTo, withLang, type HiPage } from './flowsHindi/hiPage';

let product: RunningProduct | null = null;
let browser: Browser | null = null;
let sender = '';

beforeAll(async () => {
  product = await sharedProduct();
  browser = await launchBrowser();
  // A sender with more than one page of rows (25): among the senders of the newest 100 rows.
  const get = async (q: Record<string, string | number>) => {
    const res = await fetch(`${product!.url}${apiPaths.advancedFilter(q)}`);
    return res.ok ? ((await res.json()) as AdvancedFilterPage) : null;
  };
  for (let i = 0; i < 120 && !sender; i++) {
    const senders = [...new Set((await get({ size: 100 }))?.result.map((r) => r.from) ?? [])];
    for (const s of senders) {
      if ((await get({ from: s, size: 25 }))?.next) {
        sender = s;
        break;
      }
    }
    if (!sender) await new Promise((r) => setTimeout(r, 2000));
  }
}, 300_000);

afterAll(async () => {
  await browser?.close();
}, 60_000);

/** The words of the page's language. */
const words = (lang: 'en' | 'hi') =>
  lang === 'en'
    ? {
        from: FILTER_TEXTS.from,
        fromBlock: FILTER_TEXTS.fromBlock,
        toBlock: FILTER_TEXTS.toBlock,
        reversed: FILTER_ERRORS.blockRange(9, 3),
      }
    : { from: hi.texts.from, fromBlock: hi.texts.fromBlock, toBlock: hi.texts.toBlock, reversed: '' };

async function rowsShown(page: Page, viewport: ViewportName): Promise<number> {
  const rows = viewport === 'mobile' ? page.locator('main .card-list > li') : page.locator('main table tbody tr');
  await rows.first().waitFor({ timeout: 20_000 });
  return rows.count();
}

describe.each([
  ['desktop', 'en'],
  ['mobile', 'en'],
  ['desktop', 'hi'],
  ['mobile', 'hi'],
] as [ViewportName, 'en' | 'hi'][])('advanced filter at %s width in %s', (viewport, lang) => {
  it('is used by keyboard: apply, turn pages, refuse an impossible filter', async () => {
    expect(sender).toMatch(/^r[0-9a-fA-F]{40}$/);
    const h: HiPage = await openHindi(browser!, product!.url, viewport);
    const { page } = h;
    const w = words(lang);
    try {
      h.expect(/HTTP 400 GET .*advancedFilter\?token=/);
      if (lang === 'hi') await h.go('/advanced-filter');
      else await page.goto(new URL(withLang('/advanced-filter', 'en'), product!.url).toString(), { waitUntil: 'load' });
      await page.getByRole('heading', { level: 1 }).waitFor();

      // Apply: Tab to From, type, Enter.
      await tabTo(page, new RegExp(`^${w.from}$`));
      await page.keyboard.type(sender);
      await page.keyboard.press('Enter');
      await page.waitForURL((u) => u.searchParams.get('from') === sender);
      expect(await rowsShown(page, viewport)).toBe(25);
      if (lang === 'hi') await h.check('filter results', 'main');
      expect(await sidewaysOverflow(page)).toEqual([]);
      expect(formatViolations(await axeViolations(page))).toEqual([]);
      await screenshot(page, `filter/${viewport}-${lang}/results`);

      // n: the next page (a cursor in the URL), p: back to the first.
      await page.locator('body').focus();
      await page.keyboard.press('Escape');
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      const firstHash = await page.locator('main a[href^="/transaction/"]').first().getAttribute('href');
      await page.keyboard.press('n');
      await page.waitForURL((u) => u.searchParams.has('cursor'));
      await page.waitForFunction(
        (href) => document.querySelector('main a[href^="/transaction/"]')?.getAttribute('href') !== href,
        firstHash,
      );
      await page.keyboard.press('p');
      await page.waitForURL((u) => !u.searchParams.has('cursor'));

      // An impossible filter: a reversed block range is refused in the form, nothing runs.
      await tabTo(page, new RegExp(`^${w.fromBlock}$`));
      await page.keyboard.type('9');
      await tabTo(page, new RegExp(`^${w.toBlock}$`));
      await page.keyboard.type('3');
      await page.keyboard.press('Enter');
      const alert = page.locator('form [role="alert"]');
      await alert.waitFor();
      const said = (await alert.textContent()) ?? '';
      if (lang === 'en') expect(said).toBe(w.reversed);
      else expect(said).toMatch(/^पहला ब्लॉक 9 आख़िरी ब्लॉक 3 के बाद है$/);
      expect(new URL(page.url()).searchParams.has('toBlock')).toBe(false);
      if (lang === 'hi') await h.check('reversed range', 'form');

      // A link naming an unknown token: the API's 400, its reason on the page.
      const notToken = toRubyAddress(`0x${'12'.repeat(20)}`);
      if (lang === 'hi') await h.go(`/advanced-filter?token=${notToken}`);
      else await page.goto(new URL(withLang(`/advanced-filter?token=${notToken}`, 'en'), product!.url).toString(), { waitUntil: 'load' });
      const refused = page.locator('main [role="alert"]').last();
      await refused.waitFor({ timeout: 20_000 });
      expect((await refused.textContent()) ?? '').toContain(notToken);
      if (lang === 'hi') {
        expect((await refused.textContent()) ?? '').toContain('अज्ञात टोकन');
        await h.check('unknown token', 'main');
      }
      await screenshot(page, `filter/${viewport}-${lang}/unknown-token`);
      expect(h.failures()).toEqual([]);
    } finally {
      await h.close();
    }
  }, 180_000);
});
