import { fromPromise, type NonReducibleUnknown } from 'xstate';

/**
 * A machine's network work, declared with its types and left to whoever runs the machine:
 * machines import no feature, so the implementations are provided by the app
 * (src/app/actors/) or by a test (machine.provide). Running the bare machine fails the actor
 * with a message that says so.
 */
export function notProvided<TOutput, TInput = NonReducibleUnknown>(name: string) {
  return fromPromise<TOutput, TInput>(() => Promise.reject(new Error(`${name}: actor not provided (see src/app/actors/)`)));
}
