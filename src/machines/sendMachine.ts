/**
 * Send coin or a token (docs/decisions.md#spec-states, #spec-validation): recipient and amount required, amount a
 * number; while busy 'Transaction initiated please wait a few seconds...'; then 'Transaction
 * successful' (coin) / 'Token Transaction successful' (token) and back to /Dashboard, or
 * 'Transaction failed'. The transaction is built and signed in the browser (the `send` actor).
 * Without a key in memory the form asks for the account password. The wallet's own key signs: the
 * dialog asks for no other private key (docs/decisions.md#send-checks-first).
 *
 * Before anything is signed the amount is checked: its spelling and the
 * token's decimals ('invalid'), then against the balance the dialog shows and, for the coin, the
 * fee estimate ('overBalance'; the dialog puts what it shows into the `send.submit` event).
 */
import { assign, setup } from 'xstate';
import { notProvided } from './notProvided';
import type { SendInput } from '../lib/walletFlowTypes';
import { isAddress } from '../../common/address';
import { COIN_SYMBOL, MESSAGES } from '../../common/spec';
import { exactAmount, fundsProblem, parseSendAmount, type SendFunds } from '../lib/sendAmount';
import { plainSendError } from '../lib/sendErrors';
import { SEND_TEXTS, WALLET_FORM_TEXTS } from '../lib/walletTexts';

export interface SendContext {
  kind: 'coin' | 'token';
  token: { address: string; decimals: number; symbol: string | null } | null;
  email: string;
  /** A key is held in memory (no password needed). */
  unlocked: boolean;
  recipient: string;
  amount: string;
  password: string;
  message: string | null;
  hash: string | null;
}

export type SendField = 'recipient' | 'amount' | 'password';
/** `funds`: the balance (and fee estimate) the dialog shows as Send is pressed; without it the balance is not checked. */
export type SendEvent =
  { type: 'field.change'; field: SendField; value: string } | { type: 'send.submit'; funds?: SendFunds } | { type: 'modal.close' };

export interface SendMachineInput {
  kind: 'coin' | 'token';
  token?: { address: string; decimals: number; symbol: string | null } | null;
  email: string;
  unlocked: boolean;
}

/**
 * 'Transaction failed' with the reason when there is one: the server's answer, the node's, ethers'
 * or the browser's own ('the wallet is locked'), in plain words (src/lib/sendErrors.ts: a token's
 * revert decoded with its symbol and decimals). Messages never hold a key: the relay and ethers redact them.
 */
export function failureMessage(error: unknown, c?: Pick<SendContext, 'kind' | 'token'>): string {
  const ctx = { symbol: c ? symbolOf(c) : COIN_SYMBOL, decimals: c ? decimalsOf(c) : 18, coinSymbol: COIN_SYMBOL };
  const reason = plainSendError(error, ctx).replace(/\s+/g, ' ').slice(0, 300);
  if (reason === '' || reason === MESSAGES.transactionFailed) return MESSAGES.transactionFailed;
  return `${MESSAGES.transactionFailed}: ${reason.charAt(0).toUpperCase()}${reason.slice(1)}`;
}

const decimalsOf = (c: Pick<SendContext, 'kind' | 'token'>): number => (c.kind === 'token' ? (c.token?.decimals ?? 18) : 18);
const symbolOf = (c: Pick<SendContext, 'kind' | 'token'>): string =>
  c.kind === 'token' ? (c.token?.symbol ?? SEND_TEXTS.theToken) : COIN_SYMBOL;

type FormFields = Pick<SendContext, 'kind' | 'token' | 'recipient' | 'amount' | 'password' | 'unlocked'>;

/** The first problem of the form, or null (docs/decisions.md#spec-validation); the amount's spelling with the token's decimals. */
export function sendProblem(c: FormFields): string | null {
  if (c.recipient.trim() === '') return WALLET_FORM_TEXTS.recipientRequired;
  if (!isAddress(c.recipient.trim())) return WALLET_FORM_TEXTS.recipientInvalid;
  const amount = parseSendAmount(c.amount, decimalsOf(c), symbolOf(c));
  if ('problem' in amount) return amount.problem;
  if (!c.unlocked && c.password === '') return WALLET_FORM_TEXTS.unlockRequired;
  return null;
}

/** The amount as ethers reads it: plain digits, no trailing zeros past the token's decimals ('1.50' → '1.5'). */
function plainAmount(c: FormFields): string {
  const amount = parseSendAmount(c.amount, decimalsOf(c), symbolOf(c));
  return 'units' in amount ? exactAmount(amount.units, decimalsOf(c)).replace(/,/g, '') : c.amount.trim();
}

/** Whether the balance shown (in the submit event) pays for the amount; null when it does or nothing is shown. */
export function balanceProblem(c: FormFields, funds: SendFunds | undefined): string | null {
  const amount = parseSendAmount(c.amount, decimalsOf(c), symbolOf(c));
  if (!funds || 'problem' in amount) return null;
  return fundsProblem(amount.units, funds, c.kind);
}

export const sendMachine = setup({
  types: { context: {} as SendContext, events: {} as SendEvent, input: {} as SendMachineInput },
  actors: {
    send: notProvided<{ hash: string }, SendInput>('send'),
  },
  guards: {
    formInvalid: ({ context }) => sendProblem(context) !== null,
    overBalance: ({ context, event }) => event.type === 'send.submit' && balanceProblem(context, event.funds) !== null,
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
    password: '',
    message: null,
    hash: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': { actions: 'setField' },
        'send.submit': [
          { guard: 'formInvalid', target: 'invalid' },
          {
            guard: 'overBalance',
            target: 'overBalance',
            actions: assign(({ context, event }) => ({
              message: event.type === 'send.submit' ? balanceProblem(context, event.funds) : null,
            })),
          },
          { target: 'sending' },
        ],
        'modal.close': 'closed',
      },
    },
    // Refused before signing: the amount (with the fee, for the coin) is above the balance shown. Nothing is signed or sent.
    overBalance: {
      on: { 'field.change': { target: 'editing', actions: 'setField' }, 'modal.close': 'closed' },
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
          amount: plainAmount(context),
          email: context.email,
          ...(context.token ? { token: { address: context.token.address, decimals: context.token.decimals } } : {}),
          ...(context.password ? { password: context.password } : {}),
        }),
        onDone: {
          target: 'succeeded',
          actions: assign(({ context, event }) => ({
            hash: event.output.hash,
            password: '',
            message: context.kind === 'token' ? MESSAGES.tokenTransactionSuccess : MESSAGES.transactionSuccess,
          })),
        },
        onError: { target: 'failed', actions: assign({ message: ({ context, event }) => failureMessage(event.error, context) }) },
      },
    },
    failed: {
      on: { 'field.change': { target: 'editing', actions: 'setField' }, 'send.submit': 'sending', 'modal.close': 'closed' },
    },
    succeeded: { type: 'final' },
    closed: { type: 'final' },
  },
});
