/**
 * Deploy and verify in Hindi (tests/e2e/flowsHindi.test.ts), for real against the product: a .sol
 * file that does not compile (the compiler's own output shown as code, lang="en", under a Hindi
 * heading), then a real RBC20 deploy with a private key; on Verify & Publish a no-match answer, an
 * already-verified answer and a verified one, the contracts built with the solc the product bundles.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Wallet } from 'ethers';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { MESSAGES } from '../../../common/spec';
import { DEPLOY_TEXTS } from '../../../src/features/deploy/texts';
import { WALLET_TEXTS } from '../../../src/features/wallet/texts';
import { FAILURE_PARTS, VERIFY_TEXTS } from '../../../src/features/verify/texts';
import { EMPTY_FORM } from '../../../src/machines/verifyMachine';
import { REPO_ROOT, type RunningProduct } from '../../helpers/product';
import { BUNDLED, deployForm, verifyThroughApi } from '../paths/verifyContracts';
import { makeWebUser } from '../deployHelpers';
import { escape } from './accountFlows';
import { openHindi, tabTo, type HiPage } from './hiPage';

const SOL = path.join(REPO_ROOT, 'tests/fixtures/sol');

export async function deployFlow(browser: Browser, product: RunningProduct): Promise<string[]> {
  const key = Wallet.createRandom();
  await product.rpc('anvil_setBalance', [key.address, `0x${(1000n * 10n ** 18n).toString(16)}`]);
  const p = await openHindi(browser, product.url, 'mobile');
  const { page } = p;
  try {
    await p.go('/Deploycontract');
    await page.getByLabel(DEPLOY_TEXTS.contractName).waitFor({ timeout: 20_000 });
    await p.check('deploy form', 'main');
    await page.getByRole('button', { name: DEPLOY_TEXTS.deploy, exact: true }).click();
    await page.getByText(MESSAGES.deployFillAll).waitFor();
    await p.check('deploy: fields missing', 'main form');

    // A .sol file that does not compile: solc's own diagnostics, as code.
    p.expect(/HTTP 400 POST .*\/api\/compileContract$/i);
    await page.getByLabel(DEPLOY_TEXTS.contractName).fill('Broken');
    await page.getByLabel(DEPLOY_TEXTS.privateKey).fill(key.privateKey);
    await page.getByLabel(DEPLOY_TEXTS.contractType).selectOption('DApp');
    await page.getByLabel(DEPLOY_TEXTS.file).setInputFiles(path.join(SOL, 'Broken.sol'));
    await page.getByRole('heading', { name: `${DEPLOY_TEXTS.preview}: Broken.sol` }).waitFor();
    await page.getByRole('button', { name: DEPLOY_TEXTS.deploy, exact: true }).click();
    const error = page.locator('.deploy-form__error');
    await error.waitFor({ timeout: 60_000 });
    const code = error.locator('pre[lang="en"], code[lang="en"]');
    await code.first().waitFor();
    expect(await code.first().textContent()).toMatch(/Broken\.sol:\d+:\d+/);
    await p.check('deploy: a .sol file that does not compile', 'main form');

    // A real RBC20 deploy.
    await page.getByLabel(DEPLOY_TEXTS.contractName).fill('GoldToken');
    await page.getByLabel(DEPLOY_TEXTS.contractType).selectOption('RBC20');
    await page.getByLabel(DEPLOY_TEXTS.file).setInputFiles(path.join(SOL, 'GoldToken.sol'));
    await page.getByRole('heading', { name: `${DEPLOY_TEXTS.preview}: GoldToken.sol` }).waitFor();
    expect(await page.locator('pre.code-view').first().textContent()).toBe(fs.readFileSync(path.join(SOL, 'GoldToken.sol'), 'utf8'));
    await page.getByRole('button', { name: DEPLOY_TEXTS.deploy, exact: true }).click();
    await page.getByRole('button', { name: MESSAGES.deploying }).waitFor({ timeout: 10_000 });
    await p.check('deploy: deploying', 'main');
    await page.getByText(MESSAGES.deploySuccess).waitFor({ timeout: 120_000 });
    const address = (await page.getByTestId('deployed-address').textContent()) ?? '';
    expect(address).toMatch(/^r[0-9a-fA-F]{40}$/);
    await page.getByTestId('deploy-verified').waitFor();
    const code0 = await product.rpc<string>('eth_getCode', [`0x${address.slice(1)}`, 'latest']);
    expect(code0.length).toBeGreaterThan(2);
    await p.check('deploy: deployed', 'main');
    await p.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.url });
    await page.getByRole('button', { name: DEPLOY_TEXTS.copyAddress }).click();
    await page.getByText(DEPLOY_TEXTS.copied).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
    await p.check('deploy: address copied (toast)', '.toast-region');
    return p.failures();
  } finally {
    await p.close();
  }
}

/** Deploy with the web wallet on a desktop: the log-in, the signer choice, the password asked (a wrong one, then right), the steps, a DApp. */
export async function deployWebWalletFlow(browser: Browser, product: RunningProduct): Promise<string[]> {
  const user = await makeWebUser(product, `hindi.deployer.${Date.now()}@example.com`, 'a long wallet password 42');
  const p = await openHindi(browser, product.url, 'desktop');
  const { page } = p;
  try {
    await p.go('/Account');
    await page.getByLabel(WALLET_TEXTS.email).fill(user.email);
    await page.getByLabel(WALLET_TEXTS.password).fill(user.password);
    await page.getByRole('button', { name: WALLET_TEXTS.login }).click();
    await page.waitForURL('**/Dashboard*', { timeout: 60_000 });
    await p.go('/Deploycontract');
    const webRadio = page.getByRole('radio', { name: new RegExp(`^${escape(DEPLOY_TEXTS.signerWeb)}`) });
    await webRadio.waitFor({ timeout: 20_000 });
    expect(await webRadio.isChecked()).toBe(true);
    await p.check('deploy with the web wallet: form', 'main');
    await page.getByLabel(DEPLOY_TEXTS.contractName).fill('Counter');
    await page.getByLabel(DEPLOY_TEXTS.contractType).selectOption('DApp');
    await page.getByLabel(DEPLOY_TEXTS.file).setInputFiles(path.join(SOL, 'Counter.sol'));
    await page.getByRole('heading', { name: `${DEPLOY_TEXTS.preview}: Counter.sol` }).waitFor();
    await tabTo(page, DEPLOY_TEXTS.deploy);
    await page.keyboard.press('Enter');
    const password = page.getByLabel(DEPLOY_TEXTS.password);
    await password.waitFor({ timeout: 60_000 });
    await p.check('deploy with the web wallet: password asked', 'main');
    await page.keyboard.type('a wrong password');
    await page.keyboard.press('Enter');
    await page.locator('.deploy-unlock [role="alert"], .deploy-unlock .deploy-form__error').first().waitFor({ timeout: 60_000 });
    await p.check('deploy with the web wallet: a wrong password', 'main');
    await password.fill(user.password);
    await password.press('Enter');
    await page.getByTestId('deploy-step').waitFor({ timeout: 30_000 });
    await p.check('deploy with the web wallet: steps', 'main');
    await page.getByText(MESSAGES.deploySuccess).waitFor({ timeout: 120_000 });
    const address = (await page.getByTestId('deployed-address').textContent()) ?? '';
    const receipt = await product.rpc<{ from: string }>('eth_getTransactionReceipt', [
      ((await page.locator('.deploy-result a[href^="/transaction/0x"]').getAttribute('href')) ?? '').split('/').pop(),
    ]);
    expect(receipt.from.toLowerCase()).toBe(user.wallet.address.toLowerCase());
    expect(address).toMatch(/^r[0-9a-fA-F]{40}$/);
    await p.check('deploy with the web wallet: deployed', 'main');
    return p.failures();
  } finally {
    await p.close();
  }
}

const SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

contract HindiBox {
    uint256 public number;

    constructor(uint256 number_) {
        number = number_;
    }
}
`;

const FORM = { ...EMPTY_FORM, fileName: 'HindiBox.sol', source: SOURCE, compilerVersion: BUNDLED };

/** The single-file form by keyboard: the source, the bundled compiler, then submit. */
async function submitForm(p: HiPage, address: string): Promise<void> {
  const { page } = p;
  await p.go(`/VerifyContract/${address}`);
  await page.getByLabel(VERIFY_TEXTS.sourceCode).waitFor({ timeout: 20_000 });
  await tabTo(page, VERIFY_TEXTS.sourceCode);
  await page.keyboard.insertText(SOURCE);
  await tabTo(page, VERIFY_TEXTS.compiler);
  await page.keyboard.type(BUNDLED);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  expect(await page.getByRole('combobox', { name: VERIFY_TEXTS.compiler }).inputValue()).toContain(BUNDLED);
  await p.check('verify form filled', 'main');
  await tabTo(page, VERIFY_TEXTS.submit);
  await page.keyboard.press('Enter');
}

async function failedWith(page: Page, part: string): Promise<void> {
  await page.getByRole('heading', { name: VERIFY_TEXTS.failed }).waitFor({ timeout: 120_000 });
  expect(await page.locator('.verify-status__error').innerText()).toContain(part);
}

export async function verifyFlow(browser: Browser, product: RunningProduct): Promise<string[]> {
  const [mismatched, published, fresh] = [
    await deployForm(product, FORM, true),
    await deployForm(product, FORM),
    await deployForm(product, FORM),
  ];
  await verifyThroughApi(product, published, FORM);
  const p = await openHindi(browser, product.url, 'desktop');
  const { page } = p;
  try {
    // No match: built with the optimizer on, submitted with it off.
    await submitForm(p, mismatched);
    await failedWith(page, FAILURE_PARTS.no_match!);
    await p.check('verify: no match', 'main');
    // Already verified (through the API first): the page says so.
    await p.go(`/VerifyContract/${published}`);
    await page.getByText(VERIFY_TEXTS.alreadyVerified).waitFor({ timeout: 20_000 });
    await p.check('verify: already verified', 'main');
    // Verified.
    await submitForm(p, fresh);
    await page.getByRole('heading', { name: VERIFY_TEXTS.verified }).waitFor({ timeout: 120_000 });
    await p.check('verify: verified', 'main');
    return p.failures();
  } finally {
    await p.close();
  }
}
