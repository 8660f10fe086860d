/**
 * The sign-up machine's model (not a test file): events and generated paths, shared by the jsdom
 * model test (tests/machines/signupMachine.model.test.tsx) and the browser walk (tests/e2e/paths/).
 */
import { createTestModel } from 'xstate/graph';
import { ApiCallError } from '../../../src/features/wallet/walletClient';
import { signupMachine, type SignupEvent } from '../../../src/machines/signupMachine';
import { modelOf } from '../modelOf';

export const SIGNUP_EVENTS = [
  { type: 'field.change', field: 'email', value: 'Ann@Example.com' },
  { type: 'field.change', field: 'password', value: 'secret-pass' },
  { type: 'signup.submit' },
  { type: 'modal.close' },
  { type: 'kdf.progress', value: 0.5 },
  { type: 'xstate.done.actor.derive' },
  // The browser's own check (the server never sees the password): a short password.
  { type: 'xstate.error.actor.derive', error: new Error('the password must be at least 8 characters') },
  { type: 'xstate.done.actor.signup', output: { token: 't' } },
  { type: 'xstate.error.actor.signup', error: new ApiCallError('an account with this email already exists', 409) },
  { type: 'xstate.error.actor.signup', error: new ApiCallError('Failed to fetch', 'network') },
] as unknown as SignupEvent[];

export const signupPaths = () => createTestModel(modelOf(signupMachine), { events: SIGNUP_EVENTS }).getShortestPaths();
