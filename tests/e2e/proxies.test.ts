/**
 * Issue #27 in Debian's chromium against the real product and devnet, at both widths (light and
 * dark screenshots in screenshots/proxies/): the devnet's EIP-1967 proxy and EIP-1167 clone show
 * "Proxy → implementation" (linked) with the upgrade history; Read as proxy calls the proxy with
 * the verified implementation's ABI (by keyboard); the token-transfer and DEX-swap transactions
 * show their decoded input data and the raw hex on demand.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toRubyAddress } from '../../common/address';
import { apiPaths, paths } from '../../common/api/paths';
import type { ProxyInfo } from '../../common/api/proxy';
import { PROXY_TEXTS } from '../../src/sections/contract/proxyTexts';
import { INPUT_TEXTS } from '../../src/features/transactions/inputDataTexts';
import { counter } from '../../server/chain/trafficProxies';
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
import { REPO_ROOT, type RunningProduct } from '../helpers/product';
import { sharedProduct } from '../helpers/sharedProduct';
import { READ_TEXTS } from '../../src/sections/contract/readTexts';

let product: RunningProduct | null = null;
let browser: Browser | null = null;
let proxies: { proxy: string; implementations: [string, string]; clone: string };
let transferHash = '';
let swapHash = '';

async function proxyOf(address: string): Promise<ProxyInfo | null> {
  const r = await product!.api<{ result: { proxy?: ProxyInfo | null } }>(paths.contractDetail(toRubyAddress(address)));
  return r?.result.proxy ?? null;
}

beforeAll(async () => {
  product = await sharedProduct();
  browser = await launchBrowser();
  // The proxy set is deployed after the demo contracts, so the record may not have it yet.
  const file = path.join(product.dataDir, 'devnet', 'traffic.json');
  let record: { proxies?: typeof proxies } = {};
  for (let i = 0; i < 120 && !record.proxies; i++) {
    record = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as typeof record) : {};
    if (!record.proxies) await new Promise((r) => setTimeout(r, 1000));
  }
  if (!record.proxies) throw new Error('the traffic generator recorded no proxies within 120 s');
  proxies = record.proxies;
  // The proxy set is deployed after the other demo contracts: wait until it is indexed.
  for (let i = 0; i < 180 && !(await proxyOf(proxies.clone)); i++) await new Promise((r) => setTimeout(r, 1000));
  // A visitor verifies the implementation (as anyone may), so Read as proxy has an ABI.
  const res = await fetch(`${product.url}${apiPaths.verifyContract()}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      address: toRubyAddress(proxies.implementations[1]),
      contractName: 'RubyCounterV2',
      source: fs.readFileSync(path.join(REPO_ROOT, 'contracts/RubyCounterV2.sol'), 'utf8'),
      fileName: 'contracts/RubyCounterV2.sol',
      settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: 'cancun' },
    }),
  });
  // 409: another file on the shared product (writeContract's proxy write) verified it first.
  if (!res.ok && res.status !== 409) throw new Error(`verify RubyCounterV2: ${res.status} ${await res.text()}`);
  for (let i = 0; i < 120 && (!transferHash || !swapHash); i++) {
    const list = await product.api<{ result: Array<{ hash: string; transactiontype: number; functionName: string | null }> }>(
      paths.allTx({ page: 1, size: 100 }),
    );
    transferHash ||= list?.result.find((t) => t.transactiontype === 2 && t.functionName === 'transfer')?.hash ?? '';
    swapHash ||= list?.result.find((t) => t.functionName === 'swapExactTokensForTokens')?.hash ?? '';
    if (!transferHash || !swapHash) await new Promise((r) => setTimeout(r, 1000));
  }
}, 400_000);

afterAll(async () => {
  await browser?.close();
}, 60_000);

async function shots(page: Page, name: string): Promise<void> {
  await screenshot(page, `${name}-light`);
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshot(page, `${name}-dark`);
  await page.emulateMedia({ colorScheme: 'light' });
}

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('proxies at %s width', (viewport) => {
  it('the proxy shows its implementation and upgrade history; Read as proxy works by keyboard', async () => {
    const v = await visit(browser!, product!.url, `/contractDetail/${toRubyAddress(proxies.proxy)}?tab=Contract`, {
      viewport,
      waitFor: '#proxy-title',
    });
    const { page } = v;
    try {
      const title = page.locator('#proxy-title');
      expect(await title.innerText()).toContain(`${PROXY_TEXTS.title} ${PROXY_TEXTS.arrow} ${PROXY_TEXTS.implementation}`);
      const implLink = title.getByRole('link', { name: toRubyAddress(proxies.implementations[1]) });
      expect(await implLink.getAttribute('href')).toBe(`/contractDetail/${toRubyAddress(proxies.implementations[1])}`);
      expect(await title.innerText()).toContain('RubyCounterV2');
      const history = page.getByRole('list', { name: PROXY_TEXTS.history });
      const items = await history.getByRole('listitem').allInnerTexts();
      expect(items).toHaveLength(2);
      expect(items[0]).toContain(toRubyAddress(proxies.implementations[1]).slice(0, 12));
      expect(items[1]).toContain(toRubyAddress(proxies.implementations[0]).slice(0, 12));

      await page.getByRole('heading', { name: PROXY_TEXTS.readAsProxy }).waitFor();
      const onChain = BigInt(
        await product!.rpc<string>('eth_call', [{ to: proxies.proxy, data: counter.encodeFunctionData('count') }, 'latest']),
      );
      // A getter without arguments is read when the tab opens (issue #38); its button reads it again.
      const form = page.getByRole('form', { name: /count$/ }).first();
      const refresh = form.getByRole('button', { name: READ_TEXTS.refresh });
      await refresh.focus();
      await page.keyboard.press('Enter');
      const result = form.getByRole('list', { name: /count result/ });
      await result.waitFor({ timeout: 10_000 });
      const shown = BigInt(((await result.innerText()).match(/(\d+)\s*$/) ?? ['', '-1'])[1]!);
      expect(shown).toBeGreaterThanOrEqual(onChain); // the generator may call it again meanwhile
      expect(shown).toBeGreaterThanOrEqual(6n);
      expect(await sidewaysOverflow(page)).toEqual([]);
      expect(formatViolations(await axeViolations(page))).toEqual([]);
      await shots(page, `proxies/${viewport}/proxy`);
      expect(v.problems).toEqual([]);
    } finally {
      await v.close();
    }
  }, 120_000);

  it('the clone shows its implementation', async () => {
    const v = await visit(browser!, product!.url, `/contractDetail/${toRubyAddress(proxies.clone)}`, { viewport, waitFor: '#proxy-title' });
    try {
      const text = await v.page.locator('.proxy-section').innerText();
      expect(text).toContain(PROXY_TEXTS.kinds.eip1167);
      expect(text).toContain(toRubyAddress(proxies.implementations[1]));
      await shots(v.page, `proxies/${viewport}/clone`);
      expect(v.problems).toEqual([]);
    } finally {
      await v.close();
    }
  }, 120_000);

  it.each([
    ['token transfer', () => transferHash, 'transfer(address,uint256)', ['_to', '_value']],
    ['DEX swap', () => swapHash, 'swapExactTokensForTokens(uint256,uint256,address[],address)', ['amountIn', 'amountOutMin', 'path', 'to']],
  ] as const)(
    'the %s shows decoded input data and the raw hex',
    async (name, hash, signature, args) => {
      expect(hash()).toMatch(/^0x[0-9a-f]{64}$/);
      const v = await visit(browser!, product!.url, `/transaction/${hash()}`, { viewport, waitFor: '#input-data-title' });
      const { page } = v;
      try {
        const section = page.locator('section.input-data');
        expect(await section.innerText()).toContain(signature);
        const cells = await section.locator('tbody tr td:nth-child(2)').allInnerTexts();
        expect(cells).toEqual([...args]);
        expect(formatViolations(await axeViolations(page))).toEqual([]);
        await shots(page, `proxies/${viewport}/input-${name.replace(/\s+/g, '-')}`);
        const raw = section.getByRole('button', { name: INPUT_TEXTS.raw });
        await raw.focus();
        await page.keyboard.press('Enter');
        const input = await product!.rpc<{ input: string }>('eth_getTransactionByHash', [hash()]);
        expect(await section.locator('pre').innerText()).toBe(input.input);
        expect(await sidewaysOverflow(page)).toEqual([]);
        await screenshot(page, `proxies/${viewport}/input-${name.replace(/\s+/g, '-')}-raw`);
        expect(v.problems).toEqual([]);
      } finally {
        await v.close();
      }
    },
    120_000,
  );
});
