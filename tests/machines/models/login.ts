/**
 * The log-in machine's model (not a test file): the events its paths are generated from and the
 * paths themselves, shared by the jsdom model test (tests/machines/loginMachine.model.test.tsx)
 * and the browser walk (tests/e2e/paths/), so both walk the same generated paths.
 */
import { createTestModel } from 'xstate/graph';
import { ApiCallError } from '../../../src/features/wallet/walletClient';
import { loginMachine, type LoginEvent } from '../../../src/machines/loginMachine';
import { modelOf } from '../modelOf';

export const LOGIN_EVENTS = [
  { type: 'field.change', field: 'email', value: 'ann@example.com' },
  { type: 'field.change', field: 'password', value: 'secret-pass' },
  { type: 'login.submit' },
  { type: 'modal.close' },
  { type: 'kdf.progress', value: 0.5 },
  { type: 'xstate.done.actor.derive' },
  { type: 'xstate.error.actor.derive', error: new Error('the key derivation could not start') },
  { type: 'xstate.done.actor.login', output: { wallet: true, msg: 'Login successful', token: 't' } },
  { type: 'xstate.done.actor.login', output: { wallet: false, msg: 'No wallet is linked to this account yet', token: 't' } },
  { type: 'xstate.error.actor.login', error: new ApiCallError('Invalid email or password', 401) },
] as unknown as LoginEvent[];

export const loginPaths = () => createTestModel(modelOf(loginMachine), { events: LOGIN_EVENTS }).getShortestPaths();
