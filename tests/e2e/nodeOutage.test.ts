/**
 * A node outage in Debian's chromium against the real product: the product follows a devnet
 * this test starts (RUBY_RPC_URL) and stops with SIGSTOP, as the issue measured it. The banner
 * "The node is not answering; data as of block N" appears with the last indexed block on every
 * page and clears by itself within 15 s of SIGCONT. Screenshots at 1366×900 and 390×844 while it
 * shows land in screenshots/node-outage/.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet, type Devnet } from '../../server/chain/devnet';
import { NODE_BANNER } from '../../src/app/layout/NodeBanner';
import { SCREENSHOT_DIR, launchBrowser, screenshot, sidewaysOverflow, visit, type Visit } from '../helpers/browser';
import { startProduct, type Product } from '../helpers/product';

interface StatusAnswer {
  result: { indexedBlock: number | null; node?: { reachable: boolean; lastBlock: number | null } };
}

/** The bound for the banner to clear after the node answers again. */
const CLEAR_WITHIN_MS = 15_000;

let dir = '';
let devnet: Devnet | null = null;
let product: Product | null = null;
let browser: Browser | null = null;
let stopped = false;

function resume(): void {
  if (stopped && devnet?.pid !== undefined) process.kill(devnet.pid, 'SIGCONT');
  stopped = false;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ruby-outage-'));
  devnet = await startDevnet({ dataDir: dir, port: 0, chainId: 18215, blockTime: 1 });
  product = await startProduct({ label: 'node-outage', env: { RUBY_RPC_URL: devnet.url, TRAFFIC: 'false' }, waitForTraffic: false, minIndexedBlock: 3 });
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  resume();
  await browser?.close();
  await product?.stop();
  await devnet?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
}, 60_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The window as the visitor sees it (the full-page shots are several screens tall). */
async function viewportShot(v: Visit, name: string): Promise<void> {
  const file = path.join(SCREENSHOT_DIR, 'node-outage', `${name}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await v.page.screenshot({ path: file, animations: 'disabled' });
}

describe('node outage in the browser', () => {
  const visits: Visit[] = [];
  afterAll(async () => {
    for (const v of visits) await v.close();
  });

  it('shows the banner with the last indexed block while the node is stopped, and clears it by itself', async () => {
    if (!browser || !product || !devnet?.pid) throw new Error('set-up failed');
    const desktop = await visit(browser, product.url, '/', { viewport: 'desktop' });
    visits.push(desktop);
    expect(desktop.problems).toEqual([]);
    const banner = (v: Visit) => v.page.getByRole('status').filter({ hasText: 'The node is not answering' });
    expect(await banner(desktop).count()).toBe(0);

    process.kill(devnet.pid, 'SIGSTOP');
    stopped = true;
    const t0 = Date.now();
    try {
      // Detection (two missed probes, ~5 s) plus one poll of the page (10 s while all is well).
      await banner(desktop).waitFor({ state: 'visible', timeout: 45_000 });
      const shownAfter = Date.now() - t0;
      const st = await product.api<StatusAnswer>('/indexing-status');
      const lastBlock = st?.result.node?.lastBlock ?? null;
      expect(st?.result.node?.reachable).toBe(false);
      expect(lastBlock).not.toBeNull();
      const expected = NODE_BANNER.asOfBlock.replace('{n}', String(lastBlock));
      // The status is polled every 3 s while the node is down; the text names the block the data is as of.
      await expect.poll(async () => (await banner(desktop).textContent())?.trim(), { timeout: 10_000 }).toBe(expected);
      await screenshot(desktop.page, 'node-outage/home-desktop');
      await viewportShot(desktop, 'home-desktop-top');

      // A fresh page opened during the outage: it loads from the database and shows the banner too.
      const mobile = await visit(browser, product.url, '/', { viewport: 'mobile' });
      visits.push(mobile);
      await banner(mobile).waitFor({ state: 'visible', timeout: 30_000 });
      expect((await banner(mobile).textContent())?.trim()).toBe(expected);
      expect(await sidewaysOverflow(mobile.page)).toEqual([]);
      await screenshot(mobile.page, 'node-outage/home-mobile');
      await viewportShot(mobile, 'home-mobile-top');
      // The dark theme (from the OS setting) has its own banner colours.
      await mobile.page.emulateMedia({ colorScheme: 'dark' });
      await viewportShot(mobile, 'home-mobile-top-dark');
      await mobile.page.emulateMedia({ colorScheme: 'light' });
      const blocks = await visit(browser, product.url, '/Allblock', { viewport: 'desktop' });
      visits.push(blocks);
      await banner(blocks).waitFor({ state: 'visible', timeout: 30_000 });
      console.log(`node outage (browser): banner shown ${shownAfter} ms after SIGSTOP: "${expected}"`);
      // Ten seconds or more of the outage in all, the way the measurement ran.
      await sleep(Math.max(0, 10_000 - (Date.now() - t0)));
      for (const v of [desktop, mobile, blocks]) expect(v.problems).toEqual([]);
    } finally {
      resume();
    }

    const back = Date.now();
    await Promise.all([desktop, ...visits.slice(1)].map((v) => banner(v).waitFor({ state: 'hidden', timeout: CLEAR_WITHIN_MS })));
    const clearedAfter = Date.now() - back;
    console.log(`node outage (browser): banner cleared on every page ${clearedAfter} ms after SIGCONT`);
    expect(clearedAfter).toBeLessThanOrEqual(CLEAR_WITHIN_MS);
    for (const v of visits) expect(v.problems).toEqual([]);
  });
});
