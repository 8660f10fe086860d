/**
 * The deploy walk's parts that are not browser actions (not a test file): the uploaded RBC20's
 * source, which generated paths the browser can take, and the checks of each state on the page.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator } from 'playwright-core';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { MESSAGES } from '../../../../common/spec';
import { DEPLOY_TEXTS } from '../../../../src/features/deploy/texts';
import type { DeployContext } from '../../../../src/machines/deployMachine';
import { REPO_ROOT, type RunningProduct } from '../../../helpers/product';
import type { PathLike } from '../../../machines/coverage';
import { eventually, type PathPage } from '../page';
import type { EventAction, StateCheck } from '../walk';

export const ctx = (s: AnyMachineSnapshot) => s.context as DeployContext;

/** An RBC20 of the supported constructor whose creation reverts while `gate` holds coins. */
export const goodSource = (gate: string) => `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// An RBC20 whose creation reverts while the gate address holds coins.
contract GoldToken is ERC20 {
    constructor(string memory name_, string memory symbol_, uint256 initialSupply) ERC20(name_, symbol_) {
        require(address(${gate}).balance == 0, "gate closed");
        _mint(msg.sender, initialSupply);
    }
}
`;

/** The two uploads, both named GoldToken.sol, in a new temporary folder: the gated RBC20 and a file with a parse error. */
export function writeSources(gate: string): { dir: string; good: string; bad: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'deploy-walk-'));
  const good = path.join(dir, 'good', 'GoldToken.sol');
  const bad = path.join(dir, 'bad', 'GoldToken.sol');
  fs.mkdirSync(path.dirname(good));
  fs.mkdirSync(path.dirname(bad));
  fs.writeFileSync(good, goodSource(gate));
  fs.writeFileSync(bad, fs.readFileSync(path.join(REPO_ROOT, 'tests/fixtures/sol/Broken.sol'), 'utf8'));
  return { dir, good, bad };
}

/**
 * Paths the browser can take: the wrong-password answer comes only from a locked web wallet (an
 * injected wallet or a pasted key never asks for it; an opened one stays open in the tab).
 */
export function browserPossible(p: PathLike): boolean {
  return p.steps.every((s, i) => {
    const e = s.event as AnyEventObject;
    if (e.type !== 'xstate.error.actor.connect' || e.case !== 'password') return true;
    const c = ctx(p.steps[i - 1]?.state as AnyMachineSnapshot);
    return c.signer === 'web' && c.signers.web?.unlocked === false;
  });
}

/** What the walk did that the checks compare with. */
export interface DeployWalkState {
  uploaded: string;
  typedPassword: string;
  expectFailure: RegExp | string;
  expectVerifyError: string;
  copied: boolean;
}

export interface DeployView {
  form: Locator;
  deployButton: Locator;
  unlock: Locator;
  radio: (signer: DeployContext['signer']) => Locator;
  product: RunningProduct;
}

