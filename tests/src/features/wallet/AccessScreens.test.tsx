/**
 * Login and wallet access on arrival (docs/decisions.md#spec-screens, #spec-states): a still-valid token on /Account goes
 * to /Dashboard, an expired one stays; the wallet screen needs a valid token, shows Create and
 * Import, and sends an account that already has a wallet to /Dashboard/{userEmail}. Sign up and
 * log in flows themselves run in tests/machines/*.model.test.tsx.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from '../../../../src/features/wallet/LoginPage';
import { WalletAccessPage } from '../../../../src/features/wallet/WalletAccessPage';
import { sessionActor } from '../../../../src/features/wallet/session';
import { mockFetch, ok, type FetchMock } from '../../../helpers/fetchMock';
import { renderWithProviders } from '../../utils/renderWithProviders';
import { pathMatcher, paths } from '../../../../common/api/paths';

const part = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
const token = (exp: number) => `${part({ alg: 'HS256' })}.${part({ email: 'ann@example.com', iat: 1, exp })}.sig`;
const VALID = () => token(Math.floor(Date.now() / 1000) + 3600);

function login(t: string | null) {
  if (t === null) localStorage.removeItem('token');
  else localStorage.setItem('token', t);
  act(() => sessionActor().send({ type: 'session.refresh', token: t }));
}

let fetchMock: FetchMock;
beforeEach(() => {
  localStorage.clear();
  fetchMock = mockFetch([[pathMatcher('walletData'), ok(null)]]);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  login(null);
});

describe('LoginPage on arrival', () => {
  it('a valid stored token goes to /Dashboard', async () => {
    login(VALID());
    const { history } = renderWithProviders(<LoginPage />, { path: '/Account' });
    await waitFor(() => expect(history.at(-1)).toBe('/Dashboard'));
  });

  it('an expired token stays on the form', async () => {
    login(token(Math.floor(Date.now() / 1000) - 1));
    const { history } = renderWithProviders(<LoginPage />, { path: '/Account' });
    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByRole('link', { name: /Sign up/ })).toHaveAttribute('href', '/Signup');
    // The premise: the session saw the token and found it expired (a valid one redirects at once).
    await waitFor(() => expect(sessionActor().getSnapshot().value).toBe('expired'));
    await act(() => new Promise<void>((r) => setTimeout(r, 50)));
    expect(history).toEqual(['/Account']);
  });
});

describe('WalletAccessPage', () => {
  it('without a token goes to /Account', async () => {
    const { history } = renderWithProviders(<WalletAccessPage userEmail="ann@example.com" />, { path: '/Wallet/ann@example.com' });
    await waitFor(() => expect(history.at(-1)).toBe('/Account'));
  });

  it('offers Create Wallet and Import Wallet to an account without a wallet', async () => {
    login(VALID());
    renderWithProviders(<WalletAccessPage userEmail="ann@example.com" />, { path: '/Wallet/ann@example.com' });
    expect(await screen.findByRole('button', { name: /Create Wallet/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Import Wallet/ })).toBeInTheDocument();
    expect(fetchMock.calls.some((c) => c.startsWith(decodeURIComponent(paths.walletData('ann@example.com'))))).toBe(true);
  });

  it('an account that already has a wallet goes to /Dashboard/{userEmail}', async () => {
    fetchMock.use([
      [
        pathMatcher('walletData'),
        ok({ email: 'ann@example.com', address: `r${'ab'.repeat(20)}`, balance: 0, balanceWei: '0', keystore: '{}' }),
      ],
    ]);
    login(VALID());
    const { history } = renderWithProviders(<WalletAccessPage userEmail="ann@example.com" />, { path: '/Wallet/ann@example.com' });
    await waitFor(() => expect(history.at(-1)).toBe('/Dashboard/ann@example.com'));
  });
});
