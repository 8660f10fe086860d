/** Issue #25, items 9 and 13: the No results page repeats the term and offers a search box; /SearchToken is not empty. */
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NoResultsPage } from '../../../../src/features/search/NoResultsPage';
import { SearchTokenPage } from '../../../../src/features/search/SearchTokenPage';
import { renderWithProviders } from '../../utils/renderWithProviders';
import { mockFetch, ok } from '../../../helpers/fetchMock';
import { paths } from '../../../../common/api/paths';
import { SEARCH_HISTORY_KEY } from '../../../../src/lib/searchHistory';

vi.setConfig({ testTimeout: 30_000 });

const GOLD = { contractname: 'Ruby Gold', contract_address: 'r5FbDB2315678afecb367f032d93F642f64180aa3', contractType: 'rbc20' };
const DOLLAR = { contractname: 'Ruby Dollar', contract_address: 'r1111111111111111111111111111111111111111', contractType: 'rbc20' };
const GEMS = { contractname: 'Ruby Gems', contract_address: 'r5FC8d32690cc91D4c39d9d3abcBD16989F875707', contractType: 'dapp' };

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
beforeEach(() => localStorage.clear());

describe('No results page', () => {
  it('repeats the searched term and puts it back in a search box', async () => {
    mockFetch([]);
    renderWithProviders(<NoResultsPage />, { path: '/Invalidinput?q=Ruby%20D' });
    expect(screen.getByRole('heading', { level: 1, name: 'No results found' })).toBeInTheDocument();
    expect(screen.getByText('“Ruby D”')).toBeInTheDocument();
    expect(screen.getByRole('search')).toBeInTheDocument();
    expect(await screen.findByDisplayValue('Ruby D')).toBe(screen.getByRole('combobox', { name: 'Search the blockchain' }));
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });

  it('puts the term back with the recent searches closed until the box is focused', async () => {
    localStorage.setItem(SEARCH_HISTORY_KEY, JSON.stringify(['Ruby D', '7']));
    mockFetch([[/^\/searchcontract\?q=/, ok([])]]);
    renderWithProviders(<NoResultsPage />, { path: '/Invalidinput?q=Ruby%20D' });
    const box = await screen.findByDisplayValue('Ruby D');
    expect(screen.queryByRole('group', { name: 'Recent' })).toBeNull();
    fireEvent.focus(box);
    expect(screen.getByRole('group', { name: 'Recent' })).toBeInTheDocument();
  });

  it('without a term it still offers the search box', () => {
    mockFetch([]);
    renderWithProviders(<NoResultsPage />, { path: '/Invalidinput' });
    expect(screen.getByText('Nothing matched your search.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Search the blockchain' })).toHaveValue('');
  });
});

describe('/SearchToken', () => {
  it('lists the tokens (not the DApps), filters by name or symbol through the server, and by address', async () => {
    const api = mockFetch([
      [/^\/searchcontract\?q=RUSD$/, ok([DOLLAR])],
      [/^\/searchcontract\?q=/, ok([])],
      [/^\/searchcontract$/, ok([GOLD, DOLLAR, GEMS])],
    ]);
    renderWithProviders(<SearchTokenPage />, { path: '/SearchToken' });
    expect(screen.getByRole('heading', { level: 1, name: 'Search token' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Tokens' });
    expect(within(table).getByRole('link', { name: 'Ruby Gold' })).toHaveAttribute('href', `/TokenDetail/${GOLD.contract_address}`);
    expect(within(table).getByRole('link', { name: 'Ruby Dollar' })).toBeInTheDocument();
    expect(within(table).queryByRole('link', { name: 'Ruby Gems' })).toBeNull();

    const box = screen.getByRole('searchbox', { name: 'Token name, symbol or address' });
    fireEvent.change(box, { target: { value: 'RUSD' } });
    await vi.waitFor(() => expect(within(screen.getByRole('table', { name: 'Tokens' })).queryByText('Ruby Gold')).toBeNull());
    expect(within(screen.getByRole('table', { name: 'Tokens' })).getByRole('link', { name: 'Ruby Dollar' })).toBeInTheDocument();
    expect(api.calls).toContain(paths.searchContract({ q: 'RUSD' }));

    fireEvent.change(box, { target: { value: 'r5fbdb23' } });
    await vi.waitFor(() => expect(within(screen.getByRole('table', { name: 'Tokens' })).queryByText('Ruby Dollar')).toBeNull());
    expect(within(screen.getByRole('table', { name: 'Tokens' })).getByRole('link', { name: 'Ruby Gold' })).toBeInTheDocument();

    fireEvent.change(box, { target: { value: 'zzzz' } });
    expect(await screen.findByText('No token matches “zzzz”.')).toBeInTheDocument();
  });
});
