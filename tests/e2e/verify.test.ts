/**
 * Verify & Publish in Debian's chromium against the real product (issue #26). A contract compiled
 * from a forge-style standard JSON input with the solc the product bundles is deployed with ethers'
 * ContractFactory (constructor (42, "real label")). At desktop width, by keyboard alone: the
 * contract page's palette action opens the Verify page; the standard JSON goes in, the compiler is
 * chosen from the searchable list; wrong constructor arguments (999, "FAKE LABEL") are refused
 * with an error naming them; without them the contract verifies (creation and runtime exact
 * match) and its page shows the chain's arguments decoded. At mobile width a changed source is
 * refused, naming the part that differed. Screenshots in screenshots/verify/ (light and dark).
 */
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { AbiCoder, ContractFactory, JsonRpcProvider, Wallet } from 'ethers';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { toRubyAddress } from '../../common/address';
import { paths } from '../../common/api/paths';
import { VERIFICATION_TEXTS } from '../../src/sections/contract/verificationTexts';
import { VERIFY_TEXTS } from '../../src/features/verify/texts';
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
import { pollUntil, type RunningProduct } from '../helpers/product';
import { sharedProduct } from '../helpers/sharedProduct';

const require = createRequire(import.meta.url);
const solc = require('solc') as { compile(input: string): string; version(): string };

const SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// A box holding a number and a label, set once by the constructor.
contract Box {
    uint256 public immutable number;
    string public label;

    constructor(uint256 number_, string memory label_) {
        number = number_;
        label = label_;
    }
}
`;

/** The input as `forge verify-contract --show-standard-json-input` prints it for src/Box.sol. */
function forgeInput(source: string) {
  return {
    language: 'Solidity',
    sources: { 'src/Box.sol': { content: source } },
    settings: {
      remappings: [],
      optimizer: { enabled: true, runs: 200 },
      metadata: { useLiteralContent: false, bytecodeHash: 'ipfs', appendCBOR: true },
      outputSelection: {
        '*': { '': ['ast'], '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object', 'evm.methodIdentifiers', 'metadata'] },
      },
      evmVersion: 'cancun',
      viaIR: false,
      libraries: {},
    },
  };
}

const INPUT = forgeInput(SOURCE);
/** The bundled solc, e.g. 0.8.37 (the list names it v0.8.37, or with its commit when the binaries list is reachable). */
const BUNDLED = solc.version().replace(/\+.*$/, '');
const FAKE_ARGS = AbiCoder.defaultAbiCoder().encode(['uint256', 'string'], [999, 'FAKE LABEL']);

let product: RunningProduct | null = null;
let browser: Browser | null = null;
let boxes: string[] = [];

async function deployBox(key: string, args: [number, string]): Promise<string> {
  const out = JSON.parse(solc.compile(JSON.stringify(INPUT))) as {
    contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
    errors?: { severity: string; formattedMessage: string }[];
  };
  const errors = (out.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const box = out.contracts['src/Box.sol']!.Box!;
  const provider = new JsonRpcProvider(product!.rpcUrl, undefined, { staticNetwork: true });
  const factory = new ContractFactory(box.abi as never, box.evm.bytecode.object, new Wallet(key, provider));
  const contract = await factory.deploy(...args);
  await contract.waitForDeployment();
  const address = toRubyAddress(await contract.getAddress());
  await pollUntil(
    async () => (await product!.api(paths.contractDetail(address))) !== null,
    60_000,
    () => `${address} never indexed`,
  );
  return address;
}

beforeAll(async () => {
  product = await sharedProduct();
  browser = await launchBrowser();
  fs.rmSync(path.join(SCREENSHOT_DIR, 'verify'), { recursive: true, force: true });
  // A fresh key funded by the devnet itself: the traffic generator keeps sending from every dev
  // account, and a deploy sharing one of their nonces would race it (as in deploy.test.ts).
  const wallet = Wallet.createRandom();
  await product.rpc('anvil_setBalance', [wallet.address, `0x${(1000n * 10n ** 18n).toString(16)}`]);
  boxes = [await deployBox(wallet.privateKey, [42, 'real label']), await deployBox(wallet.privateKey, [7, 'second box'])];
}, 300_000);

afterAll(async () => {
  await browser?.close();
}, 60_000);

/** Presses Tab until the focused element is the one `name` labels (keyboard only); fails after 60 presses. */
async function tabTo(page: Page, name: string): Promise<void> {
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el) return '';
      const byId = el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent : null;
      return (byId ?? el.closest('label')?.textContent ?? el.getAttribute('aria-label') ?? el.textContent ?? '').trim();
    });
    if (focused === name) return;
  }
  throw new Error(`no focusable element named "${name}" reached by Tab`);
}

async function fillByKeyboard(page: Page, source: object): Promise<void> {
  await tabTo(page, VERIFY_TEXTS.kindSingle);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  expect(await page.getByRole('radio', { name: VERIFY_TEXTS.kindJson }).isChecked()).toBe(true);
  await tabTo(page, VERIFY_TEXTS.jsonInput);
  await page.keyboard.insertText(JSON.stringify(source, null, 2));
  await tabTo(page, VERIFY_TEXTS.compiler);
  await page.keyboard.type(BUNDLED);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  expect(await page.getByRole('combobox', { name: VERIFY_TEXTS.compiler }).inputValue()).toMatch(
    new RegExp(`^v${BUNDLED.replace(/\./g, '\\.')}\\b`),
  );
}

async function submitByKeyboard(page: Page): Promise<void> {
  await tabTo(page, VERIFY_TEXTS.submit);
  await page.keyboard.press('Enter');
}

async function shots(page: Page, name: string): Promise<void> {
  await screenshot(page, `verify/${name}-light`);
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshot(page, `verify/${name}-dark`);
  await page.emulateMedia({ colorScheme: 'light' });
}

function noProblems(v: Visit): void {
  expect(v.problems, v.problems.join('\n')).toEqual([]);
}

it('verifies a forge-style standard JSON contract by keyboard alone; wrong constructor arguments are refused', async () => {
  const address = boxes[0]!;
  const v = await visit(browser!, product!.url, `/contractDetail/${address}?tab=contract`, { viewport: 'desktop' });
  try {
    const { page } = v;
    await page.getByRole('link', { name: 'Verify & Publish the source' }).waitFor();
    await shots(page, 'desktop-unverified-contract');
    // The palette (Ctrl+K) offers "Verify & publish" for the contract on screen.
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await palette.waitFor({ state: 'visible', timeout: 30_000 });
    await expect.poll(() => palette.getByRole('combobox').evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('verify & publish');
    const action = palette.getByRole('option', { name: /Verify & publish the source of/ });
    await action.waitFor();
    // "Search for …" comes first: move down to the action with the arrow keys.
    for (let i = 0; i < 15 && (await action.getAttribute('aria-selected')) !== 'true'; i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/VerifyContract/${address}`);
    await page.getByRole('heading', { level: 1, name: 'Verify & Publish contract source' }).waitFor();

    await fillByKeyboard(page, INPUT);
    await tabTo(page, VERIFY_TEXTS.argsClaimed);
    await page.keyboard.type(FAKE_ARGS);
    await shots(page, 'desktop-filled');
    expect(await sidewaysOverflow(page)).toEqual([]);
    expect(formatViolations(await axeViolations(page))).toEqual([]);
    await submitByKeyboard(page);

    const failed = page.getByRole('heading', { name: VERIFY_TEXTS.failed });
    await failed.waitFor({ timeout: 120_000 });
    const error = (await page.locator('.verify-status__error').textContent()) ?? '';
    expect(error).toMatch(/constructor argument/i);
    await shots(page, 'desktop-wrong-arguments');

    // Back to the form, the arguments cleared (they come from the chain), and again.
    await tabTo(page, VERIFY_TEXTS.edit);
    await page.keyboard.press('Enter');
    await tabTo(page, VERIFY_TEXTS.argsClaimed);
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Delete');
    await submitByKeyboard(page);
    await page.getByRole('heading', { name: VERIFY_TEXTS.verified }).waitFor({ timeout: 120_000 });
    expect(await page.getByTestId('creation-match').textContent()).toBe('exact match (metadata hash equal too)');
    expect(await page.getByTestId('runtime-match').textContent()).toBe('exact match (metadata hash equal too)');
    await page.getByRole('cell', { name: 'real label' }).waitFor({ timeout: 20_000 });
    await shots(page, 'desktop-verified');

    await tabTo(page, VERIFY_TEXTS.viewContract);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/contractDetail/${address}?tab=contract`);
    const details = page.getByRole('region', { name: VERIFICATION_TEXTS.title });
    await details.waitFor({ timeout: 20_000 });
    expect(await details.textContent()).toContain('exact match');
    expect(await details.textContent()).toContain(`v${BUNDLED}`);
    const args = page.getByRole('region', { name: VERIFICATION_TEXTS.constructorArgs });
    expect(await args.textContent()).toContain('42');
    expect(await args.textContent()).toContain('real label');
    expect(await args.textContent()).not.toContain('FAKE LABEL');
    await shots(page, 'desktop-verified-contract');
    expect(formatViolations(await axeViolations(page))).toEqual([]);
    noProblems(v);
  } finally {
    await v.close();
  }
}, 300_000);

it('refuses a changed source at mobile width, naming the part that differed', async () => {
  const address = boxes[1]!;
  const v = await visit(browser!, product!.url, `/VerifyContract/${address}`, { viewport: 'mobile' });
  try {
    const { page } = v;
    await fillByKeyboard(page, forgeInput(SOURCE.replace('label = label_;', 'label = string.concat(label_, "!");')));
    await shots(page, 'mobile-filled');
    expect(await sidewaysOverflow(page)).toEqual([]);
    await submitByKeyboard(page);
    await page.getByRole('heading', { name: VERIFY_TEXTS.failed }).waitFor({ timeout: 120_000 });
    const error = (await page.locator('.verify-status__error').textContent()) ?? '';
    expect(error).toContain('The compiled code differs from the chain.');
    await shots(page, 'mobile-changed-source');
    expect(await sidewaysOverflow(page)).toEqual([]);
    expect(formatViolations(await axeViolations(page))).toEqual([]);
    noProblems(v);
  } finally {
    await v.close();
  }
}, 300_000);
