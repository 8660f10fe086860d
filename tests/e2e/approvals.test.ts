/**
 * Approvals in Debian's chromium against the shared product and its devnet: a user whose web
 * wallet is linked has given two allowances (its own transactions, signed here with its key); it
 * logs in by keyboard, opens its approvals (the address page's tab at 1366 px, the dashboard's at
 * 390 px), and revokes one at each width by keyboard alone: Tab to Revoke, Enter, the account
 * password, Enter on the focused Confirm (the fee shown first). The row turns "Revoked", the
 * chain's allowance is 0, and no request the page made carried the key or the password.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Interface, JsonRpcProvider, MaxUint256, Wallet, encryptKeystoreJson } from 'ethers';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { toRubyAddress } from '../../common/address';
import type { ApprovalsPage } from '../../common/api/approvals';
import { paths } from '../../common/api/paths';
import { deriveKeys } from '../../common/kdf';
import { KDF_ID } from '../../common/kdfParams';
import { APPROVALS_TEXTS } from '../../src/sections/approvals/texts';
import { VIEWPORTS, launchBrowser, screenshot, sidewaysOverflow, type ViewportName } from '../helpers/browser';
import { productAccounts } from '../helpers/devKeys';
import type { RunningProduct } from '../helpers/product';
import { sharedProduct } from '../helpers/sharedProduct';
import { expectNoSecrets, keyAndPassword } from './secretScan';
import { fromDev, inputLabelled, postJson, tabTo } from './writeContractHelpers';

let product: RunningProduct;
let browser: Browser;
let provider: JsonRpcProvider;
const EMAIL = `approver.${Date.now()}@example.com`;
const PASSWORD = 'a long approvals password 7';
const user = new Wallet(Wallet.createRandom().privateKey);
const SPENDERS = [Wallet.createRandom().address, Wallet.createRandom().address];
let tokens: string[] = [];
const erc20 = new Interface([
  'function approve(address spender, uint256 amount) returns (bool)',
  'function allowance(address owner, address spender) view returns (uint256)',
]);
const problems: string[] = [];

const post = <T>(apiPath: string, body: unknown, token?: string) => postJson<T>(product.url, apiPath, body, token);
const allowance = async (i: number) =>
  BigInt(await provider.call({ to: tokens[i], data: erc20.encodeFunctionData('allowance', [user.address, SPENDERS[i]]) }));

beforeAll(async () => {
  product = await sharedProduct();
  browser = await launchBrowser();
  provider = new JsonRpcProvider(product.rpcUrl, undefined, { staticNetwork: true, polling: true, pollingInterval: 250 });
  const record = JSON.parse(fs.readFileSync(path.join(product.dataDir, 'devnet', 'traffic.json'), 'utf8')) as {
    tokens: { address: string }[];
  };
  tokens = record.tokens.slice(0, 2).map((t) => t.address);

  // The user, as the wallet screens make it: the log-in secret from the password, the keystore under the wallet key.
  const keys = deriveKeys(PASSWORD, EMAIL);
  const reg = await post<{ token: string }>(paths.register(), { email: EMAIL, password: keys.loginSecret, kdf: KDF_ID });
  const challenge = await fetch(`${product.url}/api${paths.walletChallenge()}`, { headers: { authorization: `Bearer ${reg.token}` } });
  const message = ((await challenge.json()) as { result: { message: string } }).result.message;
  const keystore = await encryptKeystoreJson(user, keys.walletKey, { scrypt: { N: 1 << 14 } });
  await post(
    paths.importWallet(),
    { address: toRubyAddress(user.address), message, signature: await user.signMessage(message), keystore },
    reg.token,
  );
  const funder = productAccounts(product.dataDir).wallet(7).connect(provider);
  await fromDev(provider, (nonce) => funder.sendTransaction({ to: user.address, value: 5n * 10n ** 18n, nonce }), funder.address);
  // Two allowances the user gives (no balance needed): unlimited on the first token, finite on the second.
  const signer = user.connect(provider);
  for (const [i, amount] of [MaxUint256, 25n * 10n ** 18n].entries()) {
    await fromDev(
      provider,
      (nonce) => signer.sendTransaction({ to: tokens[i], data: erc20.encodeFunctionData('approve', [SPENDERS[i], amount]), nonce }),
      user.address,
    );
  }
  for (let i = 0; ; i++) {
    const r = await product.api<ApprovalsPage>(paths.approvals({ address: toRubyAddress(user.address), page: 1, size: 10 }));
    if (r?.result.length === 2) break;
    if (i > 120) throw new Error('approvals not indexed');
    await new Promise((res) => setTimeout(res, 500));
  }
}, 400_000);

afterAll(async () => {
  await browser?.close();
}, 60_000);

async function newPage(viewport: ViewportName): Promise<{ context: BrowserContext; page: Page; requests: Request[] }> {
  const mobile = viewport === 'mobile';
  const context = await browser.newContext({ viewport: VIEWPORTS[viewport], isMobile: mobile, hasTouch: mobile, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const requests: Request[] = [];
  page.on('request', (r) => requests.push(r));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  return { context, page, requests };
}

async function logIn(page: Page): Promise<void> {
  await page.goto(`${product.url}/Account`);
  await page.getByLabel('Email').waitFor();
  await tabTo(page, 'Email', inputLabelled('Email'));
  await page.keyboard.type(EMAIL);
  await tabTo(page, 'Password', inputLabelled('Password'));
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/Dashboard', { timeout: 60_000 });
}

/** Tab to the Revoke of the row whose spender is SPENDERS[i], Enter, unlock, confirm: the row turns "Revoked". */
async function revokeByKeyboard(page: Page, i: number, shot: string): Promise<void> {
  const spender = toRubyAddress(SPENDERS[i] as string);
  const name = new RegExp(`^${APPROVALS_TEXTS.revoke} .* → ${spender.slice(0, 8)}`);
  const button = page.getByRole('button', { name });
  await button.waitFor({ timeout: 30_000 });
  for (let n = 0; n < 250 && !(await button.evaluate((el) => el === document.activeElement)); n++) await page.keyboard.press('Tab');
  expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.press('Enter');
  const password = page.getByLabel(APPROVALS_TEXTS.password);
  await password.waitFor({ timeout: 30_000 });
  expect(await password.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('button', { name: APPROVALS_TEXTS.confirm });
  await confirm.waitFor({ timeout: 30_000 });
  expect(await page.getByRole('group', { name: APPROVALS_TEXTS.confirmTitle }).textContent()).toMatch(/RUBY/);
  expect(await confirm.evaluate((el) => el === document.activeElement)).toBe(true);
  await screenshot(page, `${shot}-confirm`);
  await page.keyboard.press('Enter');
  await page.getByText(APPROVALS_TEXTS.done).waitFor({ timeout: 90_000 });
  expect(await page.getByText(APPROVALS_TEXTS.revoked, { exact: true }).count()).toBe(1);
  await screenshot(page, `${shot}-revoked`);
  expect(await allowance(i)).toBe(0n);
  expect(await sidewaysOverflow(page)).toEqual([]);
}

it('revokes by keyboard on the address page at 1366 px: the row says Revoked, the allowance is 0, no key in any request', async () => {
  const { context, page, requests } = await newPage('desktop');
  try {
    await logIn(page);
    await page.goto(`${product.url}/address/${toRubyAddress(user.address)}?tab=approvals`);
    await page.getByText(APPROVALS_TEXTS.unlimited, { exact: true }).first().waitFor({ timeout: 30_000 });
    expect(await allowance(0)).toBe(MaxUint256);
    await revokeByKeyboard(page, 0, 'approvals/desktop/light');
    expectNoSecrets(requests, keyAndPassword(user.privateKey, PASSWORD), 5);
  } finally {
    await context.close();
  }
}, 300_000);

it('revokes by keyboard on the dashboard at 390 px', async () => {
  const { context, page, requests } = await newPage('mobile');
  try {
    await logIn(page);
    await page.goto(`${product.url}/Dashboard?tab=approvals`);
    expect(await allowance(1)).toBe(25n * 10n ** 18n);
    await revokeByKeyboard(page, 1, 'approvals/mobile/light');
    expectNoSecrets(requests, keyAndPassword(user.privateKey, PASSWORD), 5);
  } finally {
    await context.close();
  }
  expect(problems).toEqual([]);
}, 300_000);
