/**
 * Write contract in Debian's chromium against the real product and devnet (issue #27). A contract
 * (tests/fixtures/sol/Noticeboard.sol) is deployed from a dev account and verified through the
 * product's API; then, by keyboard alone (Tab to each control, type, Enter):
 *   1. a user whose web wallet is linked logs in, opens the contract's Write contract view, types a
 *      setter's arguments, unlocks the wallet with the account password (the page was reloaded, so
 *      the session holds no key), confirms the estimate; the transaction is mined, its events show,
 *      and a read call sees the new state;
 *   2. a call that reverts with a custom error shows the decoded reason and sends nothing;
 *   3. every request the page made is recorded: the private key appears in none;
 *   4. the same write through an injected EIP-1193 wallet: a test double put on window.ethereum by
 *      page.addInitScript, which forwards to the devnet through the test (the browser's edge)
 *      and signs with a dev account; it starts on another chain, so the page switches it.
 * Screenshots at 390×844 and 1366×900, light and dark, in screenshots/write-contract/. Its helpers (Tab
 * navigation, dev-account sends, the injected wallet) are in writeContractHelpers.ts.
 */
import { expectNoSecrets, keyAndPassword } from './secretScan';
import fs from 'node:fs';
import path from 'node:path';
import { ContractFactory, JsonRpcProvider, Wallet, encryptKeystoreJson, type HDNodeWallet } from 'ethers';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { toRubyAddress } from '../../common/address';
import { paths } from '../../common/api/paths';
import { compileSolidity } from '../../server/chain/compile';
import { productAccounts } from '../helpers/devKeys';
import { WRITE_TEXTS } from '../../src/sections/contract/writeTexts';
import { VIEWPORTS, launchBrowser, screenshot, sidewaysOverflow, type ViewportName } from '../helpers/browser';
import { REPO_ROOT, type RunningProduct } from '../helpers/product';
import { sharedProduct } from '../helpers/sharedProduct';
import { readSol } from '../server/api/deployFixture';
import { byText, fromDev, injectWallet, inputLabelled, postJson, tabTo } from './writeContractHelpers';
import { deriveKeys } from '../../common/kdf';
import { KDF_ID } from '../../common/kdfParams';

let product: RunningProduct;
let browser: Browser;
let provider: JsonRpcProvider;
let board = ''; // r…
const EMAIL = `writer.${Date.now()}@example.com`;
const PASSWORD = 'a long wallet password 42';
const user = new Wallet(Wallet.createRandom().privateKey);
/** Dev account 8 of the product's own keys (set once it has started). */
let injectedSigner: HDNodeWallet;
const devWallet = (i: number) => productAccounts(product.dataDir).wallet(i);
const problems: string[] = [];

const post = <T>(apiPath: string, body: unknown, token?: string) => postJson<T>(product.url, apiPath, body, token);

async function readValue(): Promise<string> {
  const r = await post<{ result: Array<{ value: unknown }> }>(paths.readContract(), { address: board, function: 'value()', args: [] });
  return String(r.result[0]?.value);
}

beforeAll(async () => {
  product = await sharedProduct();
  injectedSigner = devWallet(8);
  browser = await launchBrowser();
  provider = new JsonRpcProvider(product.rpcUrl, undefined, { staticNetwork: true, polling: true, pollingInterval: 250 });

  // Deploy the Noticeboard from dev account 9 and verify it through the product's API.
  const settings = { optimizer: { enabled: true, runs: 200 } };
  const compiled = await compileSolidity({ 'Noticeboard.sol': readSol('Noticeboard.sol') }, settings);
  const art = compiled.artifacts.find((a) => a.contractName === 'Noticeboard')!;
  const deployer = devWallet(9).connect(provider);
  const factory = new ContractFactory(art.abi as never, art.bytecode, deployer);
  const tx = await fromDev(provider, async (nonce) => (await factory.deploy({ nonce })).deploymentTransaction()!, deployer.address);
  const receipt = await provider.getTransactionReceipt(tx.hash);
  board = toRubyAddress(receipt!.contractAddress!);
  for (let i = 0; ; i++) {
    const st = await product.api<{ result: { indexed: boolean } }>(paths.txStatus(tx.hash));
    if (st?.result.indexed) break;
    if (i > 120) throw new Error('deployment not indexed');
    await new Promise((r) => setTimeout(r, 500));
  }
  await post(paths.verifyContract(), {
    address: board,
    contractName: 'Noticeboard',
    source: readSol('Noticeboard.sol'),
    fileName: 'Noticeboard.sol',
    settings,
  });

  // The user: an account with a linked web wallet (as the wallet screens make it), funded with 5 RUBY.
  // As the SPA signs up (issue #45): the log-in secret derived from the password, the keystore under the wallet key.
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
  const funder = devWallet(9).connect(provider);
  await fromDev(provider, (nonce) => funder.sendTransaction({ to: user.address, value: 5n * 10n ** 18n, nonce }), funder.address);
}, 400_000);

