/**
 * The documentation pages in Debian's chromium against the real product, at desktop and mobile
 * width: /Api (overview, copying the base URL, switching sections, a reference entry whose
 * example request really answers) and /rubyWeb3Docs. Screenshots in screenshots/docs/.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABS } from '../../common/spec';
import { API_DOCS_TEXTS as T } from '../../src/features/docs/texts';
import {
  SCREENSHOT_DIR,
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
import { apiPaths, rawPath } from '../../common/api/paths';

let product: RunningProduct | null = null;
let browser: Browser | null = null;

beforeAll(async () => {
  product = await sharedProduct();
  browser = await launchBrowser();
  fs.rmSync(path.join(SCREENSHOT_DIR, 'docs'), { recursive: true, force: true });
}, 300_000);

afterAll(async () => {
  await browser?.close();
}, 60_000);

const shot = (viewport: ViewportName, name: string) => `docs/${viewport}/${name}`;

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('docs pages at %s width', (viewport) => {
  it('/Api: overview, base URL copied, sections with real examples', async () => {
    const v = await visit(browser!, product!.url, '/Api', { viewport, waitFor: '.api-overview__ops' });
    const { page } = v;
    try {
      await expect(page.locator('main h1').textContent()).resolves.toBe('API documentation');
      const nav = page.getByRole('navigation', { name: T.navLabel });
      const items = (await nav.getByRole('button').allTextContents()).map((t) => t.replace(/\d+$/, ''));
      expect(items).toEqual([...TABS.apiDocs]);
      await expect(page.getByText(T.keyNeeded).isVisible()).resolves.toBe(true);
      for (const title of [T.featuresTitle, T.operationsTitle, T.useCasesTitle, T.startTitle]) {
        await expect(page.getByRole('heading', { level: 2, name: title }).isVisible()).resolves.toBe(true);
      }
      expect(await sidewaysOverflow(page)).toEqual([]);
      expect(formatViolations(await axeViolations(page))).toEqual([]);
      await screenshot(page, shot(viewport, 'api-overview'));

      // The base URL copies on click with the spec's alert.
      const baseUrl = `${product!.url}/api`;
      await page.getByRole('button', { name: baseUrl }).click();
      await expect(page.getByRole('status').getByText('URL copied to clipboard').waitFor({ timeout: 5000 })).resolves.toBeUndefined();
      await screenshot(page, shot(viewport, 'api-copied'));

      // Wallet: the balance call, from the server's OpenAPI document, with a real example.
      await nav.getByRole('button', { name: /^Wallet/ }).click();
      const card = page.getByRole('article', { name: 'GET /getBalance/{address}' });
      await card.waitFor({ timeout: 10_000 });
      const request = (await card.getByLabel(`${T.exampleRequest}: GET /getBalance/{address}`, { exact: true }).textContent()) ?? '';
      const url = /"(http[^"]+)"/.exec(request)?.[1];
      expect(url, request).toMatch(new RegExp(`^${baseUrl}${rawPath('balance', 'r[0-9a-fA-F]{40}')}$`));
      const answer = (await (await fetch(url!)).json()) as { status: boolean; result: { balanceWei: string } };
      expect(answer.status).toBe(true);
      const example = JSON.parse(
        (await card.getByLabel(`${T.exampleResponse}: GET /getBalance/{address}`, { exact: true }).textContent()) ?? '',
      ) as typeof answer;
      expect(Object.keys(example.result).sort()).toEqual(Object.keys(answer.result).sort());
      expect(await sidewaysOverflow(page)).toEqual([]);
      await screenshot(page, shot(viewport, 'api-wallet'));
      await card.screenshot({ path: path.join(SCREENSHOT_DIR, `${shot(viewport, 'api-wallet-getBalance')}.png`) });

      await nav.getByRole('button', { name: /^Block/ }).click();
      await page.getByRole('article', { name: 'GET /getBlockNumberdata/{block}' }).waitFor({ timeout: 10_000 });
      expect(page.url()).toMatch(/\/Api#Block$/);
      expect(await sidewaysOverflow(page)).toEqual([]);
      expect(formatViolations(await axeViolations(page))).toEqual([]);
      await screenshot(page, shot(viewport, 'api-block'));
      expect(v.problems).toEqual([]);
    } finally {
      await v.close();
    }
  });

  it('/rubyWeb3Docs: every topic with its example code', async () => {
    const v = await visit(browser!, product!.url, '/rubyWeb3Docs', { viewport });
    const { page } = v;
    try {
      await expect(page.locator('main h1').textContent()).resolves.toBe('rubyWeb3 Docs');
      const headings = await page.locator('main h2').allTextContents();
      expect(headings).toEqual([
        'Install',
        'Connect',
        'Wallet creation',
        'Balance',
        'Sending coins',
        'Sending tokens',
        'Transaction queries',
        'Block queries',
        'Address checks',
        'Errors',
      ]);
      await expect(page.getByLabel('Example: Address checks (addressChecks.ts)', { exact: true }).textContent()).resolves.toContain(
        'getAddressbyprivateKey(privateKey)',
      );
      expect(await sidewaysOverflow(page)).toEqual([]);
      expect(formatViolations(await axeViolations(page))).toEqual([]);
      await screenshot(page, shot(viewport, 'rubyweb3'));
      expect(v.problems).toEqual([]);
    } finally {
      await v.close();
    }
  });
});

it('the documented API refuses a bad key with a JSON 401 and serves anonymous calls', async () => {
  const bad = await fetch(`${product!.url}${apiPaths.latestBlocks()}`, { headers: { 'x-api-key': 'rbx_not-a-real-key' } });
  expect(bad.status).toBe(401);
  await expect(bad.json()).resolves.toEqual({ status: false, message: 'Invalid API key' });
  const anon = await fetch(`${product!.url}${apiPaths.latestBlocks({ apikey: '' })}`);
  expect(anon.status).toBe(200);
});
