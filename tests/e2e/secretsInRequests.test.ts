/**
 * Issue #45 in Debian's chromium against the real product: every request the SPA makes (and
 * every socket frame it sends) while a user signs up, creates a wallet, logs in on another
 * device and changes the password there (then logs in with the new one), and a second user
 * signs up and imports a key, is recorded; neither password (old or new) nor
 * private key appears in any path, query, header or body. Then an account and keystore written
 * the old way (the password itself sent, the keystore under the password) logs in through the
 * SPA and is moved over: the wallet comes back, the old form is refused afterwards. Last, the
 * key derivation at 4× CPU throttling (CDP Emulation.setCPUThrottlingRate) with its progress bar;
 * the time it prints is the figure bench/README.md keeps against the 1.5 s budget.
 */
import { Wallet, decryptKeystoreJson, encryptKeystoreJson } from 'ethers';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { toRubyAddress } from '../../common/address';
import { paths } from '../../common/api/paths';
import { deriveKeys } from '../../common/kdf';
import { KDF_ID } from '../../common/kdfParams';
import { MESSAGES } from '../../common/spec';
import { KDF_MEASURE } from '../../src/lib/kdfClient';
import { launchBrowser } from '../helpers/browser';
import type { RunningProduct } from '../helpers/product';
import { sharedProduct } from '../helpers/sharedProduct';

let product: RunningProduct;
let browser: Browser;
const run = Date.now().toString(36);
const PASSWORD = 'a long wallet password 45';
const IMPORT_PASSWORD = 'another long password 45';
const NEW_PASSWORD = 'a changed wallet password 45';

interface Recorded {
  /** A request as it starts (method, URL, headers, body), the headers as finally sent, or a socket frame. */
  kind: 'request' | 'headers' | 'frame';
  what: string;
  text: string;
}
const recorded: Recorded[] = [];
const pending: Promise<void>[] = [];

beforeAll(async () => {
  product = await sharedProduct();
  browser = await launchBrowser();
}, 300_000);
afterAll(async () => {
  await browser?.close();
}, 60_000);

/** A fresh browser context whose every request and sent socket frame is recorded in full. */
async function recordingPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.url });
  context.on('request', (r) => {
    // The headers as sent: allHeaders() once the request is on its way; headers() now, in case
    // the context closes first.
    const what = `${r.method()} ${r.url()}`;
    recorded.push({ kind: 'request', what, text: [r.method(), r.url(), JSON.stringify(r.headers()), r.postData() ?? ''].join('\n') });
    pending.push(
      r.allHeaders().then(
        (headers) => void recorded.push({ kind: 'headers', what, text: JSON.stringify(headers) }),
        () => undefined,
      ),
    );
  });
  const page = await context.newPage();
  page.on('websocket', (ws) =>
    ws.on('framesent', (f) => recorded.push({ kind: 'frame', what: `socket ${ws.url()}`, text: String(f.payload) })),
  );
  return { context, page };
}

async function api<T>(method: 'GET' | 'POST', apiPath: string, body?: unknown, token?: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`${product.url}/api${apiPath}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as T };
}

async function signUp(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${product.url}/Signup`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(`**/Wallet/${email}`, { timeout: 60_000 });
}

