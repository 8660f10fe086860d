/**
 * Send coin or a token (docs/decisions.md#spec-states, #spec-validation): recipient and amount required, amount a
 * number; while busy 'Transaction initiated please wait a few seconds...'; then 'Transaction
 * successful' (coin) / 'Token Transaction successful' (token) and back to /Dashboard, or
 * 'Transaction failed'. The transaction is built and signed in the browser (the `send` actor).
 * Without a key in memory the form asks for the account password (or, for a token, the optional
 * private key field).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SendInput } from '../lib/walletFlowTypes';
import { isAddress } from '../../common/address';
import { MESSAGES } from '../../common/spec';
import { WALLET_FORM_TEXTS } from '../lib/walletTexts';

export interface SendContext {
  kind: 'coin' | 'token';
  token: { address: string; decimals: number; symbol: string | null } | null;
  email: string;
  /** A key is held in memory (no password needed). */
  unlocked: boolean;
  recipient: string;
  amount: string;
  privateKey: string;
  password: string;
  message: string | null;
  hash: string | null;
}

export type SendField = 'recipient' | 'amount' | 'privateKey' | 'password';
export type SendEvent = { type: 'field.change'; field: SendField; value: string } | { type: 'send.submit' } | { type: 'modal.close' };

export interface SendMachineInput {
  kind: 'coin' | 'token';
  token?: { address: string; decimals: number; symbol: string | null } | null;
  email: string;
  unlocked: boolean;
}

/**
 * 'Transaction failed' with the reason when there is one (issue #25, item 8): the server's answer ('Insufficient funds
 * for gas * price + value'), the node's, or the browser's own ('the wallet is locked'). Messages never hold a key: the
 * relay and ethers redact them.
 */
export function failureMessage(error: unknown): string {
  const raw = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const reason = raw.trim().replace(/\s+/g, ' ').slice(0, 300);
  if (reason === '' || reason === MESSAGES.transactionFailed) return MESSAGES.transactionFailed;
  return `${MESSAGES.transactionFailed}: ${reason.charAt(0).toUpperCase()}${reason.slice(1)}`;
}

/** The first problem of the form, or null (docs/decisions.md#spec-validation). */
export function sendProblem(c: Pick<SendContext, 'recipient' | 'amount' | 'privateKey' | 'password' | 'unlocked'>): string | null {
  if (c.recipient.trim() === '') return WALLET_FORM_TEXTS.recipientRequired;
  if (!isAddress(c.recipient.trim())) return WALLET_FORM_TEXTS.recipientInvalid;
  if (c.amount.trim() === '') return WALLET_FORM_TEXTS.amountRequired;
  if (!/^\d+(\.\d+)?$/.test(c.amount.trim()) || Number(c.amount) <= 0) return WALLET_FORM_TEXTS.amountNumeric;
  if (!c.unlocked && c.privateKey.trim() === '' && c.password === '') return WALLET_FORM_TEXTS.unlockRequired;
  return null;
}

export const sendMachine = setup({
  types: { context: {} as SendContext, events: {} as SendEvent, input: {} as SendMachineInput },
  actors: {
    send: fromPromise<{ hash: string }, SendInput>(async ({ input }) =>
      (await import('../features/wallet/walletFlows')).sendTransaction(input),
    ),
  },
  guards: {
    formInvalid: ({ context }) => sendProblem(context) !== null,
  },
  actions: {
    setField: assign(({ context, event }) =>
      event.type === 'field.change' ? { ...context, [event.field]: event.value, message: null } : context,
    ),
  },
}).createMachine({
  id: 'send',
  context: ({ input }) => ({
    kind: input.kind,
    token: input.token ?? null,
    email: input.email,
    unlocked: input.unlocked,
    recipient: '',
    amount: '',
    privateKey: '',
    password: '',
    message: null,
    hash: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': { actions: 'setField' },
        'send.submit': [{ guard: 'formInvalid', target: 'invalid' }, { target: 'sending' }],
        'modal.close': 'closed',
      },
    },
    invalid: {
      entry: assign(({ context }) => ({ message: sendProblem(context) })),
      on: { 'field.change': { target: 'editing', actions: 'setField' }, 'modal.close': 'closed' },
    },
    sending: {
      entry: assign({ message: () => MESSAGES.transactionPending }),
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }): SendInput => ({
          kind: context.kind,
          recipient: context.recipient.trim(),
          amount: context.amount.trim(),
          email: context.email,
          ...(context.token ? { token: { address: context.token.address, decimals: context.token.decimals } } : {}),
          ...(context.privateKey.trim() ? { privateKey: context.privateKey.trim() } : {}),
          ...(context.password ? { password: context.password } : {}),
        }),
        onDone: {
          target: 'succeeded',
          actions: assign(({ context, event }) => ({
            hash: event.output.hash,
            privateKey: '',
            password: '',
            message: context.kind === 'token' ? MESSAGES.tokenTransactionSuccess : MESSAGES.transactionSuccess,
          })),
        },
        onError: { target: 'failed', actions: assign({ message: ({ event }) => failureMessage(event.error) }) },
      },
    },
    failed: {
      on: { 'field.change': { target: 'editing', actions: 'setField' }, 'send.submit': 'sending', 'modal.close': 'closed' },
    },
    succeeded: { type: 'final' },
    closed: { type: 'final' },
  },
});
