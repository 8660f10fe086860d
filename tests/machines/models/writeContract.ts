/**
 * The write-contract machine's model (not a test file): the write form of a payable function with
 * an integer argument, both signers offered (a locked web wallet and a browser wallet), the events
 * each state offers and the generated paths, shared by the jsdom model test
 * (tests/machines/writeContractMachine.model.test.tsx) and the browser walk (tests/e2e/paths/).
 */
import { WRITE_TEXTS } from '../../../src/sections/contract/writeTexts';
import type { WriteFunction } from '../../../src/lib/abiFunctions';
import { writeContractMachine } from '../../../src/machines/writeContractMachine';
import {
  PasswordNeededError,
  hasProblems,
  type EstimateOutput,
  type Signers,
  type WriteContext,
  type WriteEvent,
} from '../../../src/machines/writeContractTypes';
import { machinePaths } from '../coverage';

export const CONTRACT = `r${'cd'.repeat(20)}`;
export const FROM = `r${'ab'.repeat(20)}`;
export const HASH = `0x${'12'.repeat(32)}`;
export const FN: WriteFunction = {
  type: 'function',
  name: 'post',
  inputs: [{ name: 'amount', type: 'uint256' }],
  stateMutability: 'payable',
};
export const ABI = [FN];
export const SIGNERS: Signers = { web: { email: 'ann@example.com', address: FROM, unlocked: false }, injected: true };
export const REASON = 'TooLarge(value: 5000, max: 1000)';

type AnyEvent = { type: string } & Record<string, unknown>;
export const OWN: AnyEvent[] = [
  { type: 'arg.change', index: 0, value: '5' },
  { type: 'arg.change', index: 0, value: 'x' },
  { type: 'arg.unit', index: 0, on: true },
  { type: 'value.change', value: '0.5' },
  { type: 'value.change', value: 'abc' },
  { type: 'signer.choose', signer: 'web' },
  { type: 'signer.choose', signer: 'injected' },
  { type: 'password.change', value: 'account-pass' },
  { type: 'write.submit' },
  { type: 'unlock.submit' },
  { type: 'write.confirm' },
  { type: 'write.cancel' },
];
export const ESTIMATE_OK: EstimateOutput = { data: '0x1234', chainId: 18215, gasLimit: '60000', maxFeePerGas: '2000000000' };
export const ACTORS: AnyEvent[] = [
  { type: 'xstate.done.actor.detect', output: SIGNERS },
  { type: 'xstate.error.actor.detect', error: new Error('offline') },
  { type: 'xstate.done.actor.connect', output: FROM },
  { type: 'xstate.error.actor.connect', error: new PasswordNeededError('That password does not open this wallet') },
  { type: 'xstate.error.actor.connect', error: new Error('You rejected the request in your wallet.') },
  { type: 'xstate.done.actor.estimate', output: ESTIMATE_OK },
  { type: 'xstate.done.actor.estimate', output: { data: '0x1234', revert: REASON } },
  { type: 'xstate.error.actor.estimate', error: new Error('HTTP 503') },
  { type: 'xstate.done.actor.send', output: HASH },
  { type: 'xstate.error.actor.send', error: new Error('The node refused the transaction') },
  { type: 'xstate.done.actor.waitMined', output: { status: 1, logs: [] } },
  { type: 'xstate.done.actor.waitMined', output: { status: 0, logs: [] } },
  { type: 'xstate.error.actor.waitMined', error: new Error(WRITE_TEXTS.notMined) },
];

/** The events a user (or an actor) can cause; the machine takes a signer choice only of a detected signer. */
export const WRITE_EVENTS = [...OWN, ...ACTORS] as unknown as WriteEvent[];

export const WRITE_INPUT = { contract: CONTRACT, fn: FN, abi: ABI };

export const writeContractPaths = () =>
  machinePaths(writeContractMachine, {
    input: WRITE_INPUT,
    events: WRITE_EVENTS,
    contextKey: (c: WriteContext) =>
      `${c.signers.web ? 'web' : ''}+${c.signers.injected ? 'injected' : ''} detected, ${hasProblems(c) ? 'bad form' : 'ok form'}, ${c.signer ?? 'no signer'}, ${c.signers.web?.unlocked ? 'unlocked' : 'locked'}, ${c.password ? 'password' : 'no password'}`,
  });
