/**
 * Log-in (docs/decisions.md#spec-states, #spec-validation): both fields required ('Email and password are required.'
 * in a modal); then `deriving` (the password's keys, with progress) and `submitting`; on success the
 * token is stored (by the actor) and the flow ends in `loggedIn` ('Login successful!', then /Dashboard) or `walletNotLinked` ('wallet not linked: {msg}', then
 * /Wallet/{userEmail}); a refusal shows the server's msg.
 */
import { assign, setup } from 'xstate';
import { notProvided } from './notProvided';
import { errorText } from '../lib/walletErrors';
import { localizeServerMessage } from '../lib/serverMessages';
import type { LoginOutcome } from '../lib/walletFlowTypes';
import { MESSAGES, fillMessage } from '../../common/spec';

export interface LoginContext {
  email: string;
  password: string;
  /** Text of the modal / notice on screen, null for none. */
  message: string | null;
  /** The key derivation's progress while `deriving`, 0 to 1. */
  progress: number;
}

export type LoginEvent =
  | { type: 'field.change'; field: 'email' | 'password'; value: string }
  | { type: 'login.submit' }
  | { type: 'modal.close' }
  | { type: 'kdf.progress'; value: number };

const submit = [{ guard: 'fieldsMissing', target: 'required' }, { target: 'deriving' }] as const;

export const loginMachine = setup({
  types: { context: {} as LoginContext, events: {} as LoginEvent },
  actors: {
    /** The password's keys in a worker (features/wallet/walletFlows.ts derive), progress through onProgress. */
    derive: notProvided<void, { email: string; password: string; onProgress: (fraction: number) => void }>('derive'),
    login: notProvided<LoginOutcome, { email: string; password: string }>('login'),
  },
  guards: {
    fieldsMissing: ({ context }) => context.email.trim() === '' || context.password === '',
    walletLinked: (_, output: LoginOutcome) => output.wallet,
  },
  actions: {
    setField: assign(({ context, event }) => (event.type === 'field.change' ? { ...context, [event.field]: event.value } : context)),
    clearMessage: assign({ message: null }),
  },
}).createMachine({
  id: 'login',
  context: { email: '', password: '', message: null, progress: 0 },
  initial: 'editing',
  states: {
    editing: {
      on: { 'field.change': { actions: 'setField' }, 'login.submit': submit },
    },
    required: {
      entry: assign({ message: () => MESSAGES.loginRequired }),
      on: { 'modal.close': { target: 'editing', actions: 'clearMessage' } },
    },
    deriving: {
      // The password becomes the log-in secret and the wallet key here (common/kdf.ts), with progress.
      entry: assign({ progress: 0 }),
      invoke: {
        id: 'derive',
        src: 'derive',
        input: ({ context, self }) => ({
          email: context.email.trim(),
          password: context.password,
          onProgress: (value: number) => self.send({ type: 'kdf.progress', value }),
        }),
        onDone: 'submitting',
        onError: { target: 'failed', actions: assign(({ event }) => ({ message: errorText(event.error).message })) },
      },
      on: { 'kdf.progress': { actions: assign(({ event }) => ({ progress: event.value })) } },
    },
    submitting: {
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context }) => ({ email: context.email.trim(), password: context.password }),
        onDone: [
          {
            guard: { type: 'walletLinked', params: ({ event }) => event.output },
            target: 'loggedIn',
            actions: assign({ message: () => MESSAGES.loginSuccess, password: '' }),
          },
          {
            target: 'walletNotLinked',
            actions: assign(({ event }) => ({
              message: fillMessage(MESSAGES.walletNotLinked, { msg: localizeServerMessage(event.output.msg) }),
              password: '',
            })),
          },
        ],
        onError: { target: 'failed', actions: assign(({ event }) => ({ message: errorText(event.error).message })) },
      },
    },
    failed: {
      // Retry with the same fields (they cannot change while the message is shown).
      on: { 'modal.close': { target: 'editing', actions: 'clearMessage' }, 'login.submit': 'deriving' },
    },
    loggedIn: { type: 'final' },
    walletNotLinked: { type: 'final' },
  },
});