export function deployChecks(pp: PathPage, w: DeployWalkState, v: DeployView): Record<string, StateCheck> {
  const { page } = pp;
  const { form, deployButton, unlock, radio, product } = v;
  const deployReady = () =>
    eventually(async () => (await deployButton.textContent()) === DEPLOY_TEXTS.deploy && deployButton.isEnabled(), 'Deploy enabled');
  const saw = (text: string, ms = 15_000) => eventually(() => pp.sawTogether(text), `'${text}'`, ms);
  return {
    detecting: async () => {
      if (await deployButton.isEnabled()) throw new Error('Deploy is enabled while detecting');
      if ((await form.getByRole('radio').count()) > 0) throw new Error('signer radios while detecting');
    },
    idle: async (s) => {
      const c = ctx(s);
      await deployReady();
      const name = await form.getByLabel(DEPLOY_TEXTS.contractName).inputValue();
      if (name !== c.contractName) throw new Error(`name '${name}', not '${c.contractName}'`);
      const keyBoxes = await form.getByLabel(DEPLOY_TEXTS.privateKey, { exact: true }).count();
      if ((c.signer === 'key') !== (keyBoxes === 1)) throw new Error(`key field ${keyBoxes} for signer ${c.signer}`);
      if ((c.signers.web || c.signers.injected) && !(await radio(c.signer).isChecked())) throw new Error(`${c.signer} not checked`);
      const alerts = await form.getByRole('alert').allTextContents();
      if (c.error ? !alerts.includes(MESSAGES.deployFillAll) : alerts.length > 0) throw new Error(`alerts ${JSON.stringify(alerts)}`);
      const previews = form.locator('pre.code-view');
      if (c.file && (await previews.first().textContent()) !== w.uploaded) throw new Error('the preview is not the uploaded file');
      if (!c.file && (await previews.count()) > 0) throw new Error('a preview without a file');
    },
    deploying: () => saw(`[disabled:${MESSAGES.deploying}]`),
    'deploying.compiling': () => saw(DEPLOY_TEXTS.compiling),
    'deploying.unlocking': async (s) => {
      const c = ctx(s);
      const box = unlock.getByLabel(DEPLOY_TEXTS.password);
      // The model types its password; the walk typed a right or a wrong one.
      const want = c.password === '' ? '' : w.typedPassword;
      await eventually(async () => (await box.inputValue()) === want, `password '${want}'`);
      const alerts = await unlock.getByRole('alert').allTextContents();
      if (c.error && !alerts.includes(c.error)) throw new Error(`alerts ${JSON.stringify(alerts)} lack '${c.error}'`);
    },
    'deploying.connecting': () => saw(DEPLOY_TEXTS.connecting),
    'deploying.sending': () => saw(DEPLOY_TEXTS.sending, 30_000),
    'deploying.pending': () => saw(DEPLOY_TEXTS.pending, 30_000),
    'deploying.verifying': () => saw(DEPLOY_TEXTS.verifying, 30_000),
    'deployed.ready': async (s) => {
      const c = ctx(s);
      await page.getByText(MESSAGES.deploySuccess).waitFor({ timeout: 60_000 });
      const address = (await page.getByTestId('deployed-address').textContent()) ?? '';
      if (!/^r[0-9a-fA-F]{40}$/.test(address)) throw new Error(`address '${address}'`);
      if ((await product.rpc<string>('eth_getCode', [`0x${address.slice(1)}`, 'latest'])) === '0x')
        throw new Error(`no code at ${address}`);
      if (c.verified) await page.getByTestId('deploy-verified').waitFor();
      else await page.getByText(w.expectVerifyError).waitFor();
      const copy = page.getByRole('button', { name: DEPLOY_TEXTS.copyAddress });
      await eventually(() => copy.isEnabled(), 'Copy Address enabled');
      if (w.copied) {
        const held = (await page.evaluate('navigator.clipboard.readText()')) as string;
        if (held !== address) throw new Error(`the clipboard holds '${held}', not ${address}`);
      }
    },
    'deployed.copying': () => saw(`[disabled:${DEPLOY_TEXTS.copyAddress}]`),
    failed: async () => {
      await deployReady();
      const text = (await form.getByRole('alert').allTextContents()).join(' | ');
      const ok = typeof w.expectFailure === 'string' ? text.includes(w.expectFailure) : w.expectFailure.test(text);
      if (!ok) throw new Error(`alert '${text}', not ${String(w.expectFailure)}`);
    },
  };
}

/** Copy Address: the clipboard write allowed, or denied first when the path's next answer is a refusal. */
export function copyActions(
  pp: PathPage,
  path: PathLike,
  clipboard: { set(allow: boolean): Promise<void> },
  w: DeployWalkState,
): Record<string, EventAction> {
  const { page } = pp;
  return {
    'address.copy': async (_e, i) => {
      const refuse = path.steps[i + 1]?.event.type === 'xstate.error.actor.copyAddress';
      await clipboard.set(!refuse);
      await page.getByRole('button', { name: DEPLOY_TEXTS.copyAddress }).click();
      return refuse ? "clipboard-write denied to the origin first (CDP Browser.setPermission, as a user's site setting)" : undefined;
    },
    'xstate.done.actor.copyAddress': async () => {
      await page.getByText(DEPLOY_TEXTS.copied).first().waitFor();
      w.copied = true;
      return 'the address is on the clipboard';
    },
    'xstate.error.actor.copyAddress': async () => {
      await page.getByText(MESSAGES.deployCopyFailed.split('{')[0]!.trim()).first().waitFor();
      return 'chromium refused the write (NotAllowedError) and the page said so';
    },
  };
}
