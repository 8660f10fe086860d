/**
 * Issue #38, defects 12 and 14, in Debian's chromium against the real product and devnet:
 * - A token send the node refuses: the dialog shows a stale balance (100 shown, the wallet emptied on chain after the
 *   dialog opened), so the relay's estimate meets the token's real OpenZeppelin 5 revert
 *   (`custom error 0xe450d38c: 0000…`); the dialog says it plainly ('Not enough RGLD: balance 0, needed 50.'), shows
 *   no hex, and stays inside its frame with Send visible, at 1366×900 and 390×844. The longest failure the dialog can
 *   show (300 unbroken characters) wraps inside it too.
 * - An amount above the balance shown is refused before anything is signed: no request to the relay for it.
 * - Receive: the spec's r… QR code, the 0x form and the EIP-681 QR code with the devnet's chain id.
 * Screenshots (light and dark, both sizes) in screenshots/walletPlainWords/.
 */
import { Contract, JsonRpcProvider, Wallet, parseUnits, type TransactionResponse } from 'ethers';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { toChecksumHexAddress, toHexAddress, toRubyAddress } from '../../common/address';
import { MESSAGES } from '../../common/spec';
import { paths } from '../../common/api/paths';
import { productAccounts } from '../helpers/devKeys';
import { VIEWPORTS, launchBrowser, screenshot, type ViewportName } from '../helpers/browser';
import type { RunningProduct } from '../helpers/product';
import { sharedProduct } from '../helpers/sharedProduct';
import { logIn, makeWebUser, type WebUser } from './deployHelpers';
import { fromDev } from './writeContractHelpers';

let product: RunningProduct;
let browser: Browser;
let user: WebUser;
let symbol = '';
let tokenAddress = '';
const PASSWORD = 'plain words password 38';

beforeAll(async () => {
  product = await sharedProduct();
  browser = await launchBrowser();
  user = await makeWebUser(product, `plain.${Date.now()}@example.com`, PASSWORD);
  const token = product.deployment!.tokens[0]!;
  symbol = token.symbol;
  tokenAddress = token.address;
  const provider = new JsonRpcProvider(product.rpcUrl, undefined, { staticNetwork: true, polling: true, pollingInterval: 250 });
  const dev = productAccounts(product.dataDir).wallet(0).connect(provider);
  const erc20 = new Contract(token.address, ['function transfer(address,uint256) returns (bool)'], dev);
  const funded = await fromDev(
    provider,
    (nonce) => erc20.getFunction('transfer')(user.wallet.address, parseUnits('100', 18), { nonce }) as Promise<TransactionResponse>,
    dev.address,
  );
  await waitIndexed(funded.hash);
  provider.destroy();
}, 400_000);

afterAll(async () => {
  await browser?.close();
}, 60_000);

