/**
 * Import a wallet (spec sections 2, 4, 5, 8): 'Import Wallet' opens the private key modal; the
 * pasted key must be valid and copied (Copy, 'Copied!') before 'Go to my wallet' links it (until
 * then the red notice 'Please copy the private key before confirming to link the wallet.');
 * changing the key asks for a new copy. Linking as in walletCreateMachine.
 */
import { assign, fromPromise, setup } from 'xstate';
import { normalizeKey } from '../features/wallet/walletErrors';
import { MESSAGES, fillMessage } from '../../common/spec';
import { copyText } from '../lib/clipboard';
import { WALLET_TEXTS } from '../features/wallet/texts';
import { linkFailure, type LinkInput } from './walletCreateMachine';

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
    linkWallet: fromPromise<{ msg: string; address: string }, LinkInput>(async ({ input }) => (await import('../features/wallet/walletFlows')).linkWallet(input)),
  },
  actions: {
    copyKey: ({ context }) => {
      void copyText(context.privateKey.trim());
    },
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
      on: {
        'key.change': { actions: assign(({ event }) => ({ privateKey: event.value, copied: false, message: null })) },
        'wallet.copyKey': [
          { guard: 'keyValid', actions: ['copyKey', assign({ copied: true, message: null })] },
          { actions: assign({ message: fillMessage(MESSAGES.error, { message: WALLET_TEXTS.invalidKey }) }) },
        ],
        'password.change': { actions: assign(({ event }) => ({ password: event.value })) },
        'wallet.confirm': { guard: 'canConfirm', target: 'linking' },
        'modal.close': { target: 'idle', actions: assign({ privateKey: '', copied: false, message: null }) },
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
