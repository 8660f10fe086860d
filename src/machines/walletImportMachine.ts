/**
 * Import a wallet (docs/decisions.md#spec-states, #spec-validation): 'Import Wallet' opens the private key modal; the
 * pasted key must be valid and copied (Copy, 'Copied!') before 'Go to my wallet' links it (until
 * then the red notice 'Please copy the private key before confirming to link the wallet.');
 * changing the key asks for a new copy. Copied means the clipboard write succeeded (the `copyKey`
 * actor in keyEntry.copying; a refused write says so, as in walletCreateMachine). Linking as in
 * walletCreateMachine.
 */
import { assign, setup } from 'xstate';
import { notProvided } from './notProvided';
import { normalizeKey } from '../lib/walletErrors';
import { MESSAGES, fillMessage } from '../../common/spec';
import { WALLET_FORM_TEXTS } from '../lib/walletTexts';
import { copyKeyActor, linkFailure, type LinkInput } from './walletCreateMachine';

export interface WalletImportContext {
  email: string;
  password: string;
  privateKey: string;
  copied: boolean;
  message: string | null;
}

export type WalletImportEvent =
  | { type: 'wallet.import' }
  | { type: 'key.change'; value: string }
  | { type: 'wallet.copyKey' }
  | { type: 'password.change'; value: string }
  | { type: 'wallet.confirm' }
  | { type: 'modal.close' };

export const walletImportMachine = setup({
  types: { context: {} as WalletImportContext, events: {} as WalletImportEvent, input: {} as { email: string; password: string | null } },
  actors: {
    linkWallet: notProvided<{ msg: string; address: string }, LinkInput>('linkWallet'),
    copyKey: copyKeyActor,
  },
  guards: {
    keyValid: ({ context }) => normalizeKey(context.privateKey) !== null,
    canConfirm: ({ context }) => context.copied && context.password !== '' && normalizeKey(context.privateKey) !== null,
  },
}).createMachine({
  id: 'walletImport',
  context: ({ input }) => ({ email: input.email, password: input.password ?? '', privateKey: '', copied: false, message: null }),
  initial: 'idle',
  states: {
    idle: { on: { 'wallet.import': 'keyEntry' } },
    keyEntry: {
      initial: 'ready',
      on: {
        'password.change': { actions: assign(({ event }) => ({ password: event.value })) },
        'wallet.confirm': { guard: 'canConfirm', target: 'linking' },
        'modal.close': { target: 'idle', actions: assign({ privateKey: '', copied: false, message: null }) },
      },
      states: {
        ready: {
          on: {
            'key.change': { actions: assign(({ event }) => ({ privateKey: event.value, copied: false, message: null })) },
            'wallet.copyKey': [
              { guard: 'keyValid', target: 'copying' },
              { actions: assign({ message: () => fillMessage(MESSAGES.error, { message: WALLET_FORM_TEXTS.invalidKey }) }) },
            ],
          },
        },
        // The key cannot change while it is written (key.change is not taken here), so `copied`
        // answers for the key the write carried.
        copying: {
          tags: ['copying'],
          invoke: {
            id: 'copyKey',
            src: 'copyKey',
            input: ({ context }) => ({ text: context.privateKey.trim() }),
            onDone: { target: 'ready', actions: assign({ copied: true, message: null }) },
            onError: { target: 'ready', actions: assign({ copied: false, message: () => WALLET_FORM_TEXTS.copyFailed }) },
          },
        },
      },
    },
    linking: {
      invoke: {
        id: 'linkWallet',
        src: 'linkWallet',
        input: ({ context }) => ({ email: context.email, privateKey: normalizeKey(context.privateKey) ?? '', password: context.password }),
        onDone: { target: 'linked', actions: assign(({ event }) => ({ message: event.output.msg, privateKey: '', password: '' })) },
        onError: { target: 'linkFailed', actions: assign(({ event }) => ({ message: linkFailure(event.error) })) },
      },
    },
    linkFailed: {
      on: {
        'wallet.confirm': { target: 'linking', actions: assign({ message: null }) },
        // A wrong account password is fixed by typing another one, as in walletCreateMachine.
        'password.change': { target: 'keyEntry', actions: assign(({ event }) => ({ password: event.value, message: null })) },
        'modal.close': { target: 'keyEntry', actions: assign({ message: null }) },
      },
    },
    linked: { type: 'final' },
  },
});
