/**
 * Issue #38 item 17, in Debian's chromium against the real product: at 1366 px the address
 * page's Transactions table fits its panel (it was 99 px too wide, hiding Status behind a
 * sideways scroll), and with a login the header keeps "My Account" on one line (it wrapped to a
 * second). At 390 px neither page scrolls sideways. Screenshots in screenshots/layout/.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADER_LINK_LABELS } from '../../common/spec';
import { TOKEN_KEY } from '../../src/lib/authToken';
import { launchBrowser, screenshot, sidewaysOverflow, visit, type ViewportName } from '../helpers/browser';
import { type RunningProduct } from '../helpers/product';
import { sharedProduct } from '../helpers/sharedProduct';
import { realValues, type RealValues } from '../helpers/realValues';

let product: RunningProduct | null = null;
let browser: Browser | null = null;
let values: RealValues | null = null;

beforeAll(async () => {
  product = await sharedProduct();
  values = await realValues(product);
  browser = await launchBrowser();
}, 300_000);
afterAll(async () => {
  await browser?.close();
}, 60_000);

/** How much wider than their own box the page's scrolling tables are, per table caption. */
async function tableOverflow(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() => {
    const out: Record<string, number> = {};
    for (const table of Array.from(document.querySelectorAll('main table'))) {
      let box: HTMLElement | null = table.parentElement;
      while (box && getComputedStyle(box).overflowX === 'visible') box = box.parentElement;
      if (!box) continue;
      const name = table.getAttribute('aria-label') ?? table.querySelector('caption')?.textContent ?? 'table';
      out[name] = box.scrollWidth - box.clientWidth;
    }
    return out;
  });
}

/** Lines the "My Account" link takes (1 = it does not wrap). */
async function accountLines(page: Page): Promise<number> {
  const link = page.locator('#main-nav').getByRole('link', { name: HEADER_LINK_LABELS.account, exact: true });
  return link.evaluate((el) => {
    const lineHeight = parseFloat(getComputedStyle(el).lineHeight) || 20;
    const text = el.firstChild ?? el;
    const range = document.createRange();
    range.selectNodeContents(text);
    const tops = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top / (lineHeight / 2))));
    return tops.size;
  });
}

describe('layout widths (issue #38 item 17)', () => {
  for (const viewport of ['desktop', 'mobile'] as ViewportName[]) {
    for (const scheme of ['light', 'dark'] as const) {
      it(`the address page's transactions fit at ${viewport} (${scheme})`, async () => {
        const v = await visit(browser!, product!.url, `/address/${values!.address}`, {
          viewport,
          waitFor: viewport === 'desktop' ? 'main table' : 'main .card-list',
        });
        try {
          await v.page.emulateMedia({ colorScheme: scheme });
          expect(await sidewaysOverflow(v.page)).toEqual([]);
          if (viewport === 'desktop') {
            const over = await tableOverflow(v.page);
            expect(Object.keys(over).length).toBeGreaterThan(0);
            expect(over).toEqual(Object.fromEntries(Object.keys(over).map((k) => [k, 0])));
          }
          await screenshot(v.page, `layout/address-${viewport}-${scheme}`);
        } finally {
          await v.close();
        }
      }, 120_000);

      it(`logged in, the header keeps "My Account" on one line at ${viewport} (${scheme})`, async () => {
        const v = await visit(browser!, product!.url, '/', { viewport });
        try {
          await v.page.evaluate((key) => localStorage.setItem(key, 'layout-check'), TOKEN_KEY);
          await v.page.reload({ waitUntil: 'load' });
          await v.page.emulateMedia({ colorScheme: scheme });
          await v.page
            .locator('.navbar__logout')
            .first()
            .waitFor({ state: 'visible', timeout: 20_000 })
            .catch(() => undefined);
          if (viewport === 'desktop') {
            expect(await accountLines(v.page)).toBe(1);
            const navTop = await v.page.locator('#main-nav').evaluate((el) => {
              const items = Array.from(el.querySelectorAll('li')).map((li) => Math.round(li.getBoundingClientRect().top));
              return new Set(items).size;
            });
            expect(navTop).toBe(1);
          }
          expect(await sidewaysOverflow(v.page)).toEqual([]);
          await screenshot(v.page, `layout/header-loggedin-${viewport}-${scheme}`);
        } finally {
          await v.close();
        }
      }, 120_000);
    }
  }
});
