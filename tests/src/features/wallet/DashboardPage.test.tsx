/**
 * The dashboard's states with the network stubbed at the edge: the guard (no token, expired,
 * undecodable → /Account; no wallet yet → /Wallet/{email}), the overview (balance, US Dollar with
 * 2 decimals, Indian Rupee = price × 87, click-to-copy address), the Recent Transactions rows
 * (Send / Received, status), Prev/Next disabled at the ends, and the Tokens tab (search by name or
 * symbol, or by address, add, the spec's three messages; TokensTab.test.tsx has issue #38's names).
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DashboardPage } from '../../../../src/features/wallet/DashboardPage';
import { sessionActor } from '../../../../src/features/wallet/session';
import { searchTokens } from '../../../../src/features/wallet/tokenSearch';
import { mockFetch, ok, fail, type FetchMock } from '../../../helpers/fetchMock';
import { renderWithProviders } from '../../utils/renderWithProviders';
import { pathMatcher, paths } from '../../../../common/api/paths';

const part = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
const token = (exp: number) => `${part({ alg: 'HS256' })}.${part({ email: 'ann@example.com', iat: 1, exp })}.sig`;
const ME = `r${'aB'.repeat(20)}`;
const OTHER = `r${'12'.repeat(20)}`;
const TOKEN = {
  contractAddress: `r${'cd'.repeat(20)}`,
  name: 'Ruby USD',
  symbol: 'RUSD',
  decimals: 18,
  balance: 100,
  balanceWei: '100000000000000000000',
  added: false,
};
const tx = (hash: string, from: string, to: string, valueWei: string, status = 1) => ({
  hash,
  from,
  to,
  valueWei,
  value: 0,
  status,
  timestamp: Math.floor(Date.now() / 1000) - 30,
  blockNumber: 1,
  transactionIndex: 0,
  createdAt: '',
  contractAddress: null,
  fee: 0,
  feeWei: '0',
  transactiontype: 0,
  functionName: null,
  tokenAddress: null,
  decodedInput: null,
});

function login(t: string | null) {
  if (t === null) localStorage.removeItem('token');
  else localStorage.setItem('token', t);
  act(() => sessionActor().send({ type: 'session.refresh', token: t }));
}

let fetchMock: FetchMock;
beforeEach(() => {
  localStorage.clear();
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: () => Promise.resolve() } });
  fetchMock = mockFetch([
    [
      /^\/getwalletdata\/ann%40example\.com$|^\/getwalletdata\/ann@example\.com$/,
      ok({ email: 'ann@example.com', address: ME, balance: 12.5, balanceWei: '12500000000000000000', keystore: '{}' }),
    ],
    [pathMatcher('rubyPrice'), { body: { status: true, result: { price: 0.25 }, fee: 0.00002 } }],
    [
      pathMatcher('userTx'),
      ok([tx(`0x${'1'.repeat(64)}`, ME, OTHER, '1500000000000000000'), tx(`0x${'2'.repeat(64)}`, OTHER, ME, '2000000000000000000', 0)], {
        totalPages: 1,
        currentPage: 1,
        totalTransactions: 2,
      }),
    ],
    [pathMatcher('allTokens'), ok([TOKEN])],
    [
      pathMatcher('searchToken'),
      ok([
        { contractname: 'Ruby USD', contract_address: TOKEN.contractAddress, symbol: 'RUSD', decimals: 18 },
        { contractname: 'Gem', contract_address: `r${'ef'.repeat(20)}`, symbol: 'GEM', decimals: 18 },
      ]),
    ],
  ]);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  login(null);
});

describe('DashboardPage', () => {
  it.each([
    ['no token', null],
    ['an expired token', token(Math.floor(Date.now() / 1000) - 5)],
    ['an undecodable token', 'garbage'],
  ])('with %s goes to /Account', async (_n, t) => {
    login(t);
    const { history } = renderWithProviders(<DashboardPage />, { path: '/Dashboard' });
    await waitFor(() => expect(history.at(-1)).toBe('/Account'));
  });

  it('without a wallet yet goes to the wallet screen', async () => {
    fetchMock.use([[pathMatcher('walletData'), ok(null)]]);
    login(token(Math.floor(Date.now() / 1000) + 3600));
    const { history } = renderWithProviders(<DashboardPage />, { path: '/Dashboard' });
    await waitFor(() => expect(history.at(-1)).toBe('/Wallet/ann@example.com'));
  });

  it('a token the server refuses is dropped, then /Account', async () => {
    fetchMock.use([[pathMatcher('walletData'), fail(401, 'Invalid or expired token: log in again')]]);
    login(token(Math.floor(Date.now() / 1000) + 3600));
    const { history } = renderWithProviders(<DashboardPage />, { path: '/Dashboard' });
    await waitFor(() => expect(history.at(-1)).toBe('/Account'));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('shows balance, US Dollar (2 decimals), Indian Rupee (× 87), rows as Send / Received', async () => {
    login(token(Math.floor(Date.now() / 1000) + 3600));
    renderWithProviders(<DashboardPage />, { path: '/Dashboard' });
    expect(await screen.findByTestId('wallet-balance')).toHaveTextContent('12.5 RUBY');
    await waitFor(() => expect(screen.getByTestId('wallet-usd')).toHaveTextContent('$3.13'));
    expect(screen.getByTestId('wallet-inr')).toHaveTextContent('₹271.88');
    const directions = await screen.findAllByTestId('tx-direction');
    expect(directions.map((d) => d.textContent)).toEqual(['Send', 'Received']);
    expect(screen.getByText('success')).toBeInTheDocument();
    expect(screen.getByText('failed')).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Recent Transactions pages' });
    expect(within(pager).getByRole('button', { name: 'Prev' })).toBeDisabled();
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled();
    fireEvent.click(screen.getByTestId('wallet-address'));
    expect(await screen.findByText('Copied to clipboard!')).toBeInTheDocument();
  });

  it('Recent Transactions pages with Prev / Next through the shared pager, never past the last page', async () => {
    fetchMock.use([
      [
        /^\/getuserTransction\/[^/]+\/2\//,
        ok([tx(`0x${'3'.repeat(64)}`, OTHER, ME, '1000000000000000000')], { totalPages: 2, currentPage: 2, totalTransactions: 21 }),
      ],
      [
        pathMatcher('userTx'),
        ok([tx(`0x${'1'.repeat(64)}`, ME, OTHER, '1500000000000000000')], { totalPages: 2, currentPage: 1, totalTransactions: 21 }),
      ],
    ]);
    login(token(Math.floor(Date.now() / 1000) + 3600));
    renderWithProviders(<DashboardPage />, { path: '/Dashboard' });
    const pager = await screen.findByRole('navigation', { name: 'Recent Transactions pages' });
    expect(await within(pager).findByText('Page 1 of 2')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Prev' })).toBeDisabled();
    fireEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await within(pager).findByText('Page 2 of 2')).toBeInTheDocument();
    expect(await screen.findByText('Received')).toBeInTheDocument();
    expect(fetchMock.calls.some((c) => c.startsWith(paths.userTx({ address: ME, page: 2, size: 20 })))).toBe(true);
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled();
    fireEvent.click(within(pager).getByRole('button', { name: 'Prev' }));
    expect(await within(pager).findByText('Page 1 of 2')).toBeInTheDocument();
  });

  it('the page and the tab live in the URL: /Dashboard?page=2 opens page 2, a tab change writes ?tab=', async () => {
    fetchMock.use([
      [
        /^\/getuserTransction\/[^/]+\/2\//,
        ok([tx(`0x${'3'.repeat(64)}`, OTHER, ME, '1000000000000000000')], { totalPages: 2, currentPage: 2, totalTransactions: 21 }),
      ],
    ]);
    login(token(Math.floor(Date.now() / 1000) + 3600));
    const { history } = renderWithProviders(<DashboardPage />, { path: '/Dashboard?page=2' });
    const pager = await screen.findByRole('navigation', { name: 'Recent Transactions pages' });
    expect(await within(pager).findByText('Page 2 of 2')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Tokens' }));
    expect(history.at(-1)).toBe('/Dashboard?tab=tokens');
    expect(await screen.findByText('100 RUSD')).toBeInTheDocument();
  });

  it('Receive shows a QR code of size 256', async () => {
    login(token(Math.floor(Date.now() / 1000) + 3600));
    renderWithProviders(<DashboardPage />, { path: '/Dashboard' });
    fireEvent.click(await screen.findByRole('button', { name: 'Receive' }));
    const qr = screen.getByRole('img', { name: `QR code of ${ME}` });
    expect(qr.getAttribute('width')).toBe('256');
  });

  it('Tokens tab: search, add (success and failure), no match', async () => {
    login(token(Math.floor(Date.now() / 1000) + 3600));
    renderWithProviders(<DashboardPage />, { path: '/Dashboard' });
    fireEvent.click(await screen.findByRole('tab', { name: 'Tokens' }));
    expect(await screen.findByText('100 RUSD')).toBeInTheDocument();
    const box = screen.getByRole('searchbox');
    fireEvent.change(box, { target: { value: 'zzz' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Search' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findAllByText('No tokens found')).not.toHaveLength(0);
    fireEvent.change(box, { target: { value: 'gem' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    fetchMock.use([[pathMatcher('importToken'), ok(null, { msg: 'Token Add Successfully' })]]);
    fireEvent.click(within(screen.getByRole('list', { name: 'Matching tokens' })).getByRole('button', { name: 'Add token' }));
    expect(await screen.findByText('Token Add Successfully')).toBeInTheDocument();
    expect(fetchMock.calls.some((c) => c.startsWith(paths.importToken({ walletAddress: ME, tokenAddress: `r${'ef'.repeat(20)}` })))).toBe(
      true,
    );
    fireEvent.change(box, { target: { value: 'gem' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    fetchMock.use([[pathMatcher('importToken'), fail(404, 'Token not found')]]);
    fireEvent.click(within(screen.getByRole('list', { name: 'Matching tokens' })).getByRole('button', { name: 'Add token' }));
    expect(await screen.findByText('Failed to import token address')).toBeInTheDocument();
  });
});

describe('searchTokens (specification: wallet dashboard)', () => {
  const catalogue = [
    { contractname: 'Ruby USD', contract_address: `r${'cd'.repeat(20)}`, symbol: 'RUSD', decimals: 18 },
    { contractname: 'Gem Token', contract_address: `r${'ef'.repeat(20)}`, symbol: 'GEM', decimals: 18 },
  ];
  it('matches names under 10 characters, case-insensitively', () => {
    expect(searchTokens(catalogue, 'ruby').map((t) => t.symbol)).toEqual(['RUSD']);
    expect(searchTokens(catalogue, 'TOKEN').map((t) => t.symbol)).toEqual(['GEM']);
    expect(searchTokens(catalogue, '  ')).toEqual([]);
  });
  it('matches addresses from 10 characters (r or 0x, any case, start or whole)', () => {
    expect(searchTokens(catalogue, `0x${'EF'.repeat(20)}`).map((t) => t.symbol)).toEqual(['GEM']);
    expect(searchTokens(catalogue, `r${'cd'.repeat(5)}`).map((t) => t.symbol)).toEqual(['RUSD']);
    expect(searchTokens(catalogue, 'Ruby USD t')).toEqual([]);
  });
});