async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${product.url}/Account`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/Dashboard', { timeout: 60_000 });
  await page.getByText(MESSAGES.loginSuccess).waitFor();
}

const secrets: { name: string; value: string }[] = [];
const forms = (v: string) => [v, encodeURIComponent(v), Buffer.from(v).toString('base64'), v.replace(/^0x/, '')];

it('sign-up, create, log-in and import send neither password nor private key anywhere', async () => {
  recorded.length = 0; // a retry starts afresh
  pending.length = 0;
  const email = `split.${run}@example.com`;
  const first = await recordingPage();
  await signUp(first.page, email, PASSWORD);
  // The progress of the derivation was shown while it ran.
  await first.page.getByRole('button', { name: /Create Wallet/ }).click();
  await first.page.getByRole('button', { name: 'Accept' }).click();
  const keyBox = first.page.getByTestId('private-key');
  await keyBox.waitFor();
  const created = (await keyBox.textContent()) ?? '';
  expect(created).toMatch(/^0x[0-9a-f]{64}$/);
  await first.page.getByRole('button', { name: 'Copy', exact: true }).click();
  await first.page.getByRole('button', { name: 'Go to my wallet' }).click();
  await first.page.waitForURL('**/Dashboard', { timeout: 60_000 });
  await first.page.getByTestId('wallet-address').waitFor();
  await first.context.close();

  // Another device: the keystore opens with the wallet key derived here.
  const second = await recordingPage();
  await logIn(second.page, email, PASSWORD);
  expect(await second.page.getByTestId('wallet-address').textContent()).toBe(toRubyAddress(new Wallet(created).address));
  await second.page.getByRole('button', { name: 'Send', exact: true }).first().click();
  await expect(second.page.getByRole('dialog').getByLabel('Account password').count()).resolves.toBe(0);
  await second.page.keyboard.press('Escape');
  // Change password on the dashboard: both keys derived here, ONE POST /rekey.
  await second.page.getByLabel('Current password').fill(PASSWORD);
  await second.page.getByLabel('New password').fill(NEW_PASSWORD);
  await second.page.getByRole('button', { name: 'Change password' }).click();
  await second.page.getByText('Password changed.', { exact: false }).waitFor({ timeout: 60_000 });
  await second.context.close();
  // The new password opens the same wallet on a third device.
  const fourth = await recordingPage();
  await logIn(fourth.page, email, NEW_PASSWORD);
  expect(await fourth.page.getByTestId('wallet-address').textContent()).toBe(toRubyAddress(new Wallet(created).address));
  await fourth.context.close();

  // A second user imports a key.
  const imported = Wallet.createRandom().privateKey;
  const third = await recordingPage();
  await signUp(third.page, `import.${run}@example.com`, IMPORT_PASSWORD);
  await third.page.getByRole('button', { name: /Import Wallet/ }).click();
  const dialog = third.page.getByRole('dialog');
  await dialog.getByLabel('Private key', { exact: true }).fill(imported);
  await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
  await dialog.getByRole('button', { name: 'Go to my wallet' }).click();
  await third.page.waitForURL('**/Dashboard', { timeout: 60_000 });
  await third.page
    .getByTestId('wallet-address')
    .filter({ hasText: toRubyAddress(new Wallet(imported).address) })
    .waitFor();
  await third.context.close();

  secrets.push(
    { name: 'password', value: PASSWORD },
    { name: 'second password', value: IMPORT_PASSWORD },
    { name: 'new password', value: NEW_PASSWORD },
    { name: 'created key', value: created },
    { name: 'imported key', value: imported },
  );
  await Promise.all(pending);
  const requests = recorded.filter((r) => r.kind === 'request');
  expect(requests.filter((r) => r.what.includes(paths.login())).length).toBeGreaterThan(0);
  expect(requests.filter((r) => r.what.includes(paths.register())).length).toBe(2);
  expect(requests.filter((r) => r.what.includes(paths.importWallet())).length).toBe(2);
  expect(requests.filter((r) => r.what.endsWith(paths.rekey())).length).toBe(1);
  const leaks = recorded.flatMap((r) =>
    secrets.filter((s) => forms(s.value).some((f) => r.text.includes(f))).map((s) => `${s.name} in ${r.what}`),
  );
  expect(leaks).toEqual([]);
}, 240_000);

it('moves an account written the old way over on its next log-in through the SPA', async () => {
  const email = `old.${run}@example.com`;
  const password = 'the old release password';
  // As the old release's SPA did: the password itself, a keystore under it (scrypt 2^16).
  expect((await api('POST', paths.register(), { email, password })).status).toBe(200);
  const old = await api<{ token: string }>('POST', paths.login(), { email, password });
  const wallet = new Wallet(Wallet.createRandom().privateKey);
  const ch = await api<{ result: { message: string } }>('GET', paths.walletChallenge(), undefined, old.body.token);
  const message = ch.body.result.message;
  const keystore = await encryptKeystoreJson(wallet, password, { scrypt: { N: 1 << 16 } });
  const linked = await api(
    'POST',
    paths.importWallet(),
    { address: toRubyAddress(wallet.address), message, signature: await wallet.signMessage(message), keystore },
    old.body.token,
  );
  expect(linked.status).toBe(200);

  const { context, page } = await recordingPage();
  await logIn(page, email, password);
  await page
    .getByTestId('wallet-address')
    .filter({ hasText: toRubyAddress(wallet.address) })
    .waitFor();
  await context.close();

  // Moved: the old form is refused, the log-in secret opens a keystore under the wallet key.
  const refused = await api<Record<string, unknown>>('POST', paths.login(), { email, password });
  expect(refused.status).toBe(401);
  expect(refused.body.upgrade).toBeUndefined();
  const keys = deriveKeys(password, email);
  const now = await api<{ keystore: string }>('POST', paths.login(), { email, password: keys.loginSecret, kdf: KDF_ID });
  expect(now.status).toBe(200);
  expect((await decryptKeystoreJson(now.body.keystore, keys.walletKey)).privateKey).toBe(wallet.privateKey);
}, 180_000);

it('derives the keys at 4× CPU throttling with progress shown, and reports the time (bench/README.md)', async () => {
  const email = `timed.${run}@example.com`;
  const reg = await api('POST', paths.register(), { email, password: deriveKeys(PASSWORD, email).loginSecret, kdf: KDF_ID });
  expect([200, 409]).toContain(reg.status); // 409: a retry
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    await page.goto(`${product.url}/Account`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('progressbar', { name: /Securing your password/ }).waitFor();
    await page.waitForURL(`**/Wallet/${email}`, { timeout: 60_000 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const ms = await page.evaluate((name) => performance.getEntriesByName(name).at(-1)?.duration ?? -1, KDF_MEASURE);
    times.push(Math.round(ms));
    await page.evaluate(() => localStorage.clear());
  }
  await context.close();
  times.sort((a, b) => a - b);
  console.log(`KDF at 4x CPU throttling, ms: ${times.join(', ')} (median ${times[1]})`);
  // A figure, not a pass mark: the 1.5 s budget is a performance target, kept in bench/README.md
  // from this line's output on a quiet machine (a timed assertion here would fail with the load).
  expect(times[0]).toBeGreaterThan(0);
}, 180_000);
