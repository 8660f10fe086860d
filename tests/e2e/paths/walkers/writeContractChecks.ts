/**
 * The write walk's parts that are not browser actions (not a test file): its contract (Board, a
 * payable post(uint256 amount) reverting with TooLarge(amount, max) above the cap in storage slot
 * 0), deployed and verified once per product; which generated paths the browser can take; the
 * checks of each state on the page.
 */
import type { Locator } from 'playwright-core';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { paths } from '../../../../common/api/paths';
import { compileSolidity } from '../../../../server/chain/compile';
import { WRITE_TEXTS } from '../../../../src/sections/contract/writeTexts';
import type { WriteContext } from '../../../../src/machines/writeContractTypes';
import type { RunningProduct } from '../../../helpers/product';
import type { PathLike } from '../../../machines/coverage';
import { eventually, type PathPage } from '../page';
import type { StateCheck } from '../walk';
import { deployIndexed } from '../verifyContracts';
import { nextStep } from './walkSteps';

const COINS = 1000n * 10n ** 18n;
export const NO_CAP = `0x${'f'.repeat(64)}`;
export const ZERO = `0x${'0'.repeat(64)}`;
const SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// The write walk's contract: a payable post(uint256 amount), capped by a value in slot 0.
contract Board {
    error TooLarge(uint256 value, uint256 max);
    event Posted(address indexed by, uint256 amount, uint256 paid);

    uint256 public max = type(uint256).max;
    uint256 public total;

    function post(uint256 amount) external payable {
        if (amount > max) revert TooLarge(amount, max);
        total += amount;
        emit Posted(msg.sender, amount, msg.value);
    }
}
`;

const boards = new Map<string, Promise<string>>();
/** The Board of this product (deployed and verified once): r…. */
export function boardOf(product: RunningProduct): Promise<string> {
  if (!boards.has(product.url))
    boards.set(
      product.url,
      (async () => {
        const settings = { optimizer: { enabled: true, runs: 200 } };
        const art = (await compileSolidity({ 'Board.sol': SOURCE }, settings)).artifacts.find((a) => a.contractName === 'Board');
        if (!art) throw new Error('Board not compiled');
        const address = await deployIndexed(product, art.abi, art.bytecode, [], COINS);
        const res = await fetch(`${product.url}/api${paths.verifyContract()}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ address, contractName: 'Board', source: SOURCE, fileName: 'Board.sol', settings }),
        });
        if (!res.ok) throw new Error(`verify Board: HTTP ${res.status} ${await res.text()}`);
        return address;
      })(),
    );
  return boards.get(product.url) as Promise<string>;
}

export const ctx = (s: AnyMachineSnapshot) => s.context as WriteContext;
/** The next event after step `i` passing `test`, before the next write.submit. */
export const nextInRound = (path: PathLike, i: number, test: (e: AnyEventObject) => boolean) =>
  nextStep(path, i, test, (e) => e.type === 'write.submit');
export const passwordError = (e: AnyEventObject | null) => e?.type === 'xstate.error.actor.connect' && /password/i.test(String(e.error));

/**
 * Paths the browser can take: a wrong password only for a locked web wallet (an opened one stays
 * open in the tab, a browser wallet never asks), a transaction mined as failed only through the
 * browser wallet (the web wallet's relay estimates again, and refuses a call that would revert).
 */
export function browserPossible(p: PathLike): boolean {
  return p.steps.every((s, i) => {
    const e = s.event as AnyEventObject;
    const before = () => ctx(p.steps[i - 1]?.state as AnyMachineSnapshot);
    if (passwordError(e)) return before().signer === 'web' && before().signers.web?.unlocked === false;
    if (e.type === 'xstate.done.actor.waitMined' && (e.output as { status: number }).status === 0) return before().signer === 'injected';
    return true;
  });
}

/** What the walk did that the checks compare with. */
export interface WriteWalkState {
  typedPassword: string;
  expectFailure: RegExp;
}

export interface WriteView {
  card: Locator;
  writeButton: Locator;
  alert: Locator;
  product: RunningProduct;
  hexBoard: string;
}

export function writeChecks(pp: PathPage, w: WriteWalkState, v: WriteView): Record<string, StateCheck> {
  const { card, writeButton, alert, product, hexBoard } = v;
  return {
    detecting: async () => {
      if (await writeButton.isEnabled()) throw new Error('Write is enabled while detecting');
    },
    editing: async () => {
      await eventually(() => writeButton.isEnabled(), 'Write enabled');
      if ((await alert.count()) > 0) throw new Error(`alerts: ${(await alert.allTextContents()).join(' | ')}`);
    },
    invalid: async (s) => {
      const want = ctx(s).signer === null ? WRITE_TEXTS.noSigner : WRITE_TEXTS.formProblems;
      await alert.filter({ hasText: want }).waitFor();
    },
    unlocking: async (s) => {
      const c = ctx(s);
      const box = card.getByLabel(WRITE_TEXTS.password);
      // The model types its password; the walk typed a right or a wrong one (typedPassword).
      const want = c.password === '' ? '' : w.typedPassword;
      await eventually(async () => (await box.inputValue()) === want, `password '${want}'`);
      if (await writeButton.isEnabled()) throw new Error('Write is enabled while unlocking');
      if (c.message) await alert.filter({ hasText: c.message }).waitFor();
    },
    connecting: async () => {
      await eventually(() => pp.sawTogether(WRITE_TEXTS.connecting), 'the connecting step');
    },
    estimating: async () => {
      await eventually(() => pp.sawTogether(WRITE_TEXTS.estimating), 'the estimating step', 30_000);
    },
    confirming: async () => {
      const group = card.getByRole('group', { name: WRITE_TEXTS.confirm });
      if (!/[\d,]+ gas/.test((await group.textContent()) ?? '')) throw new Error('no gas estimate shown');
      const focused = await group.getByRole('button', { name: WRITE_TEXTS.confirm }).evaluate((el) => el === document.activeElement);
      if (!focused) throw new Error('Confirm does not have focus');
    },
    sending: async () => {
      await eventually(() => pp.sawTogether(WRITE_TEXTS.sending), 'the sending step', 30_000);
    },
    pending: async () => {
      await eventually(() => pp.sawTogether(WRITE_TEXTS.pending), 'the pending step', 60_000);
    },
    mined: async () => {
      await card.getByText(WRITE_TEXTS.mined).waitFor();
      const hash = ((await card.locator('a[href^="/transaction/0x"]').first().getAttribute('href')) ?? '').split('/').pop() ?? '';
      const receipt = await product.rpc<{ status: string; to: string }>('eth_getTransactionReceipt', [hash]);
      if (receipt.status !== '0x1' || receipt.to.toLowerCase() !== hexBoard.toLowerCase())
        throw new Error(`receipt ${JSON.stringify(receipt)}`);
      await card.getByText('Posted').first().waitFor();
    },
    minedFailed: async () => {
      await alert.filter({ hasText: WRITE_TEXTS.minedFailed }).waitFor();
    },
    reverted: async () => {
      const text = (await alert.textContent()) ?? '';
      if (!text.includes(WRITE_TEXTS.reverted) || !/TooLarge\(value: \d+, max: 0\)/.test(text)) throw new Error(`alert '${text}'`);
    },
    failed: async () => {
      const text = (await alert.textContent()) ?? '';
      if (!text.includes(`${WRITE_TEXTS.failed}: `) || !w.expectFailure.test(text))
        throw new Error(`alert '${text}', not ${String(w.expectFailure)}`);
    },
  };
}
