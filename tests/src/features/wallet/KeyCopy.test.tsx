/**
 * Copying the private key in both wallet flows (docs/decisions.md#spec-screens, #spec-validation): 'Copied!' and 'Go to my
 * wallet' only once the clipboard write has succeeded. A refused write (permission denied, an
 * insecure context where the execCommand fallback fails too) leaves the key not copied, the red
 * notice in place and says so.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { MESSAGES } from '../../../../common/spec';
import { CreateWallet } from '../../../../src/features/wallet/CreateWallet';
import { ImportWallet } from '../../../../src/features/wallet/ImportWallet';
import { WALLET_TEXTS } from '../../../../src/features/wallet/texts';
import { walletCreateMachine } from '../../../../src/machines/walletCreateMachine';
import { renderWithProviders } from '../../utils/renderWithProviders';

const KEY = `0x${'4c'.repeat(32)}`;
const ADDRESS = `r${'ef'.repeat(20)}`;

let writeText: ReturnType<typeof vi.fn<(text: string) => Promise<void>>>;
beforeEach(() => {
  writeText = vi.fn<(text: string) => Promise<void>>();
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
  // The fallback copyText tries after a refused write: refused as well.
  Object.defineProperty(document, 'execCommand', { configurable: true, value: () => false });
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
  Reflect.deleteProperty(document, 'execCommand');
});

const dialog = () => within(screen.getByRole('dialog'));
const goButton = () => dialog().getByRole('button', { name: WALLET_TEXTS.goToWallet });

async function openCreateResult() {
  const machine = walletCreateMachine.provide({
    actors: { generateKey: fromPromise(async () => ({ address: ADDRESS, privateKey: KEY })) },
  });
  renderWithProviders(<CreateWallet email="ann@example.com" password="account-pass" onLinked={() => {}} machine={machine} />);
  fireEvent.click(screen.getByRole('button', { name: /Create Wallet/ }));
  fireEvent.click(dialog().getByRole('button', { name: WALLET_TEXTS.accept }));
  await screen.findByText(KEY);
}

function openImport(key: string) {
  renderWithProviders(<ImportWallet email="ann@example.com" password="account-pass" onLinked={() => {}} />);
  fireEvent.click(screen.getByRole('button', { name: /Import Wallet/ }));
  fireEvent.change(dialog().getByLabelText(WALLET_TEXTS.privateKey), { target: { value: key } });
}

describe.each([
  ['Create Wallet', openCreateResult, KEY],
  ['Import Wallet', () => openImport(`  ${KEY.slice(2)}  `), KEY.slice(2)],
] as const)('%s: Copy', (_name, open, written) => {
  it("says 'Copied!' and enables 'Go to my wallet' only after the write resolved", async () => {
    let resolve!: () => void;
    writeText.mockImplementation(() => new Promise<void>((r) => (resolve = r)));
    await open();
    fireEvent.click(dialog().getByRole('button', { name: WALLET_TEXTS.copy }));
    expect(writeText).toHaveBeenCalledWith(written);
    // Still writing: not copied yet, Copy cannot be pressed twice.
    expect(dialog().getByRole('button', { name: WALLET_TEXTS.copy })).toBeDisabled();
    expect(dialog().getByText(MESSAGES.copyKeyFirst)).toBeInTheDocument();
    expect(goButton()).toBeDisabled();
    await act(async () => resolve());
    expect(dialog().getByRole('button', { name: MESSAGES.keyCopied })).toBeEnabled();
    expect(dialog().queryByText(MESSAGES.copyKeyFirst)).toBeNull();
    expect(goButton()).toBeEnabled();
  });

  it('a refused write leaves the key not copied and says so; Copy again can succeed', async () => {
    writeText.mockRejectedValueOnce(new DOMException('Write permission denied.', 'NotAllowedError'));
    await open();
    fireEvent.click(dialog().getByRole('button', { name: WALLET_TEXTS.copy }));
    expect(await dialog().findByRole('alert')).toHaveTextContent(WALLET_TEXTS.copyFailed);
    expect(dialog().queryByRole('button', { name: MESSAGES.keyCopied })).toBeNull();
    expect(dialog().getByText(MESSAGES.copyKeyFirst)).toBeInTheDocument();
    expect(goButton()).toBeDisabled();

    writeText.mockResolvedValueOnce();
    fireEvent.click(dialog().getByRole('button', { name: WALLET_TEXTS.copy }));
    await waitFor(() => expect(goButton()).toBeEnabled());
    expect(dialog().getByRole('button', { name: MESSAGES.keyCopied })).toBeInTheDocument();
    expect(dialog().queryByRole('alert')).toBeNull();
  });
});
