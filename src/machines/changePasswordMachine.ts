/**
 * Change password, the dashboard's form: current and new password (the 8-character
 * rule shown inline, checked here before anything runs). `preparing` derives the old and the new
 * keys in the KDF worker with progress, opens the keystore with the old wallet key and seals it
 * with the new one (features/wallet/changePassword.ts: all in the browser); `submitting` sends the
 * one atomic call (RTK Query's changePassword, provided by the screen). A keystore the current
 * password does not open, or the server's 403, are the problem `wrongCurrent`; nothing is changed
 * then. After `changed` the form is empty again and this session stays logged in. The machine
 * names problems; the screen words them (features/wallet/texts.ts ACCOUNT_TEXTS).
 */
import { assign, setup } from 'xstate';
import { notProvided } from './notProvided';
import { passwordProblem } from '../../common/kdfParams';
import type { RekeyBody } from '../../common/api/wallet';

export type ChangeBody = Omit<RekeyBody, 'kdf' | 'grant'>;

export interface ChangePasswordInput {
  email: string;
  /** The stored keystore (under the current wallet key), null without a linked wallet. */
  keystore: string | null;
}

export interface ChangePasswordContext extends ChangePasswordInput {
  current: string;
  next: string;
  /** What is wrong on screen, null for nothing. */
  problem: ChangeProblem | null;
  /** The derivation's progress while `preparing`, 0 to 1. */
  progress: number;
  /** The call `preparing` made, sent by `submitting`. */
  pending: ChangeBody | null;
}

/** A field left empty, the 8-character rule, a new password equal to the current one, a refusal, a failure. */
export type ChangeProblem =
  { kind: 'required' } | { kind: 'ruleUnmet' } | { kind: 'same' } | { kind: 'wrongCurrent' } | { kind: 'failed'; message: string };

export type ChangePasswordEvent =
  { type: 'field.change'; field: 'current' | 'next'; value: string } | { type: 'change.submit' } | { type: 'kdf.progress'; value: number };

/** What the flows throw when the current password does not open the keystore. */
export class WrongCurrentPasswordError extends Error {
  constructor() {
    super('wrong current password');
    this.name = 'WrongCurrentPasswordError';
  }
}

/** A failure as a problem: the current password refused (locally or by the server's 403), else its reason. */
export function changeFailure(err: unknown): ChangeProblem {
  const status = typeof err === 'object' && err !== null ? (err as { status?: unknown }).status : undefined;
  if (err instanceof WrongCurrentPasswordError || status === 403) return { kind: 'wrongCurrent' };
  const message = typeof err === 'object' && err !== null ? (err as { message?: unknown }).message : undefined;
  return { kind: 'failed', message: typeof message === 'string' && message !== '' ? message : String(err) };
}

export const changePasswordMachine = setup({
  types: {
    context: {} as ChangePasswordContext,
    events: {} as ChangePasswordEvent,
    input: {} as ChangePasswordInput,
  },
  actors: {
    prepare: notProvided<ChangeBody, ChangePasswordInput & { current: string; next: string; onProgress: (f: number) => void }>('prepare'),
    /** The one atomic call; the screen provides it with RTK Query's changePassword mutation. */
    submit: notProvided<void, ChangeBody>('submit'),
  },
  guards: {
    fieldsMissing: ({ context }) => context.current === '' || context.next === '',
    ruleUnmet: ({ context }) => passwordProblem(context.next) !== null,
    same: ({ context }) => context.current === context.next,
  },
  actions: {
    setField: assign(({ context, event }) =>
      event.type === 'field.change' ? { ...context, [event.field]: event.value, problem: null } : context,
    ),
    refused: assign(({ event }) => ({ problem: changeFailure((event as unknown as { error: unknown }).error) })),
  },
}).createMachine({
  id: 'changePassword',
  context: ({ input }) => ({ ...input, current: '', next: '', problem: null, progress: 0, pending: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': { actions: 'setField' },
        'change.submit': [
          { guard: 'fieldsMissing', actions: assign({ problem: { kind: 'required' } as ChangeProblem }) },
          { guard: 'ruleUnmet', actions: assign({ problem: { kind: 'ruleUnmet' } as ChangeProblem }) },
          { guard: 'same', actions: assign({ problem: { kind: 'same' } as ChangeProblem }) },
          { target: 'preparing', actions: assign({ problem: null }) },
        ],
      },
    },
    preparing: {
      entry: assign({ progress: 0 }),
      invoke: {
        src: 'prepare',
        input: ({ context, self }) => ({
          email: context.email,
          keystore: context.keystore,
          current: context.current,
          next: context.next,
          onProgress: (value: number) => self.send({ type: 'kdf.progress', value }),
        }),
        onDone: { target: 'submitting', actions: assign({ pending: ({ event }) => event.output }) },
        onError: { target: 'editing', actions: 'refused' },
      },
      on: { 'kdf.progress': { actions: assign(({ event }) => ({ progress: event.value })) } },
    },
    submitting: {
      invoke: {
        src: 'submit',
        input: ({ context }) => context.pending as ChangeBody,
        // The keystore under the new wallet key is the account's now (a second change starts from it).
        onDone: {
          target: 'changed',
          actions: assign(({ context }) => ({
            current: '',
            next: '',
            pending: null,
            keystore: context.pending?.keystore ?? context.keystore,
          })),
        },
        onError: { target: 'editing', actions: [assign({ pending: null }), 'refused'] },
      },
    },
    changed: {
      on: { 'field.change': { target: 'editing', actions: 'setField' } },
    },
  },
});