afterAll(async () => {
  await browser?.close();
}, 60_000);

async function newPage(
  viewport: ViewportName,
  colorScheme: 'light' | 'dark' = 'light',
): Promise<{ context: BrowserContext; page: Page; requests: Request[] }> {
  const mobile = viewport === 'mobile';
  const context = await browser.newContext({
    viewport: VIEWPORTS[viewport],
    isMobile: mobile,
    hasTouch: mobile,
    reducedMotion: 'reduce',
    colorScheme,
  });
  const page = await context.newPage();
  const requests: Request[] = [];
  page.on('request', (r) => requests.push(r));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  return { context, page, requests };
}

/** The setNotice form: its first card under Write contract. */
const setNotice = (page: Page) => page.locator('.write-fn').filter({ hasText: 'setNotice' });

async function openWrite(page: Page): Promise<void> {
  await page.goto(`${product.url}/contractDetail/${board}?tab=contract`);
  await page.getByRole('button', { name: WRITE_TEXTS.write }).waitFor({ timeout: 30_000 });
  await tabTo(page, 'Write contract', byText(WRITE_TEXTS.write));
  await page.keyboard.press('Enter');
  await setNotice(page).waitFor();
}

async function fillSetNotice(page: Page, value: string, note: string): Promise<void> {
  await tabTo(page, 'newValue', inputLabelled('newValue'));
  await page.keyboard.type(value);
  await tabTo(page, 'newNote', inputLabelled('newNote'));
  await page.keyboard.type(note);
  await page.keyboard.press('Enter');
}

