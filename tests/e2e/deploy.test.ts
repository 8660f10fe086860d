/**
 * Deploying from the browser against the real product: the form at desktop width deploys an
 * RBC20 from tests/fixtures/sol (file chosen with setInputFiles), copies the address and follows
 * the link to the token page, whose Contract tab shows the verified source and reads symbol();
 * at mobile width a DApp is deployed and its contract page opened. Screenshots in
 * screenshots/deploy/.
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
import { REPO_ROOT, pollUntil, startProduct, type Product } from '../helpers/product';
import { paths } from '../../common/api/paths';

const SOL = path.join(REPO_ROOT, 'tests/fixtures/sol');
let product: Product | null = null;
let browser: Browser | null = null;
let key = '';

beforeAll(async () => {
  product = await startProduct({ label: 'deploy' });
  browser = await launchBrowser();
  fs.rmSync(path.join(SCREENSHOT_DIR, 'deploy'), { recursive: true, force: true });
  // A fresh key with coins set by the devnet itself: the traffic generator keeps sending from
  // every dev account, and a deploy sharing one of their nonces would race it.
  const wallet = Wallet.createRandom();
  key = wallet.privateKey;
  await product.rpc('anvil_setBalance', [wallet.address, `0x${(1000n * 10n ** 18n).toString(16)}`]);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await product?.stop();
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
    await symbol.getByRole('button', { name: 'Query' }).click();
    await symbol.getByText('GT', { exact: true }).waitFor();
    const balanceOf = page.locator('form.read-fn', { has: page.getByRole('heading', { name: /\. balanceOf$/ }) });
    await balanceOf.getByRole('textbox').fill(new Wallet(key).address);
    await balanceOf.getByRole('button', { name: 'Query' }).click();
    await balanceOf.getByText((1_000_000n * 10n ** 18n).toString()).waitFor();
    await screenshot(page, 'deploy/desktop-token-read');
    expect(formatViolations(await axeViolations(page))).toEqual([]);
    noProblems(v);
  } finally {
    await v.close();
  }
});

it('deploys a DApp at mobile width and opens its contract page', async () => {
  const v = await visit(browser!, product!.url, '/Deploycontract', { viewport: 'mobile' });
  try {
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
    await label.getByRole('button', { name: 'Query' }).click();
    await label.getByText('ruby counter').waitFor();
    await screenshot(page, 'deploy/mobile-contract-read');
    expect(await sidewaysOverflow(page)).toEqual([]);
    noProblems(v);
  } finally {
    await v.close();
  }
});
