/**
 * The dashboard's Change password (issue #45) with the network stubbed at the edge: the fields'
 * autocomplete, the 8-character rule shown inline before any request, a wrong current password
 * (the keystore does not open: no request; or the server's 403), and a change: the real KDF and
 * keystore code run, ONE POST /rekey carries the old and new log-in secrets and a keystore that
 * opens with the new wallet key only, never a password. "Log out everywhere" calls the server,
 * then forgets the token.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Wallet, decryptKeystoreJson, encryptKeystoreJson } from 'ethers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../../common/api/paths';
import { deriveKeys } from '../../../../common/kdf';
import { KDF_ID } from '../../../../common/kdfParams';
import { ChangePasswordPanel } from '../../../../src/features/wallet/ChangePasswordPanel';
import { LogoutEverywherePanel } from '../../../../src/features/wallet/LogoutEverywherePanel';
import { ACCOUNT_TEXTS as T } from '../../../../src/features/wallet/texts';
import { mockApi, type Reply, type SeenRequest } from '../../../helpers/fetchMock';
import { renderWithProviders } from '../../utils/renderWithProviders';

const EMAIL = 'change.me@example.com';
const OLD = 'the old password';
const NEW = 'a brand new password';
// A fixed key: Wallet.createRandom trips over jsdom's Uint8Array realm.
const wallet = new Wallet(`0x${'5a'.repeat(32)}`);
const oldKeys = deriveKeys(OLD, EMAIL);
let keystore = '';
let seen: SeenRequest[];

function stubApi(reply: () => Reply) {
  seen = mockApi([[/./, () => reply()]]).requests;
}

beforeEach(async () => {
  keystore ||= await encryptKeystoreJson(wallet, oldKeys.walletKey, { scrypt: { N: 1 << 14 } });
  localStorage.setItem('token', 'the.jwt.token');
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const current = () => screen.getByLabelText(T.current);
const next = () => screen.getByLabelText(T.next);
const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });

describe('ChangePasswordPanel', () => {
  it('offers current-password / new-password, shows the 8-character rule inline, and sends nothing while it is unmet', async () => {
    stubApi(() => ({ body: { status: true, msg: 'Account keys updated' } }));
    renderWithProviders(<ChangePasswordPanel email={EMAIL} keystore={keystore} />);
    expect(current()).toHaveAttribute('autocomplete', 'current-password');
    expect(next()).toHaveAttribute('autocomplete', 'new-password');
    expect(next()).toHaveAccessibleDescription(T.rule);
    // Keyboard: current password, new password, the button, in that order.
    const user = userEvent.setup();
    current().focus();
    await user.tab();
    expect(next()).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: T.change })).toHaveFocus();

    type(current(), OLD);
    type(next(), 'short');
    expect(next()).toHaveAccessibleDescription(T.ruleUnmet);
    expect(next()).toHaveAttribute('aria-invalid', 'true');
    fireEvent.click(screen.getByRole('button', { name: T.change }));
    expect(screen.getByRole('alert')).toHaveTextContent(T.ruleUnmet);
    type(next(), NEW);
    expect(next()).toHaveAccessibleDescription(T.rule);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(seen).toEqual([]);
  });

  it('a current password that does not open the keystore: a clear message and no request', async () => {
    stubApi(() => ({ body: { status: true, msg: 'Account keys updated' } }));
    renderWithProviders(<ChangePasswordPanel email={EMAIL} keystore={keystore} />);
    type(current(), 'not the old password');
    type(next(), NEW);
    fireEvent.click(screen.getByRole('button', { name: T.change }));
    expect(await screen.findByRole('progressbar', { name: new RegExp(T.deriving) })).toBeInTheDocument();
    expect(await screen.findByRole('alert', {}, { timeout: 30_000 })).toHaveTextContent(T.wrongCurrent);
    expect(seen).toEqual([]);
  });

  it('the server refusing the current password (403) reads the same', async () => {
    stubApi(() => ({ status: 403, body: { status: false, message: 'The current password is wrong: nothing was changed' } }));
    renderWithProviders(<ChangePasswordPanel email={EMAIL} keystore={null} />);
    type(current(), OLD);
    type(next(), NEW);
    fireEvent.click(screen.getByRole('button', { name: T.change }));
    expect(await screen.findByRole('alert', {}, { timeout: 30_000 })).toHaveTextContent(T.wrongCurrent);
    expect(seen).toHaveLength(1);
  });

  it('changes it in one call: log-in secrets and the keystore under the new wallet key, no password', async () => {
    stubApi(() => ({ body: { status: true, msg: 'Account keys updated' } }));
    renderWithProviders(<ChangePasswordPanel email={EMAIL} keystore={keystore} />);
    type(current(), OLD);
    type(next(), NEW);
    fireEvent.click(screen.getByRole('button', { name: T.change }));
    expect(await screen.findByText(T.changed, {}, { timeout: 30_000 })).toBeInTheDocument();
    expect(seen).toHaveLength(1);
    const [req] = seen;
    expect(req).toMatchObject({ method: 'POST', path: paths.rekey(), auth: 'Bearer the.jwt.token' });
    const newKeys = deriveKeys(NEW, EMAIL);
    const body = req?.body as Record<string, string>;
    expect(body).toMatchObject({ currentPassword: oldKeys.loginSecret, password: newKeys.loginSecret, kdf: KDF_ID });
    const sent = JSON.stringify(body);
    for (const secret of [OLD, NEW, oldKeys.walletKey, newKeys.walletKey, wallet.privateKey.slice(2)]) expect(sent).not.toContain(secret);
    expect((await decryptKeystoreJson(body.keystore ?? '', newKeys.walletKey)).privateKey).toBe(wallet.privateKey);
    await expect(decryptKeystoreJson(body.keystore ?? '', oldKeys.walletKey)).rejects.toThrow(/incorrect password/);
    // The form is empty again.
    expect(current()).toHaveValue('');
    expect(next()).toHaveValue('');
  });
});

describe('LogoutEverywherePanel', () => {
  it('ends every session on the server, then forgets the token', async () => {
    stubApi(() => ({ body: { status: true, msg: 'Logged out everywhere', result: { ended: 2 } } }));
    renderWithProviders(<LogoutEverywherePanel />);
    fireEvent.click(screen.getByRole('button', { name: T.logoutEverywhere }));
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
    expect(seen.map((r) => [r.method, r.path, r.auth])).toEqual([['POST', paths.logoutAll(), 'Bearer the.jwt.token']]);
  });

  it('keeps the session and says so when the server cannot be reached', async () => {
    seen = mockApi([[/./, 'network']]).requests;
    renderWithProviders(<LogoutEverywherePanel />);
    fireEvent.click(screen.getByRole('button', { name: T.logoutEverywhere }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Could not log out everywhere: /);
    expect(localStorage.getItem('token')).toBe('the.jwt.token');
  });
});
