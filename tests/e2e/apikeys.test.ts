/**
 * API keys as a user makes them (issue 8), in Debian's chromium against the real product: sign up,
 * create a wallet, then on the dashboard create an API key (shown once, Copy puts it on the
 * clipboard), call the public API with it, revoke it in the panel and see the API refuse it with
 * 403. Screenshots at desktop and mobile in screenshots/apikeys/.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MESSAGES, SCREEN_TITLES } from '../../common/spec';
import { SCREENSHOT_DIR, VIEWPORTS, launchBrowser, screenshot, sidewaysOverflow, type ViewportName } from '../helpers/browser';
import { type RunningProduct } from '../helpers/product';
import { sharedProduct } from '../helpers/sharedProduct';
import { apiPaths } from '../../common/api/paths';

let product: RunningProduct;
let browser: Browser;
const EMAIL = `keys.${Date.now()}@example.com`;
const problems: string[] = [];

beforeAll(async () => {
  product = await sharedProduct();
  browser = await launchBrowser();
  fs.rmSync(path.join(SCREENSHOT_DIR, 'apikeys'), { recursive: true, force: true });
}, 300_000);

afterAll(async () => {
  await browser?.close();
}, 60_000);

async function newPage(viewport: ViewportName): Promise<{ context: BrowserContext; page: Page }> {
  const mobile = viewport === 'mobile';
  const context = await browser.newContext({ viewport: VIEWPORTS[viewport], isMobile: mobile, hasTouch: mobile, reducedMotion: 'reduce' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.url });
  const page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()} ${r.request().method()} ${r.url()}`);
  });
  return { context, page };
}

const callWithKey = async (key: string) => {
  const res = await fetch(`${product.url}${apiPaths.latestBlocks()}`, { headers: { 'x-api-key': key } });
  return { code: res.status, body: (await res.json()) as { status: boolean; message?: string } };
};

it('creates a key on the dashboard, uses it on the public API, revokes it', async () => {
  const { context, page } = await newPage('desktop');
  await page.goto(`${product.url}/Signup`);
  await page.getByRole('heading', { level: 1, name: SCREEN_TITLES.signup }).waitFor();
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password').fill('a long keys password 42');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(`**/Wallet/${EMAIL}`);
  await page.getByRole('button', { name: /Create Wallet/ }).click();
  await page.getByRole('button', { name: 'Accept' }).click();
  await page.getByTestId('private-key').waitFor();
  await page.getByRole('button', { name: 'Copy', exact: true }).click();
  await page.getByRole('button', { name: MESSAGES.keyCopied }).waitFor();
  await page.getByRole('button', { name: 'Go to my wallet' }).click();
  await page.waitForURL('**/Dashboard', { timeout: 60_000 });

  // The panel sits below the dashboard's four tabs (the spec's three and Approvals).
  const panel = page.getByRole('region', { name: 'API keys' });
  await panel.getByText('No API keys yet').waitFor();
  expect(await page.getByRole('tab').count()).toBe(4);
  await panel.getByLabel('Label').fill('my trading bot');
  await panel.getByRole('button', { name: 'Create key' }).click();
  const shown = panel.getByTestId('new-api-key');
  await shown.waitFor();
  const key = (await shown.textContent()) ?? '';
  expect(key).toMatch(/^rbx_[A-Za-z0-9_-]{32}$/);
  await panel.getByText('it will not be shown again').waitFor();
  await panel.getByRole('button', { name: 'Copy key' }).click();
  await page.getByText('API key copied to clipboard').waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await panel.scrollIntoViewIfNeeded();
  await screenshot(page, 'apikeys/desktop/created');

  expect((await callWithKey(key)).code).toBe(200);
  expect((await callWithKey(`rbx_${'Z'.repeat(32)}`)).code).toBe(401);

  await panel.getByRole('button', { name: 'Done' }).click();
  expect(await page.content()).not.toContain(key);
  await panel.getByRole('button', { name: 'Revoke my trading bot' }).click();
  await panel.getByRole('button', { name: 'Confirm revoke' }).click();
  await panel.getByText(/^Revoked /).waitFor();
  await screenshot(page, 'apikeys/desktop/revoked');
  expect(await callWithKey(key)).toEqual({ code: 403, body: { status: false, message: 'API key revoked' } });

  // Mobile: the same session in a phone-sized context.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  await context.close();
  const phone = await newPage('mobile');
  await phone.context.addInitScript((t) => localStorage.setItem('token', t), token ?? '');
  await phone.page.goto(`${product.url}/Dashboard`);
  await phone.page.getByRole('region', { name: 'API keys' }).getByText('my trading bot').waitFor({ timeout: 60_000 });
  expect(await sidewaysOverflow(phone.page)).toEqual([]);
  await screenshot(phone.page, 'apikeys/mobile/dashboard');
  await phone.context.close();
  expect(problems).toEqual([]);
}, 300_000);
