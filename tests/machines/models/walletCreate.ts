/**
 * The create-wallet machine's model (not a test file): events and generated paths, shared by the
 * jsdom model test (tests/machines/walletCreateMachine.model.test.tsx) and the browser walk
 * (tests/e2e/paths/), so both walk the same generated paths.
 */
import type { AnyMachineSnapshot } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { ApiCallError } from '../../../src/features/wallet/walletClient';
import { walletCreateMachine, type WalletCreateEvent } from '../../../src/machines/walletCreateMachine';
import { modelOf } from '../modelOf';

export const CREATE_KEY = `0x${'4c'.repeat(32)}`;
export const CREATE_ADDRESS = `r${'ef'.repeat(20)}`;
export const CREATE_INPUT = { email: 'ann@example.com', password: null };
export const CREATE_EVENTS = [
  { type: 'wallet.create' },
  { type: 'terms.accept' },
  { type: 'terms.decline' },
  { type: 'wallet.copyKey' },
  { type: 'password.change', value: 'account-pass' },
  { type: 'wallet.confirm' },
  { type: 'modal.close' },
  { type: 'xstate.done.actor.generateKey', output: { address: CREATE_ADDRESS, privateKey: CREATE_KEY } },
  { type: 'xstate.error.actor.generateKey', error: new Error('no entropy') },
  { type: 'xstate.done.actor.linkWallet', output: { msg: 'Wallet linked successfully', address: CREATE_ADDRESS } },
  { type: 'xstate.error.actor.linkWallet', error: new ApiCallError('Invalid signature: the challenge was not signed by this wallet', 400) },
  { type: 'xstate.error.actor.linkWallet', error: new ApiCallError('Failed to fetch', 'network') },
  { type: 'xstate.done.actor.copyKey' },
  { type: 'xstate.error.actor.copyKey', error: new DOMException('Write permission denied.', 'NotAllowedError') },
] as unknown as WalletCreateEvent[];

/**
 * The generated paths; `filterEvents` (the browser walk's) leaves out the events a browser cannot
 * make real, so every path it generates can be walked there.
 */
export function walletCreatePaths(filterEvents?: (state: AnyMachineSnapshot, event: WalletCreateEvent) => boolean) {
  return createTestModel(modelOf(walletCreateMachine), {
    events: CREATE_EVENTS,
    input: CREATE_INPUT,
    ...(filterEvents ? { filterEvents } : {}),
  }).getShortestPaths();
}
