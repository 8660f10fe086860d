/**
 * Issue #17, the data painted before the JavaScript: the block, transaction and address pages
 * come from the server with their data in the HTML (src/app/shell/renderPage.tsx through
 * server/api/serverRender.ts). In Debian's chromium against the real product: with JavaScript
 * off the data is on screen, in the layout of the width (table or cards); with it on, the SPA
 * starts from the server's state (no request for the data it was given, no console error) and
 * takes over (a tab switches).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_STATE_ID } from '../../common/routeSkeleton';
import { API_PREFIX, paths } from '../../common/api/paths';
import { PAGE_SIZE } from '../../common/spec';
import { launchBrowser } from '../helpers/browser';
import type { RunningProduct } from '../helpers/product';
import { realValues, type RealValues } from '../helpers/realValues';
import { sharedProduct } from '../helpers/sharedProduct';

let product: RunningProduct;
let browser: Browser;
let v: RealValues;

beforeAll(async () => {
  product = await sharedProduct();
  browser = await launchBrowser();
  v = await realValues(product);
}, 300_000);

afterAll(async () => {
  await browser?.close();
}, 60_000);

interface Case {
  page: string;
  /** Text of the data the page shows. */
  text: () => string;
  /** The API call that fetched it before the server rendered it. */
  api: () => string;
}

const CASES: Record<string, Case> = {
  block: { page: `/block/{block}`, text: () => v.blockHash, api: () => paths.block(String(v.blockNumber)) },
  transaction: { page: `/transaction/{tx}`, text: () => v.txHash, api: () => paths.txData(v.txHash) },
  address: {
    page: `/address/{address}`,
    text: () => v.address,
    api: () => paths.userTx({ address: v.address, page: 1, size: PAGE_SIZE }),
  },
};
const pathOf = (c: Case) => c.page.replace('{block}', String(v.blockNumber)).replace('{tx}', v.txHash).replace('{address}', v.address);

async function visibleText(page: Page, text: string): Promise<boolean> {
  return page.evaluate((t) => {
    const main = document.querySelector('main');
    return !!main && (main as HTMLElement).innerText.toLowerCase().includes(t.toLowerCase());
  }, text);
}

describe.each(Object.keys(CASES))('the %s page rendered by the server', (kind) => {
  const c = CASES[kind] as Case;

  it('has its data in the HTML and on screen without JavaScript', async () => {
    // On a loaded machine one render may miss the server's deadline and answer the skeleton page
    // (its designed fallback): a few tries, as a reload would, until one carries the server state.
    let html = '';
    for (let i = 0; i < 4 && !html.includes(`id="${SERVER_STATE_ID}"`); i++) {
      if (i > 0) await new Promise((r) => setTimeout(r, 2_000));
      const res = await fetch(`${product.url}${pathOf(c)}`);
      expect(res.status).toBe(200);
      html = await res.text();
    }
    const root = html.slice(html.indexOf('<div id="root">'), html.indexOf(`id="${SERVER_STATE_ID}"`));
    expect(root.toLowerCase()).toContain(c.text().toLowerCase());
    // Its data is in the page: no preload of the call that would fetch it.
    expect(html).not.toContain(`as="fetch" crossorigin href="${API_PREFIX}${c.api()}"`);

    for (const width of [390, 1366]) {
      const context = await browser.newContext({ viewport: { width, height: 844 }, javaScriptEnabled: false });
      try {
        const page = await context.newPage();
        for (let i = 0; i < 4; i++) {
          if (i > 0) await new Promise((r) => setTimeout(r, 2_000));
          await page.goto(`${product.url}${pathOf(c)}`);
          if ((await page.locator(`#${SERVER_STATE_ID}`).count()) > 0) break;
        }
        expect(await visibleText(page, c.text()), `${kind} at ${width} px`).toBe(true);
        if (kind === 'address') {
          // Both layouts are in the HTML; the stylesheet shows the one for the width.
          const cards = await page.locator('main ul.card-list').first().isVisible();
          const table = await page.locator('main table.table').first().isVisible();
          expect({ width, cards, table }).toEqual({ width, cards: width < 768, table: width >= 768 });
        }
      } finally {
        await context.close();
      }
    }
  });

  it('starts the SPA from the server state: no request for that data, no console error', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    try {
      const page = await context.newPage();
      const asked: string[] = [];
      const errors: string[] = [];
      page.on('request', (r) => {
        const u = new URL(r.url());
        if (u.pathname.startsWith(`${API_PREFIX}/`)) asked.push(u.pathname.slice(API_PREFIX.length));
      });
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${product.url}${pathOf(c)}`, { waitUntil: 'load' });
      // The SPA runs: the header's countdown, a still number in the server's markup, ticks.
      const seconds = () => page.evaluate(() => [...document.querySelectorAll('.countdown__value')].map((e) => e.textContent).join(':'));
      const first = await seconds();
      await expect.poll(seconds, { timeout: 30_000 }).not.toBe(first);
      await page.waitForTimeout(1_000);
      expect(asked).not.toContain(c.api());
      expect(await visibleText(page, c.text())).toBe(true);
      expect(errors).toEqual([]);
      if (kind === 'block') {
        // The SPA took over: its tabs answer.
        const tab = page.getByRole('tab', { name: 'Transactions' });
        await tab.click();
        await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
      }
    } finally {
      await context.close();
    }
  });
});
