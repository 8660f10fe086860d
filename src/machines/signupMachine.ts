/**
 * Sign-up (docs/decisions.md#spec-states, #spec-validation): both fields required ('All fields are required.'); success
 * stores the token (the actor) and ends in `registered` (then /Wallet/{userEmail}); a refusal
 * reads 'Registration failed: {result}', a network failure 'Error: {message}'.
 */
import { assign, fromPromise, setup } from 'xstate';
import { errorText } from '../lib/walletErrors';
import { MESSAGES, fillMessage } from '../../common/spec';

export interface SignupContext {
  email: string;
  password: string;
  message: string | null;
}

export type SignupEvent =
  { type: 'field.change'; field: 'email' | 'password'; value: string } | { type: 'signup.submit' } | { type: 'modal.close' };

const submit = [{ guard: 'fieldsMissing', target: 'required' }, { target: 'submitting' }] as const;

export const signupMachine = setup({
  types: { context: {} as SignupContext, events: {} as SignupEvent },
  actors: {
    signup: fromPromise<{ token: string }, { email: string; password: string }>(async ({ input }) =>
      (await import('../features/wallet/walletFlows')).signup(input),
    ),
  },
  guards: {
    fieldsMissing: ({ context }) => context.email.trim() === '' || context.password === '',
  },
  actions: {
    setField: assign(({ context, event }) => (event.type === 'field.change' ? { ...context, [event.field]: event.value } : context)),
    clearMessage: assign({ message: null }),
  },
}).createMachine({
  id: 'signup',
  context: { email: '', password: '', message: null },
  initial: 'editing',
  states: {
    editing: {
      on: { 'field.change': { actions: 'setField' }, 'signup.submit': submit },
    },
    required: {
      entry: assign({ message: () => MESSAGES.signupRequired }),
      on: { 'modal.close': { target: 'editing', actions: 'clearMessage' } },
    },
    submitting: {
      invoke: {
        id: 'signup',
        src: 'signup',
        input: ({ context }) => ({ email: context.email.trim(), password: context.password }),
        onDone: { target: 'registered', actions: assign({ password: '' }) },
        onError: {
          target: 'failed',
          actions: assign(({ event }) => {
            const e = errorText(event.error);
            return {
              message:
                e.kind === 'network'
                  ? fillMessage(MESSAGES.error, { message: e.message })
                  : fillMessage(MESSAGES.registrationFailed, { result: e.message }),
            };
          }),
        },
      },
    },
    failed: {
      // Retry with the same fields (they cannot change while the message is shown).
      on: { 'modal.close': { target: 'editing', actions: 'clearMessage' }, 'signup.submit': 'submitting' },
    },
    registered: { type: 'final' },
  },
});
