/**
 * Helpers of tests/e2e/deploy.test.ts: a signed-up user with a linked web wallet (made as the
 * wallet screens make it, funded by the devnet itself), keyboard-only navigation (Tab until a
 * control has focus), and the record of every request a page made, to prove no private key left
 * the browser.
 */
import { Wallet, encryptKeystoreJson } from 'ethers';
import type { Page, Request } from 'playwright-core';
import { toRubyAddress } from '../../common/address';
import { paths } from '../../common/api/paths';
import type { RunningProduct } from '../helpers/product';
import { deriveKeys } from '../../common/kdf';
import { KDF_ID } from '../../common/kdfParams';
import { expectNoSecrets, keyAndPassword } from './secretScan';

export interface WebUser {
  email: string;
  password: string;
  wallet: Wallet;
}

async function post<T>(product: RunningProduct, path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${product.url}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/**
 * Registers `email` as the SPA does (the log-in secret derived from the password), links a fresh wallet (keystore
 * under the wallet key) and gives it 1,000 RUBY.
 */
export async function makeWebUser(product: RunningProduct, email: string, password: string): Promise<WebUser> {
  const wallet = new Wallet(Wallet.createRandom().privateKey);
  const keys = deriveKeys(password, email);
  const reg = await post<{ token: string }>(product, paths.register(), { email, password: keys.loginSecret, kdf: KDF_ID });
  const challenge = await fetch(`${product.url}/api${paths.walletChallenge()}`, { headers: { authorization: `Bearer ${reg.token}` } });
  const message = ((await challenge.json()) as { result: { message: string } }).result.message;
  const keystore = await encryptKeystoreJson(wallet, keys.walletKey, { scrypt: { N: 1 << 14 } });
  await post(
    product,
    paths.importWallet(),
    { address: toRubyAddress(wallet.address), message, signature: await wallet.signMessage(message), keystore },
    reg.token,
  );
  // Coins set by the devnet itself: a transfer from a dev account would race the traffic generator's nonces.
  await product.rpc('anvil_setBalance', [wallet.address, `0x${(1000n * 10n ** 18n).toString(16)}`]);
  return { email, password, wallet };
}

/** What Tab should reach: a control whose text is `text`, an input labelled `label`, or a radio of value `radio`. */
export type Target = { text: string } | { label: string } | { radio: string };

/** Presses Tab until the focused element is `target` (keyboard only: no click, no focus()). */
export async function tabTo(page: Page, target: Target): Promise<void> {
  for (let i = 0; i < 120; i++) {
    await page.keyboard.press('Tab');
    const ok = await page.evaluate((t) => {
      const el = document.activeElement;
      if (!el) return false;
      if ('text' in t) return el.textContent?.trim() === t.text;
      if ('radio' in t) return el instanceof HTMLInputElement && el.type === 'radio' && el.value === t.radio;
      const labels = 'labels' in el ? (el as HTMLInputElement).labels : null;
      return !!labels && [...labels].some((l) => (l.textContent ?? '').trim().startsWith(t.label));
    }, target);
    if (ok) return;
  }
  throw new Error(`Tab never reached ${JSON.stringify(target)}`);
}

/** Logs in by keyboard on /Account (where `page` is); the page then lands on the dashboard. */
export async function logIn(page: Page, user: WebUser): Promise<void> {
  await page.getByLabel('Email').waitFor();
  await tabTo(page, { label: 'Email' });
  await page.keyboard.type(user.email);
  await tabTo(page, { label: 'Password' });
  await page.keyboard.type(user.password);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/Dashboard', { timeout: 60_000 });
}

/** Records every request `page` makes from now on. */
export function recordRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (r) => requests.push(r));
  return requests;
}

/** No request carried the user's private key or password (secretScan.ts: any form, any part). */
export function expectNoSecretOf(requests: Request[], user: WebUser): void {
  expectNoSecrets(requests, keyAndPassword(user.wallet.privateKey, user.password));
}
