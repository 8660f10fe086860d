/**
 * The import-wallet machine's model (not a test file): events and generated paths, shared by the
 * jsdom model test (tests/machines/walletImportMachine.model.test.tsx) and the browser walk
 * (tests/e2e/paths/), so both walk the same generated paths.
 */
import type { AnyMachineSnapshot } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { ApiCallError } from '../../../src/features/wallet/walletClient';
import { walletImportMachine, type WalletImportEvent } from '../../../src/machines/walletImportMachine';
import { modelOf } from '../modelOf';

export const IMPORT_KEY = `${'7a'.repeat(32)}`;
export const IMPORT_INPUT = { email: 'ann@example.com', password: null };
export const IMPORT_EVENTS = [
  { type: 'wallet.import' },
  { type: 'key.change', value: IMPORT_KEY },
  { type: 'key.change', value: 'not a key' },
  { type: 'wallet.copyKey' },
  { type: 'password.change', value: 'account-pass' },
  { type: 'wallet.confirm' },
  { type: 'modal.close' },
  { type: 'xstate.done.actor.linkWallet', output: { msg: 'Wallet linked successfully', address: `r${'12'.repeat(20)}` } },
  { type: 'xstate.error.actor.linkWallet', error: new ApiCallError('Invalid email or password', 401) },
  { type: 'xstate.done.actor.copyKey' },
  { type: 'xstate.error.actor.copyKey', error: new DOMException('Write permission denied.', 'NotAllowedError') },
] as unknown as WalletImportEvent[];

/**
 * The generated paths; `filterEvents` (the browser walk's) leaves out the events a browser cannot
 * make real, so every path it generates can be walked there.
 */
export function walletImportPaths(filterEvents?: (state: AnyMachineSnapshot, event: WalletImportEvent) => boolean) {
  return createTestModel(modelOf(walletImportMachine), {
    events: IMPORT_EVENTS,
    input: IMPORT_INPUT,
    ...(filterEvents ? { filterEvents } : {}),
  }).getShortestPaths();
}
