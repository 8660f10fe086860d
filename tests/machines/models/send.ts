/**
 * The send machine's model (not a test file): the events and the generated paths for a locked
 * coin send and an unlocked token send, shared by the jsdom model test
 * (tests/machines/sendMachine.model.test.tsx) and the browser walk (tests/e2e/paths/).
 * Send carries the balance the dialog shows (issue #38, defect 12): '5000' is above it in both
 * cases (10 RUBY in the model, 1,000 in the browser walk; 100 RUSD), '1.5' within it whatever
 * the fee, so the outcome does not hang on whether the fee estimate has arrived.
 */
import { createTestModel } from 'xstate/graph';
import type { SendFunds } from '../../../src/lib/sendAmount';
import { sendMachine, type SendEvent, type SendMachineInput } from '../../../src/machines/sendMachine';
import { modelOf } from '../modelOf';

export const SEND_RECIPIENT = `r${'ab'.repeat(20)}`;
export const SEND_HASH = `0x${'1'.repeat(64)}`;

/** The amount above the balance shown (10 RUBY / 100 RUSD here; 1,000 RUBY in the browser walk). */
export const SEND_OVER_BALANCE = '5000';

const eventsFor = (funds: SendFunds) => [
  { type: 'field.change', field: 'recipient', value: SEND_RECIPIENT },
  { type: 'field.change', field: 'recipient', value: 'nope' },
  { type: 'field.change', field: 'amount', value: '1.5' },
  { type: 'field.change', field: 'amount', value: 'abc' },
  { type: 'field.change', field: 'amount', value: '0,5' },
  { type: 'field.change', field: 'amount', value: SEND_OVER_BALANCE },
  { type: 'field.change', field: 'password', value: 'account-pass' },
  { type: 'send.submit', funds },
  { type: 'modal.close' },
  { type: 'xstate.done.actor.send', output: { hash: SEND_HASH } },
  { type: 'xstate.error.actor.send', error: new Error('the transaction failed on chain') },
];

/** The balance each case's dialog shows (the fee estimate not in yet: the model test never answers it). */
export const SEND_FUNDS: Record<'coin' | 'token', SendFunds & { from: string }> = {
  coin: {
    from: `r${'12'.repeat(20)}`,
    balanceWei: (10n * 10n ** 18n).toString(),
    decimals: 18,
    symbol: 'RUBY',
    feeWei: null,
    coinBalanceWei: null,
    coinSymbol: 'RUBY',
  },
  token: {
    from: `r${'12'.repeat(20)}`,
    balanceWei: (100n * 10n ** 6n).toString(),
    decimals: 6,
    symbol: 'RUSD',
    feeWei: null,
    coinBalanceWei: (10n * 10n ** 18n).toString(),
    coinSymbol: 'RUBY',
  },
};

export const SEND_CASES: [string, SendMachineInput][] = [
  ['coin, locked', { kind: 'coin', email: 'ann@example.com', unlocked: false }],
  [
    'token, unlocked',
    { kind: 'token', token: { address: `r${'cd'.repeat(20)}`, decimals: 6, symbol: 'RUSD' }, email: 'ann@example.com', unlocked: true },
  ],
];

/** The submit event's funds as the dialog builds them from its props (no `from`). */
function submitted({ from: _from, ...funds }: SendFunds & { from: string }): SendFunds {
  return funds;
}

/** The model's events of one case (its funds in Send). */
export function sendEvents(input: SendMachineInput): SendEvent[] {
  return eventsFor(submitted(SEND_FUNDS[input.kind])) as unknown as SendEvent[];
}

/** The generated paths of one case. An unlocked wallet shows no password field (the key is in memory). */
export function sendPaths(input: SendMachineInput) {
  const all = sendEvents(input);
  const events = input.unlocked ? all.filter((e) => !(e.type === 'field.change' && e.field === 'password')) : all;
  return createTestModel(modelOf(sendMachine), { events, input }).getShortestPaths();
}
