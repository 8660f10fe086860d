/**
 * Sign-up (docs/decisions.md#spec-states, #spec-validation): both fields required ('All fields are required.'); then
 * `deriving` (the password rules, then its keys with progress) and `submitting`; success
 * stores the token (the actor) and ends in `registered` (then /Wallet/{userEmail}); a refusal
 * reads 'Registration failed: {result}', a network failure 'Error: {message}'.
 */
import { assign, setup } from 'xstate';
import { notProvided } from './notProvided';
import { errorText } from '../lib/walletErrors';
import { MESSAGES, fillMessage } from '../../common/spec';

export interface SignupContext {
  email: string;
  password: string;
  /** Text of the modal / notice on screen, null for none. */
  message: string | null;
  /** The key derivation's progress while `deriving`, 0 to 1. */
  progress: number;
}

export type SignupEvent =
  | { type: 'field.change'; field: 'email' | 'password'; value: string }
  | { type: 'signup.submit' }
  | { type: 'modal.close' }
  | { type: 'kdf.progress'; value: number };

const submit = [{ guard: 'fieldsMissing', target: 'required' }, { target: 'deriving' }] as const;

export const signupMachine = setup({
  types: { context: {} as SignupContext, events: {} as SignupEvent },
  actors: {
    /** The password's keys in a worker (features/wallet/walletFlows.ts derive), progress through onProgress. */
    derive: notProvided<void, { email: string; password: string; onProgress: (fraction: number) => void }>('derive'),
    signup: notProvided<{ token: string }, { email: string; password: string }>('signup'),
  },
  guards: {
    fieldsMissing: ({ context }) => context.email.trim() === '' || context.password === '',
  },
  actions: {
    setField: assign(({ context, event }) => (event.type === 'field.change' ? { ...context, [event.field]: event.value } : context)),
    clearMessage: assign({ message: null }),
    refused: assign(({ event }) => {
      const e = errorText((event as unknown as { error: unknown }).error);
      return {
        message:
          e.kind === 'network'
            ? fillMessage(MESSAGES.error, { message: e.message })
            : fillMessage(MESSAGES.registrationFailed, { result: e.message }),
      };
    }),
  },
}).createMachine({
  id: 'signup',
  context: { email: '', password: '', message: null, progress: 0 },
  initial: 'editing',
  states: {
    editing: {
      on: { 'field.change': { actions: 'setField' }, 'signup.submit': submit },
    },
    required: {
      entry: assign({ message: () => MESSAGES.signupRequired }),
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
        // The password rules are checked here (the server never sees the password): 'Registration failed: {result}'.
        onError: { target: 'failed', actions: 'refused' },
      },
      on: { 'kdf.progress': { actions: assign(({ event }) => ({ progress: event.value })) } },
    },
    submitting: {
      invoke: {
        id: 'signup',
        src: 'signup',
        input: ({ context }) => ({ email: context.email.trim(), password: context.password }),
        onDone: { target: 'registered', actions: assign({ password: '' }) },
        onError: { target: 'failed', actions: 'refused' },
      },
    },
    failed: {
      // Retry with the same fields (they cannot change while the message is shown).
      on: { 'modal.close': { target: 'editing', actions: 'clearMessage' }, 'signup.submit': 'deriving' },
    },
    registered: { type: 'final' },
  },
});
