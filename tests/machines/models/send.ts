/**
 * The send machine's model (not a test file): the events and the generated paths for a locked
 * coin send and an unlocked token send, shared by the jsdom model test
 * (tests/machines/sendMachine.model.test.tsx) and the browser walk (tests/e2e/paths/).
 */
import { createTestModel } from 'xstate/graph';
import { sendMachine, type SendEvent, type SendMachineInput } from '../../../src/machines/sendMachine';
import { modelOf } from '../modelOf';

export const SEND_RECIPIENT = `r${'ab'.repeat(20)}`;
export const SEND_HASH = `0x${'1'.repeat(64)}`;

export const SEND_EVENTS = [
  { type: 'field.change', field: 'recipient', value: SEND_RECIPIENT },
  { type: 'field.change', field: 'recipient', value: 'nope' },
  { type: 'field.change', field: 'amount', value: '1.5' },
  { type: 'field.change', field: 'amount', value: 'abc' },
  { type: 'field.change', field: 'password', value: 'account-pass' },
  { type: 'send.submit' },
  { type: 'modal.close' },
  { type: 'xstate.done.actor.send', output: { hash: SEND_HASH } },
  { type: 'xstate.error.actor.send', error: new Error('the transaction failed on chain') },
] as unknown as SendEvent[];

export const SEND_CASES: [string, SendMachineInput][] = [
  ['coin, locked', { kind: 'coin', email: 'ann@example.com', unlocked: false }],
  [
    'token, unlocked',
    { kind: 'token', token: { address: `r${'cd'.repeat(20)}`, decimals: 18, symbol: 'RUSD' }, email: 'ann@example.com', unlocked: true },
  ],
];

/** The generated paths of one case. An unlocked wallet shows no password field (the key is in memory). */
export function sendPaths(input: SendMachineInput) {
  const events = input.unlocked ? SEND_EVENTS.filter((e) => !(e.type === 'field.change' && e.field === 'password')) : SEND_EVENTS;
  return createTestModel(modelOf(sendMachine), { events, input }).getShortestPaths();
}
