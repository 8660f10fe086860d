/**
 * The verify machine's model (not a test file): the events and the generated paths, shared by the
 * jsdom model test (tests/machines/verifyMachine.model.test.tsx) and the browser walk
 * (tests/e2e/paths/).
 */
import { toChecksumHexAddress } from '../../../common/address';
import { verifyProblem } from '../../../src/lib/verifyInput';
import {
  POLL_INTERVAL_MS,
  VerifyRequestError,
  verifyMachine,
  type VerifyContext,
  type VerifyEvent,
} from '../../../src/machines/verifyMachine';
import { machinePaths } from '../coverage';

export const ADDRESS = 'r5FbDB2315678afecb367f032d93F642f64180aa3';
export const CHAIN_ID = '18215';
export const SOURCE =
  '// SPDX-License-Identifier: MIT\npragma solidity ^0.8.20;\ninterface IBox {}\ncontract Box is IBox { uint256 public v; constructor(uint256 x) { v = x; } }\n';
export const LIB = { name: 'src/Lib.sol', content: 'pragma solidity ^0.8.20;\nlibrary Lib {}\ncontract Helper {}\n' };
export const COMPILER = 'v0.8.20+commit.a1b79de6';
export const JOB_ID = '5a3c5e4e-1f7c-4a7e-9b3e-0c6a1d2f3b4c';
export const NO_MATCH = 'The runtime code differs from the chain at byte 312 (after the constructor): the compiled code does not match';
export const REFUSED = new VerifyRequestError(
  'Contract 0x5FbDB2315678afecb367f032d93F642f64180aa3 on chain 18215 is already verified (exact_match)',
  'already_verified',
);

const job = (over: Record<string, unknown>) => ({
  isJobCompleted: true,
  verificationId: JOB_ID,
  jobStartTime: '2026-11-25T02:00:00Z',
  contract: { match: null, creationMatch: null, runtimeMatch: null, chainId: CHAIN_ID, address: toChecksumHexAddress(ADDRESS) },
  ...over,
});
export const VERIFIED = job({
  contract: {
    match: 'exact_match',
    creationMatch: 'exact_match',
    runtimeMatch: 'match',
    chainId: CHAIN_ID,
    address: toChecksumHexAddress(ADDRESS),
  },
});
export const NOT_MATCHING = job({ error: { customCode: 'no_match', message: NO_MATCH, errorId: 'e1' } });
export const RUNNING = job({ isJobCompleted: false });

export function eventsFor(s: { value: unknown; context: VerifyContext }): VerifyEvent[] {
  const f = s.context.form;
  return [
    { type: 'field.change', field: 'source', value: SOURCE },
    { type: 'field.change', field: 'compilerVersion', value: COMPILER },
    { type: 'optimizer.set', value: !f.optimizer },
    { type: 'kind.select', kind: f.kind === 'single' ? 'multi' : 'single' },
    { type: 'files.set', files: [LIB, { name: 'src/Box.sol', content: SOURCE }] },
    { type: 'verify.submit' },
    { type: 'verify.retry' },
    { type: 'verify.edit' },
    { type: 'xstate.done.actor.submit', output: { verificationId: JOB_ID } },
    { type: 'xstate.error.actor.submit', error: REFUSED },
    { type: 'xstate.error.actor.submit', error: new TypeError('Failed to fetch') },
    { type: 'xstate.done.actor.poll', output: VERIFIED },
    { type: 'xstate.done.actor.poll', output: NOT_MATCHING },
    { type: 'xstate.done.actor.poll', output: RUNNING },
    { type: 'xstate.error.actor.poll', error: new TypeError('Failed to fetch') },
    { type: `xstate.after.${POLL_INTERVAL_MS}.verify.waiting` },
  ] as unknown as VerifyEvent[];
}

export const verifyPaths = () =>
  machinePaths(verifyMachine, {
    input: { address: ADDRESS },
    contextKey: (c) => `${c.form.kind} ${verifyProblem(c.form) === null ? 'valid' : 'invalid'}`,
    events: (s) => eventsFor(s as unknown as { value: unknown; context: VerifyContext }),
    // What the page offers: the source box only for a single file, the file picker only for several.
    filterEvents: (s, e) => {
      const kind = (s.context as VerifyContext).form.kind;
      if (e.type === 'files.set') return kind === 'multi';
      if (e.type === 'field.change' && (e as { field: string }).field === 'source') return kind === 'single';
      return true;
    },
  });