it('writes with the web wallet by keyboard alone; a revert is decoded and sends nothing; no key or password in any request', async () => {
  const { context, page, requests } = await newPage('desktop');
  try {
    // Log in (by keyboard too), then open the contract page afresh: the session holds no key.
    await page.goto(`${product.url}/Account`);
    await page.getByLabel('Email').waitFor();
    await tabTo(page, 'Email', inputLabelled('Email'));
    await page.keyboard.type(EMAIL);
    await tabTo(page, 'Password', inputLabelled('Password'));
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/Dashboard', { timeout: 60_000 });

    await openWrite(page);
    const form = setNotice(page);
    await form
      .getByText(new RegExp(user.address.slice(2, 8), 'i'))
      .first()
      .waitFor();
    await screenshot(page, 'write-contract/desktop/light-form');
    await fillSetNotice(page, '42', 'hello from the keyboard');

    // Locked: the password is asked, with focus in its field.
    const password = form.getByLabel(WRITE_TEXTS.password);
    await password.waitFor();
    expect(await password.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');

    // The estimate, to confirm: focus is on the button that sends.
    const confirm = form.getByRole('button', { name: WRITE_TEXTS.confirm });
    await confirm.waitFor({ timeout: 30_000 });
    expect(await form.textContent()).toMatch(/[\d,]+ gas/);
    await screenshot(page, 'write-contract/desktop/light-confirm');
    expect(await confirm.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');

    await form.getByText(WRITE_TEXTS.mined).waitFor({ timeout: 90_000 });
    const link = form.locator('a[href^="/transaction/0x"]').first();
    const hash = (await link.getAttribute('href'))!.split('/').pop()!;
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    const events = (await form.textContent()) ?? '';
    expect(events).toContain('NoticeSet');
    expect(events).toContain('hello from the keyboard');
    await screenshot(page, 'write-contract/desktop/light-mined');
    expect(await readValue()).toBe('42');
    const receipt = await provider.getTransactionReceipt(hash);
    expect(receipt?.from.toLowerCase()).toBe(user.address.toLowerCase());

    // A call that reverts (custom error): the reason decoded, nothing sent.
    const relayed = () => requests.filter((r) => r.url().includes(paths.sendRawTx())).length;
    expect(relayed()).toBe(1);
    const nonceBefore = await provider.getTransactionCount(user.address, 'pending');
    await tabTo(page, 'newValue', inputLabelled('newValue'));
    await page.keyboard.press('Control+A');
    await page.keyboard.type('5000');
    await page.keyboard.press('Enter');
    const alert = form.getByRole('alert');
    await alert.waitFor({ timeout: 30_000 });
    expect(await alert.textContent()).toContain(WRITE_TEXTS.reverted);
    expect(await alert.textContent()).toContain('TooLarge(value: 5000, max: 1000)');
    await screenshot(page, 'write-contract/desktop/light-reverted');
    expect(relayed()).toBe(1);
    expect(await provider.getTransactionCount(user.address, 'pending')).toBe(nonceBefore);
    expect(await readValue()).toBe('42');
    expect(await sidewaysOverflow(page)).toEqual([]);

    // No request of the page carried the key or the password (URL, headers or body; any form).
    expectNoSecrets(requests, keyAndPassword(user.privateKey, PASSWORD), 5);
  } finally {
    await context.close();
  }
}, 300_000);

it('writes through an injected EIP-1193 wallet (switching its chain), by keyboard alone', async () => {
  const { context, page } = await newPage('mobile');
  try {
    const calls = await injectWallet(page, provider, injectedSigner);
    await openWrite(page);
    const form = setNotice(page);
    await form.getByText(WRITE_TEXTS.injected.toLowerCase()).waitFor();
    await fillSetNotice(page, '7', 'from a browser wallet');
    const confirm = form.getByRole('button', { name: WRITE_TEXTS.confirm });
    await confirm.waitFor({ timeout: 30_000 });
    await screenshot(page, 'write-contract/mobile/light-confirm-injected');
    await page.keyboard.press('Enter');
    await form.getByText(WRITE_TEXTS.mined).waitFor({ timeout: 90_000 });
    await screenshot(page, 'write-contract/mobile/light-mined-injected');
    expect(await readValue()).toBe('7');
    expect(calls).toContain('eth_requestAccounts');
    expect(calls).toContain('wallet_switchEthereumChain');
    expect(calls).toContain('eth_sendTransaction');
    expect(await sidewaysOverflow(page)).toEqual([]);
  } finally {
    await context.close();
  }
}, 300_000);

it("writes as proxy: the implementation's function sent to the devnet's EIP-1967 proxy", async () => {
  const record = JSON.parse(fs.readFileSync(path.join(product.dataDir, 'devnet', 'traffic.json'), 'utf8')) as {
    proxies?: { proxy: string; implementations: [string, string] };
  };
  const proxies = record.proxies!;
  const proxyAt = toRubyAddress(proxies.proxy);
  const detail = () => product.api<{ result: { proxy?: { implementation: string } | null } }>(paths.contractDetail(proxyAt));
  for (let i = 0; i < 180 && !(await detail())?.result.proxy; i++) await new Promise((r) => setTimeout(r, 1000));
  await post(paths.verifyContract(), {
    address: toRubyAddress(proxies.implementations[1]),
    contractName: 'RubyCounterV2',
    source: fs.readFileSync(path.join(REPO_ROOT, 'contracts/RubyCounterV2.sol'), 'utf8'),
    fileName: 'contracts/RubyCounterV2.sol',
    settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: 'cancun' },
  }).catch(() => null); // already verified by an earlier run of the same data: fine
  const count = async () => BigInt(await provider.call({ to: proxies.proxy, data: '0x06661abd' })); // count()
  const { context, page } = await newPage('desktop');
  try {
    const calls = await injectWallet(page, provider, injectedSigner);
    await page.goto(`${product.url}/contractDetail/${proxyAt}?tab=contract`);
    const section = page.locator('section:has(> h3#proxy-write-title)');
    await section.waitFor({ timeout: 30_000 });
    const before = await count();
    const form = section.locator('.write-fn').filter({ hasText: 'increment' });
    await form.getByText(WRITE_TEXTS.injected.toLowerCase()).waitFor();
    await tabTo(page, 'increment', { text: WRITE_TEXTS.write1, card: 'increment', section: WRITE_TEXTS.writeAsProxy });
    await page.keyboard.press('Enter');
    await form.getByRole('button', { name: WRITE_TEXTS.confirm }).waitFor({ timeout: 30_000 });
    await page.keyboard.press('Enter');
    await form.getByText(WRITE_TEXTS.mined).waitFor({ timeout: 90_000 });
    // The event is emitted by the proxy, whose own code is not verified: its log stays raw (the log decoder does not
    // yet use the implementation's ABI); the state change is what counts here.
    expect(await form.textContent()).toContain(WRITE_TEXTS.mined);
    expect(await count()).toBeGreaterThan(before);
    expect(calls).toContain('eth_sendTransaction');
    await screenshot(page, 'write-contract/desktop/light-write-as-proxy');
  } finally {
    await context.close();
  }
}, 400_000);

it('looks right at both widths, light and dark', async () => {
  for (const viewport of ['desktop', 'mobile'] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      const { context, page } = await newPage(viewport, scheme);
      try {
        await openWrite(page);
        // No signer in this context: the form says how to get one.
        await tabTo(page, 'newValue', inputLabelled('newValue'));
        await page.keyboard.type('abc');
        await page.keyboard.press('Enter');
        await setNotice(page).getByRole('alert').waitFor();
        await screenshot(page, `write-contract/${viewport}/${scheme}-invalid`);
        expect(await sidewaysOverflow(page)).toEqual([]);
      } finally {
        await context.close();
      }
    }
  }
  expect(problems).toEqual([]);
}, 300_000);
