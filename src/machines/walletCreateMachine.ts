/**
 * Create a wallet (docs/decisions.md#spec-states, #spec-validation): 'Create Wallet' opens the terms; accepting makes a
 * key in the browser and shows it once with Copy ('Copied!'); 'Go to my wallet' links it, and is
 * possible only after the key was copied (until then the red notice 'Please copy the private key
 * before confirming to link the wallet.') and with the account password known (it encrypts the
 * keystore; asked for when this browser session does not hold it). Copied means the clipboard
 * write succeeded: the `copyKey` actor (result.copying) sets `copied` when it resolves; a refused
 * write leaves it false and says so (WALLET_FORM_TEXTS.copyFailed). Link refusals read
 * 'Link wallet failed: {msg}', exceptions 'Error: {message}'; a failed key generation
 * 'Error creating wallet: {message}'. `linked` ends the flow: the server's msg, then /Dashboard.
 */
import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from './notProvided';
import { errorText } from '../lib/walletErrors';
import { MESSAGES, fillMessage } from '../../common/spec';
import { copyText } from '../lib/clipboard';
import { WALLET_FORM_TEXTS } from '../lib/walletTexts';

export interface WalletCreateContext {
  email: string;
  /** Known from sign-up / log-in in this session; else typed in the result modal. */
  password: string;
  privateKey: string | null;
  address: string | null;
  copied: boolean;
  message: string | null;
}

export type WalletCreateEvent =
  | { type: 'wallet.create' }
  | { type: 'terms.accept' }
  | { type: 'terms.decline' }
  | { type: 'wallet.copyKey' }
  | { type: 'password.change'; value: string }
  | { type: 'wallet.confirm' }
  | { type: 'modal.close' };

export type LinkInput = { email: string; privateKey: string; password: string };

/**
 * Writes the key to the clipboard; resolves only when the write (or copyText's fallback)
 * succeeded. Shared by both wallet machines, each invoking it as `copyKey`.
 */
export const copyKeyActor = fromPromise<void, { text: string }>(({ input }) => copyText(input.text));

/** The spec's wording of a failed link. */
export function linkFailure(err: unknown): string {
  const e = errorText(err);
  return e.kind === 'refused'
    ? fillMessage(MESSAGES.linkWalletFailed, { msg: e.message })
    : fillMessage(MESSAGES.error, { message: e.message });
}

export const walletCreateMachine = setup({
  types: { context: {} as WalletCreateContext, events: {} as WalletCreateEvent, input: {} as { email: string; password: string | null } },
  actors: {
    generateKey: notProvided<{ address: string; privateKey: string }>('generateKey'),
    linkWallet: notProvided<{ msg: string; address: string }, LinkInput>('linkWallet'),
    copyKey: copyKeyActor,
  },
  guards: {
    canConfirm: ({ context }) => context.copied && context.password !== '',
  },
}).createMachine({
  id: 'walletCreate',
  context: ({ input }) => ({
    email: input.email,
    password: input.password ?? '',
    privateKey: null,
    address: null,
    copied: false,
    message: null,
  }),
  initial: 'idle',
  states: {
    idle: { on: { 'wallet.create': 'terms' } },
    terms: { on: { 'terms.accept': 'generating', 'terms.decline': 'idle' } },
    generating: {
      invoke: {
        id: 'generateKey',
        src: 'generateKey',
        onDone: {
          target: 'result',
          actions: assign(({ event }) => ({
            privateKey: event.output.privateKey,
            address: event.output.address,
            copied: false,
            message: null,
          })),
        },
        onError: {
          target: 'failed',
          actions: assign(({ event }) => ({
            message: fillMessage(MESSAGES.createWalletError, { message: errorText(event.error).message }),
          })),
        },
      },
    },
    failed: { on: { 'modal.close': { target: 'idle', actions: assign({ message: null }) } } },
    result: {
      initial: 'ready',
      on: {
        'password.change': { actions: assign(({ event }) => ({ password: event.value })) },
        'wallet.confirm': { guard: 'canConfirm', target: 'linking' },
      },
      states: {
        ready: { on: { 'wallet.copyKey': 'copying' } },
        copying: {
          tags: ['copying'],
          invoke: {
            id: 'copyKey',
            src: 'copyKey',
            input: ({ context }) => ({ text: context.privateKey ?? '' }),
            onDone: { target: 'ready', actions: assign({ copied: true, message: null }) },
            // Not copied, whatever an earlier Copy did: the last answer is the one the user sees.
            onError: { target: 'ready', actions: assign({ copied: false, message: () => WALLET_FORM_TEXTS.copyFailed }) },
          },
        },
      },
    },
    linking: {
      invoke: {
        id: 'linkWallet',
        src: 'linkWallet',
        input: ({ context }) => ({ email: context.email, privateKey: context.privateKey ?? '', password: context.password }),
        onDone: { target: 'linked', actions: assign(({ event }) => ({ message: event.output.msg, privateKey: null, password: '' })) },
        onError: { target: 'linkFailed', actions: assign(({ event }) => ({ message: linkFailure(event.error) })) },
      },
    },
    linkFailed: {
      on: {
        'wallet.confirm': { target: 'linking', actions: assign({ message: null }) },
        'password.change': { target: 'result', actions: assign(({ event }) => ({ password: event.value, message: null })) },
      },
    },
    linked: { type: 'final' },
  },
});
