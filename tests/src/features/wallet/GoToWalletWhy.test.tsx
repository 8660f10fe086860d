/**
 * Issue #25, item 14: a disabled 'Go to my wallet' says why, beside it (its accessible description): copy the key
 * first, then (when this session does not hold the account password) type the password.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { CreateWallet } from '../../../../src/features/wallet/CreateWallet';
import { WALLET_TEXTS } from '../../../../src/features/wallet/texts';
import { walletCreateMachine } from '../../../../src/machines/walletCreateMachine';
import { renderWithProviders } from '../../utils/renderWithProviders';

vi.setConfig({ testTimeout: 30_000 });

const KEY = `0x${'4c'.repeat(32)}`;
const ADDRESS = `r${'ef'.repeat(20)}`;

beforeEach(() => {
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: vi.fn(() => Promise.resolve()) } });
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
});

const dialog = () => within(screen.getByRole('dialog'));
const goButton = () => dialog().getByRole('button', { name: WALLET_TEXTS.goToWallet });

async function openResult(password: string | null) {
  const machine = walletCreateMachine.provide({
    actors: { generateKey: fromPromise(async () => ({ address: ADDRESS, privateKey: KEY })) },
  });
  renderWithProviders(<CreateWallet email="ann@example.com" password={password} onLinked={() => {}} machine={machine} />);
  fireEvent.click(screen.getByRole('button', { name: /Create Wallet/ }));
  fireEvent.click(dialog().getByRole('button', { name: WALLET_TEXTS.accept }));
  await screen.findByText(KEY);
}

describe("'Go to my wallet' says why it is disabled", () => {
  it('before the copy: copy the key first; after it, with the password known, enabled and no reason', async () => {
    await openResult('account-pass');
    expect(goButton()).toBeDisabled();
    expect(goButton()).toHaveAccessibleDescription(WALLET_TEXTS.whyCopyFirst);
    fireEvent.click(dialog().getByRole('button', { name: WALLET_TEXTS.copy }));
    await waitFor(() => expect(goButton()).toBeEnabled());
    expect(goButton()).not.toHaveAttribute('aria-describedby');
    expect(dialog().queryByText(WALLET_TEXTS.whyCopyFirst)).toBeNull();
  });

  it('copied, but the session holds no password: asks for it beside the button, enabled once typed', async () => {
    await openResult(null);
    fireEvent.click(dialog().getByRole('button', { name: WALLET_TEXTS.copy }));
    await waitFor(() => expect(goButton()).toHaveAccessibleDescription(WALLET_TEXTS.whyPassword));
    expect(goButton()).toBeDisabled();
    fireEvent.change(dialog().getByLabelText(new RegExp(`^${WALLET_TEXTS.accountPassword}`)), { target: { value: 'account-pass' } });
    await waitFor(() => expect(goButton()).toBeEnabled());
    expect(goButton()).not.toHaveAttribute('aria-describedby');
  });
});