async function waitIndexed(hash: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const st = await product.api<{ result: { indexed: boolean } }>(paths.txStatus(hash));
    if (st?.result.indexed) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${hash} not indexed within 60 s`);
}

async function dashboard(viewport: ViewportName): Promise<Page> {
  const mobile = viewport === 'mobile';
  const context = await browser.newContext({ viewport: VIEWPORTS[viewport], isMobile: mobile, hasTouch: mobile, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto(`${product.url}/Account`);
  await logIn(page, user);
  await page.getByTestId('wallet-address').waitFor({ timeout: 30_000 });
  return page;
}

/** The dialog lies inside the viewport and Send inside the dialog, visible, nothing scrolled sideways. */
async function expectSendInFrame(page: Page, dialog: Locator, viewport: ViewportName): Promise<void> {
  const { width } = VIEWPORTS[viewport];
  const box = (await dialog.boundingBox())!;
  const send = dialog.getByRole('button', { name: 'Send', exact: true });
  await send.scrollIntoViewIfNeeded();
  const button = (await send.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width + 0.5);
  expect(button.x).toBeGreaterThanOrEqual(box.x - 0.5);
  expect(button.x + button.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
  expect(await send.isVisible()).toBe(true);
  const sideways = await dialog.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(sideways).toBeLessThanOrEqual(1);
}

const shot = (page: Page, name: string) => screenshot(page, `walletPlainWords/${name}`);

it('a refused token send says why in plain words and keeps Send in the frame (1366×900 and 390×844, light and dark)', async () => {
  const desktop = await dashboard('desktop');
  const mobile = await dashboard('mobile');
  const dialogs: [ViewportName, Page, Locator][] = [];
  for (const [name, page] of [
    ['desktop', desktop],
    ['mobile', mobile],
  ] as const) {
    await page.getByRole('tab', { name: 'Tokens' }).click();
    const row = page
      .locator('tr, li')
      .filter({ hasText: `100 ${symbol}` })
      .first();
    await row.waitFor({ timeout: 30_000 });
    await row.getByRole('button', { name: 'Send' }).click();
    const dialog = page.getByRole('dialog', { name: `Send ${symbol}` });
    await dialog.waitFor();
    expect(await dialog.getByLabel(/private key/i).count()).toBe(0);
    dialogs.push([name, page, dialog]);
  }

  // Above the balance shown: refused before anything is signed (no request to the relay for it).
  const [, page0, dialog0] = dialogs[0]!;
  const asked: string[] = [];
  page0.on('request', (r) => {
    if (/\/api\/(preparetx|sendrawtransaction)/.test(r.url())) asked.push(`${r.url()} ${r.postData() ?? ''}`);
  });
  const other = toRubyAddress(Wallet.createRandom().address);
  await dialog0.getByLabel('Recipient address').fill(other);
  await dialog0.getByLabel('Amount').fill('150');
  await dialog0.getByRole('button', { name: 'Send', exact: true }).click();
  await dialog0
    .getByRole('alert')
    .filter({ hasText: `Not enough ${symbol}: balance 100, needed 150.` })
    .waitFor();
  await new Promise((r) => setTimeout(r, 500));
  expect(asked.filter((a) => a.toLowerCase().includes(toHexAddress(other).slice(2)))).toEqual([]);

  // The wallet empties on chain while the dialogs show 100: the node's revert is what answers now.
  const provider = new JsonRpcProvider(product.rpcUrl, undefined, { staticNetwork: true });
  const owner = new Wallet(user.wallet.privateKey, provider);
  const erc20 = new Contract(tokenAddress, ['function transfer(address,uint256) returns (bool)'], owner);
  const tx = (await erc20.getFunction('transfer')(Wallet.createRandom().address, parseUnits('100', 18))) as TransactionResponse;
  await tx.wait(1, 60_000);
  provider.destroy();

  for (const [name, page, dialog] of dialogs) {
    await dialog.getByLabel('Recipient address').fill(other);
    await dialog.getByLabel('Amount').fill('50');
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    const alert = dialog.getByRole('alert').filter({ hasText: MESSAGES.transactionFailed });
    await alert.waitFor({ timeout: 60_000 });
    expect(await alert.textContent()).toBe(`${MESSAGES.transactionFailed}: Not enough ${symbol}: balance 0, needed 50.`);
    await expectSendInFrame(page, dialog, name);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await shot(page, `${name}-send-error-${scheme}`);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    // The longest failure the dialog shows (sendMachine cuts reasons at 300 characters), unbroken: it wraps inside.
    await alert.evaluate((el) => {
      el.textContent = `Transaction failed: ${'e450d38c0000'.repeat(25)}`;
    });
    await expectSendInFrame(page, dialog, name);
    await shot(page, `${name}-send-long-error`);
  }
  await desktop.context().close();
  await mobile.context().close();
}, 240_000);

it("Receive: the spec's r… code, the 0x form and the EIP-681 code with the devnet's chain id (1366×900 and 390×844, light and dark)", async () => {
  const chainId = Number.parseInt(await product.rpc<string>('eth_chainId'), 16);
  const hex = toChecksumHexAddress(user.wallet.address);
  const r = toRubyAddress(user.wallet.address);
  for (const name of ['desktop', 'mobile'] as const) {
    const page = await dashboard(name);
    await page.getByRole('button', { name: 'Receive', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Receive RUBY' });
    await dialog.getByRole('img', { name: `QR code of ${r}` }).waitFor();
    const uri = `ethereum:${hex}@${chainId}`;
    await dialog.getByRole('img', { name: `Payment QR code ${uri}` }).waitFor({ timeout: 30_000 });
    await dialog.getByText(hex, { exact: true }).waitFor();
    await dialog.getByText(uri, { exact: true }).waitFor();
    for (const label of ['Copy', 'Copy 0x address', 'Copy payment link'])
      expect(await dialog.getByRole('button', { name: label, exact: true }).count()).toBe(1);
    const box = (await dialog.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(VIEWPORTS[name].width + 0.5);
    expect(await dialog.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await shot(page, `${name}-receive-${scheme}`);
    }
    await page.context().close();
  }
}, 180_000);
