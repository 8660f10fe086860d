/**
 * The command palette in Debian's chromium against the real product: opened by keyboard only
 * (Ctrl+K and '/'), it jumps to a real block by number and to a real transaction by hash, runs
 * the search machine for a real token name (landing on that token's page), goes to a header
 * page, and the "g" then letter shortcut works too. Screenshots of the open palette at desktop
 * and mobile width land in screenshots/palette/.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, visit, type Visit } from '../helpers/browser';
import { startProduct, type Product } from '../helpers/product';
import { realValues, type RealValues } from '../helpers/realValues';
import { paths } from '../../common/api/paths';

let product: Product | null = null;
let browser: Browser | null = null;
let values: RealValues | null = null;
let token: { name: string; address: string } | null = null;

interface ContractItem {
  contractname: string;
  contract_address: string;
  contractType: string;
}

beforeAll(async () => {
  product = await startProduct({ label: 'palette' });
  values = await realValues(product);
  const list = (await product.api<{ result: ContractItem[] }>(paths.searchContract()))?.result ?? [];
  const mine = list.find((c) => c.contract_address.toLowerCase() === values?.token.toLowerCase());
  if (!mine) throw new Error(`token ${values.token} is not in /searchcontract`);
  // The flow matches names exactly and takes the first contract of that name.
  const first = list.find((c) => c.contractname.toLowerCase() === mine.contractname.toLowerCase()) as ContractItem;
  token = { name: mine.contractname, address: first.contract_address };
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await product?.stop();
}, 60_000);

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });
const paletteInput = (page: Page) => dialog(page).getByRole('combobox');

async function openWith(page: Page, keys: string) {
  await page.keyboard.press(keys);
  await dialog(page).waitFor({ state: 'visible', timeout: 30_000 });
  await expect.poll(() => paletteInput(page).evaluate((el) => el === document.activeElement)).toBe(true);
}

async function heading(page: Page): Promise<string> {
  const h = page.locator('main h1').first();
  await h.waitFor({ state: 'visible', timeout: 20_000 });
  return (await h.textContent()) ?? '';
}

const path = (page: Page) => new URL(page.url()).pathname;

describe('command palette (keyboard only)', () => {
  let desktop: Visit | null = null;
  afterAll(async () => desktop?.close());

  it('Ctrl+K opens it; a block number jumps to that block', async () => {
    if (!browser || !product || !values) throw new Error('not started');
    desktop = await visit(browser, product.url, '/', { viewport: 'desktop' });
    const { page } = desktop;
    await openWith(page, 'Control+k');
    await page.keyboard.type(String(values.blockNumber));
    await expect
      .poll(() => dialog(page).locator('[cmdk-item][data-selected="true"]').textContent())
      .toContain(`Block #${values.blockNumber}`);
    await screenshot(page, 'palette/desktop-open');
    await page.keyboard.press('Enter');
    await expect.poll(() => path(page), { timeout: 20_000 }).toBe(`/Block/${values.blockNumber}`);
    expect(await heading(page)).toContain(`Block #${values.blockNumber}`);
    expect(await dialog(page).count()).toBe(0);
  });

  it("'/' opens it; a transaction hash jumps to the transaction", async () => {
    if (!desktop || !values) throw new Error('not started');
    const { page } = desktop;
    await page.locator('body').focus();
    await openWith(page, '/');
    await page.keyboard.type(values.txHash);
    await page.keyboard.press('Enter');
    await expect.poll(() => path(page), { timeout: 20_000 }).toBe(`/transaction/${values.txHash}`);
    expect(await heading(page)).toBe('Transaction Detail');
  });

  it('a token name runs the search flow and lands on the token page', async () => {
    if (!desktop || !token) throw new Error('not started');
    const { page } = desktop;
    await openWith(page, 'Control+k');
    await page.keyboard.type(token.name);
    const selected = dialog(page).locator('[cmdk-item][data-selected="true"]');
    await expect.poll(() => selected.textContent()).toContain(`Search for “${token.name}”`);
    await page.keyboard.press('Enter');
    await expect.poll(() => path(page), { timeout: 20_000 }).toBe(`/TokenDetail/${token.address}`);
    // The search was saved to the history, which the palette lists next time.
    await openWith(page, 'Control+k');
    await expect.poll(() => dialog(page).getByRole('option', { name: token?.name, exact: true }).count()).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog(page).count()).toBe(0);
  });

  it('a header page by keyboard: typed, picked with the arrows, and by "g" then a letter', async () => {
    if (!desktop) throw new Error('not started');
    const { page } = desktop;
    await openWith(page, 'Control+k');
    await page.keyboard.type('Charts');
    const selected = dialog(page).locator('[cmdk-item][data-selected="true"]');
    for (let i = 0; i < 10 && !((await selected.textContent()) ?? '').startsWith('Charts & stats'); i++)
      await page.keyboard.press('ArrowDown');
    expect(await selected.textContent()).toContain('Charts & stats');
    await page.keyboard.press('Enter');
    await expect.poll(() => path(page), { timeout: 20_000 }).toBe('/Chart');

    await page.locator('body').focus();
    await page.keyboard.press('g');
    await page.keyboard.press('b');
    await expect.poll(() => path(page), { timeout: 20_000 }).toBe('/Allblock');
    expect(desktop.problems).toEqual([]);
  });

  it('at mobile width the open palette fits the screen', async () => {
    if (!browser || !product || !token) throw new Error('not started');
    const name = token.name;
    const mobile = await visit(browser, product.url, '/', { viewport: 'mobile' });
    try {
      const { page } = mobile;
      await openWith(page, 'Control+k');
      await page.keyboard.type(name.slice(0, 3));
      // "Search for …" and the matching contracts (by name) at least.
      await expect
        .poll(
          () =>
            dialog(page)
              .getByRole('option', { name: new RegExp(name) })
              .count(),
          { timeout: 15_000 },
        )
        .toBeGreaterThan(0);
      const box = await dialog(page).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
      await screenshot(page, 'palette/mobile-open');
      expect(mobile.problems).toEqual([]);
    } finally {
      await mobile.close();
    }
  });
});
