/**
 * Deploying from the browser against the real product (issue #25 item 19): the server compiles,
 * the browser signs, the product relays, waits for indexing and verifies.
 *   1. Private Key (no account): at desktop width an RBC20 from tests/fixtures/sol (file chosen
 *      with setInputFiles), the address copied, the token page's Contract tab shows the verified
 *      source and reads symbol(); at mobile width a DApp and its contract page.
 *   2. Web wallet, by keyboard alone (Tab, typing, arrows, Enter): a signed-up user whose wallet is
 *      linked chooses it as signer, types the account password when asked; the contract shows
 *      as verified on its page. Desktop: an RBC20; mobile: a DApp.
 * Every request of every page is recorded: neither signer's private key nor the web user's password is in any of them.
 * Screenshots (signer choice, password prompt, progress, result) in screenshots/deploy/.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Wallet } from 'ethers';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MESSAGES } from '../../common/spec';
import { DEPLOY_TEXTS } from '../../src/features/deploy/texts';
import {
  SCREENSHOT_DIR,
  axeViolations,
  formatViolations,
  launchBrowser,
  screenshot,
  sidewaysOverflow,
  visit,
  type Visit,
} from '../helpers/browser';
import { REPO_ROOT, pollUntil, type RunningProduct } from '../helpers/product';
import { sharedProduct } from '../helpers/sharedProduct';
import { paths } from '../../common/api/paths';
import { VERIFICATION_TEXTS } from '../../src/sections/contract/verificationTexts';
import { expectNoSecrets } from './secretScan';
import { expectNoSecretOf, logIn, makeWebUser, recordRequests, tabTo, type WebUser } from './deployHelpers';

const SOL = path.join(REPO_ROOT, 'tests/fixtures/sol');
let product: RunningProduct | null = null;
let browser: Browser | null = null;
let key = '';
let webUser: WebUser;

beforeAll(async () => {
  product = await sharedProduct();
  browser = await launchBrowser();
  fs.rmSync(path.join(SCREENSHOT_DIR, 'deploy'), { recursive: true, force: true });
  // A fresh key with coins set by the devnet itself: the traffic generator keeps sending from
  // every dev account, and a deploy sharing one of their nonces would race it.
  const wallet = Wallet.createRandom();
  key = wallet.privateKey;
  await product.rpc('anvil_setBalance', [wallet.address, `0x${(1000n * 10n ** 18n).toString(16)}`]);
  webUser = await makeWebUser(product, `deployer.${Date.now()}@example.com`, 'a long wallet password 42');
}, 300_000);

afterAll(async () => {
  await browser?.close();
}, 60_000);

async function fillAndDeploy(page: Page, name: string, type: 'RBC20' | 'DApp', file: string, shot: string): Promise<string> {
  await page.getByLabel(DEPLOY_TEXTS.contractName).fill(name);
  await page.getByLabel(DEPLOY_TEXTS.privateKey).fill(key);
  await page.getByLabel(DEPLOY_TEXTS.contractType).selectOption(type);
  await page.getByLabel(DEPLOY_TEXTS.file).setInputFiles(path.join(SOL, file));
  await page.getByRole('heading', { name: `${DEPLOY_TEXTS.preview}: ${file}` }).waitFor();
  expect(await page.locator('pre.code-view').first().textContent()).toBe(fs.readFileSync(path.join(SOL, file), 'utf8'));
  await screenshot(page, shot);
  expect(await sidewaysOverflow(page)).toEqual([]);
  expect(formatViolations(await axeViolations(page))).toEqual([]);
  const button = page.getByRole('button', { name: DEPLOY_TEXTS.deploy, exact: true });
  await button.click();
  const busy = page.getByRole('button', { name: MESSAGES.deploying });
  // 'Deploying...' lasts while the server compiles and waits for the block (1 s blocks here).
  await busy.waitFor({ timeout: 10_000 });
  expect(await busy.isDisabled()).toBe(true);
  await page.getByText(MESSAGES.deploySuccess).waitFor({ timeout: 90_000 });
  const address = (await page.getByTestId('deployed-address').textContent()) ?? '';
  expect(address).toMatch(/^r[0-9a-fA-F]{40}$/);
  // The success shows only after the indexer has the creation and POST /verifyContract proved the source.
  expect(await page.getByTestId('deploy-verified').isVisible()).toBe(true);
  return address;
}

async function waitIndexed(apiPath: string): Promise<void> {
  await pollUntil(
    async () => (await product!.api(apiPath)) !== null,
    60_000,
    () => `${apiPath} never answered`,
  );
}

function noProblems(v: Visit): void {
  expect(v.problems, v.problems.join('\n')).toEqual([]);
}

it('deploys a token from the form at desktop width and lands on its token page', async () => {
  const v = await visit(browser!, product!.url, '/Deploycontract', { viewport: 'desktop' });
  try {
    const requests = recordRequests(v.page);
    await v.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product!.url });
    const { page } = v;
    await screenshot(page, 'deploy/desktop-form');
    await page.getByRole('button', { name: DEPLOY_TEXTS.deploy, exact: true }).click();
    await page.getByText(MESSAGES.deployFillAll).waitFor();

    const address = await fillAndDeploy(page, 'GoldToken', 'RBC20', 'GoldToken.sol', 'deploy/desktop-filled');
    await page.getByRole('button', { name: DEPLOY_TEXTS.copyAddress }).click();
    await page.getByText(DEPLOY_TEXTS.copied).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
    await screenshot(page, 'deploy/desktop-deployed');
    expect(await sidewaysOverflow(page)).toEqual([]);

    await waitIndexed(paths.tokenData(address));
    await page.getByRole('link', { name: DEPLOY_TEXTS.viewToken }).click();
    await page.waitForURL(`**/TokenDetail/${address}`);
    await page.getByText('GoldToken (GT)').first().waitFor({ timeout: 20_000 });
    await page.getByRole('tab', { name: 'Contract' }).click();
    await page.getByRole('heading', { name: 'Contract Source Code' }).waitFor();
    expect(await page.locator('pre.code-view .tok-keyword').first().textContent()).toBe('pragma');
    await screenshot(page, 'deploy/desktop-token-contract');
    await page.getByRole('button', { name: 'Read contract' }).click();
    const symbol = page.locator('form.read-fn', { has: page.getByRole('heading', { name: /\. symbol$/ }) });
    // A getter is read when the view opens (issue #38 item 19): no click.
    await symbol.getByText('GT', { exact: true }).waitFor();
    const balanceOf = page.locator('form.read-fn', { has: page.getByRole('heading', { name: /\. balanceOf$/ }) });
    await balanceOf.getByRole('textbox').fill(new Wallet(key).address);
    await balanceOf.getByRole('button', { name: 'Query' }).click();
    await balanceOf.getByText((1_000_000n * 10n ** 18n).toString()).waitFor();
    await screenshot(page, 'deploy/desktop-token-read');
    expect(formatViolations(await axeViolations(page))).toEqual([]);
    expectNoSecrets(requests, [{ name: 'private key', value: key }]);
    noProblems(v);
  } finally {
    await v.close();
  }
});

it('deploys a DApp at mobile width and opens its contract page', async () => {
  const v = await visit(browser!, product!.url, '/Deploycontract', { viewport: 'mobile' });
  try {
    const requests = recordRequests(v.page);
    const { page } = v;
    const address = await fillAndDeploy(page, 'Counter', 'DApp', 'Counter.sol', 'deploy/mobile-filled');
    await screenshot(page, 'deploy/mobile-deployed');
    expect(formatViolations(await axeViolations(page))).toEqual([]);
    expect(await sidewaysOverflow(page)).toEqual([]);
    await waitIndexed(paths.contractDetail(address));
    await page.getByRole('link', { name: DEPLOY_TEXTS.viewContract }).click();
    await page.waitForURL(`**/contractDetail/${address}`);
    await page.getByRole('tab', { name: 'Contract' }).click();
    await page.getByRole('button', { name: 'Read contract' }).click();
    const label = page.locator('form.read-fn', { has: page.getByRole('heading', { name: /\. label$/ }) });
    await label.getByText('ruby counter').waitFor();
    await screenshot(page, 'deploy/mobile-contract-read');
    expect(await sidewaysOverflow(page)).toEqual([]);
    expectNoSecrets(requests, [{ name: 'private key', value: key }]);
    noProblems(v);
  } finally {
    await v.close();
  }
});

/**
 * The signed-up user deploys with their web wallet by keyboard alone: Tab to each control, type,
 * arrows on the signer radios and the type select, Enter; only the file is chosen with
 * setInputFiles. The page was loaded afresh after the log-in, so the session holds no key and the
 * account password is asked.
 */
async function deployWithWebWallet(viewport: 'desktop' | 'mobile', name: string, type: 'RBC20' | 'DApp', file: string): Promise<void> {
  const v = await visit(browser!, product!.url, '/Account', { viewport });
  try {
    const { page } = v;
    const requests = recordRequests(page);
    await logIn(page, webUser);
    await page.goto(`${product!.url}/Deploycontract`);
    const webRadio = page.getByRole('radio', { name: new RegExp(`^${DEPLOY_TEXTS.signerWeb}`) });
    await webRadio.waitFor({ timeout: 20_000 });
    expect(await webRadio.isChecked()).toBe(true);
    const keyField = page.getByLabel(DEPLOY_TEXTS.privateKey, { exact: true });
    expect(await keyField.count()).toBe(0);

    await tabTo(page, { label: DEPLOY_TEXTS.contractName });
    await page.keyboard.type(name);
    // The radio group: Tab lands on the checked one; the arrows move the choice (the key's field comes and goes).
    await tabTo(page, { radio: 'web' });
    await page.keyboard.press('ArrowDown');
    expect(await page.getByRole('radio', { name: DEPLOY_TEXTS.signerKey }).isChecked()).toBe(true);
    await keyField.waitFor();
    await page.keyboard.press('ArrowUp');
    expect(await webRadio.isChecked()).toBe(true);
    expect(await keyField.count()).toBe(0);
    await tabTo(page, { label: DEPLOY_TEXTS.contractType });
    await page.keyboard.type(type === 'RBC20' ? 'T' : 'D'); // the select's type-ahead: 'Token (RBC20)' / 'DApp / NFT'
    expect(await page.getByLabel(DEPLOY_TEXTS.contractType).inputValue()).toBe(type);
    await tabTo(page, { label: DEPLOY_TEXTS.file });
    await page.getByLabel(DEPLOY_TEXTS.file).setInputFiles(path.join(SOL, file));
    await page.getByRole('heading', { name: `${DEPLOY_TEXTS.preview}: ${file}` }).waitFor();
    await screenshot(page, `deploy/${viewport}-web-signer`);
    expect(await sidewaysOverflow(page)).toEqual([]);
    expect(formatViolations(await axeViolations(page))).toEqual([]);
    await tabTo(page, { text: DEPLOY_TEXTS.deploy });
    await page.keyboard.press('Enter');

    // Compiled; the wallet is locked: the password is asked, with focus in its field.
    const password = page.getByLabel(DEPLOY_TEXTS.password);
    await password.waitFor({ timeout: 60_000 });
    expect(await password.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type(webUser.password);
    await screenshot(page, `deploy/${viewport}-web-password`);
    expect(await sidewaysOverflow(page)).toEqual([]);
    expect(formatViolations(await axeViolations(page))).toEqual([]);
    await page.keyboard.press('Enter');

    // The steps show in a live region while the wallet opens, signs, and the indexer catches up.
    const step = page.getByTestId('deploy-step');
    await step.waitFor({ timeout: 30_000 });
    await screenshot(page, `deploy/${viewport}-web-progress`);
    await page.getByText(MESSAGES.deploySuccess).waitFor({ timeout: 120_000 });
    await page.getByTestId('deploy-verified').waitFor();
    const address = (await page.getByTestId('deployed-address').textContent()) ?? '';
    expect(address).toMatch(/^r[0-9a-fA-F]{40}$/);
    await screenshot(page, `deploy/${viewport}-web-result`);
    expect(await sidewaysOverflow(page)).toEqual([]);
    expect(formatViolations(await axeViolations(page))).toEqual([]);

    // Signed by the web wallet's account.
    const hash = ((await page.locator('.deploy-result a[href^="/transaction/0x"]').getAttribute('href')) ?? '').split('/').pop()!;
    const receipt = await product!.rpc<{ from: string; contractAddress: string }>('eth_getTransactionReceipt', [hash]);
    expect(receipt.from.toLowerCase()).toBe(webUser.wallet.address.toLowerCase());
    expect(receipt.contractAddress.toLowerCase()).toBe(`0x${address.slice(1)}`.toLowerCase());

    // The contract's page, reached by keyboard: its Contract tab shows the source as verified.
    const isToken = type === 'RBC20';
    await tabTo(page, { text: isToken ? DEPLOY_TEXTS.viewToken : DEPLOY_TEXTS.viewContract });
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/${isToken ? 'TokenDetail' : 'contractDetail'}/${address}`);
    await page.getByRole('tab', { name: 'Contract' }).click();
    await page.getByRole('heading', { name: 'Contract Source Code' }).waitFor({ timeout: 30_000 });
    if (!isToken) await page.getByText(VERIFICATION_TEXTS.verifiedAt).first().waitFor({ state: 'attached' });
    await screenshot(page, `deploy/${viewport}-web-contract`);

    expectNoSecretOf(requests, webUser);
    // page.goto after the log-in may cut the previous page's requests short (net::ERR_ABORTED): not a fault.
    expect(v.problems.filter((p) => !p.includes('net::ERR_ABORTED'))).toEqual([]);
  } finally {
    await v.close();
  }
}

it('deploys an RBC20 with the web wallet by keyboard alone at desktop width; no request carries its key or password', async () => {
  await deployWithWebWallet('desktop', 'GoldToken', 'RBC20', 'GoldToken.sol');
}, 240_000);

it('deploys a DApp with the web wallet by keyboard alone at mobile width; no request carries its key or password', async () => {
  await deployWithWebWallet('mobile', 'Counter', 'DApp', 'Counter.sol');
}, 240_000);
