import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SearchBox } from '../../../../src/sections/search/SearchBox';
import { SEARCH_HISTORY_KEY } from '../../../../src/sections/search/texts';
import { renderWithProviders } from '../../utils/renderWithProviders';
import { fail, mockFetch, ok } from '../../../helpers/fetchMock';
import { pathMatcher, paths } from '../../../../common/api/paths';

// Generous waits: the suite shares the machine with other test runs.

const GOLD = { contractname: 'Ruby Gold', contract_address: 'r5FbDB2315678afecb367f032d93F642f64180aa3', contractType: 'rbc20' };
const GEMS = { contractname: 'Ruby Gems', contract_address: 'r5FC8d32690cc91D4c39d9d3abcBD16989F875707', contractType: 'dapp' };

const input = () => screen.getByRole('combobox', { name: 'Search the blockchain' });
const history = () => JSON.parse(localStorage.getItem(SEARCH_HISTORY_KEY) ?? '[]') as string[];

function type(value: string) {
  fireEvent.change(input(), { target: { value } });
}

describe('SearchBox', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('shows the title, placeholder and Search button; the hero title is the page heading', () => {
    renderWithProviders(<SearchBox variant="hero" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Ruby Blockchain Explorer' })).toBeInTheDocument();
    expect(input()).toHaveAttribute('placeholder', 'Search by address / txn hash / block / token...');
    expect(screen.getByRole('button', { name: 'Search' })).toBeInTheDocument();
    expect(screen.getByRole('search')).toBeInTheDocument();
  });

  it('the compact variant (detail pages) shows the title without a heading', () => {
    renderWithProviders(<SearchBox />);
    expect(screen.getByText('Ruby Blockchain Explorer')).toBeInTheDocument();
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('on focus with no history shows no dropdown', () => {
    renderWithProviders(<SearchBox />);
    fireEvent.focus(input());
    expect(screen.queryByText('Recent')).toBeNull();
  });

  it('Escape closes the dropdown and keeps the term: the search box clearing itself (its default) is prevented', () => {
    localStorage.setItem(SEARCH_HISTORY_KEY, JSON.stringify(['12']));
    renderWithProviders(<SearchBox />);
    fireEvent.focus(input());
    type('Ruby');
    expect(screen.getByRole('group', { name: 'Recent' })).toBeInTheDocument();
    // fireEvent returns false when a handler called preventDefault (chromium's clear would follow otherwise).
    expect(fireEvent.keyDown(input(), { key: 'Escape' })).toBe(false);
    expect(screen.queryByRole('group', { name: 'Recent' })).toBeNull();
    expect(input()).toHaveValue('Ruby');
  });

  it("on focus shows 'Recent' with 'Clear all' and per-item remove", () => {
    localStorage.setItem(SEARCH_HISTORY_KEY, JSON.stringify(['0xabc', '12']));
    renderWithProviders(<SearchBox />);
    fireEvent.focus(input());
    const recent = screen.getByRole('group', { name: 'Recent' });
    expect(
      within(recent)
        .getAllByRole('option')
        .map((li) => li.textContent),
    ).toEqual(['0xabc', '12']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove 0xabc from recent searches' }));
    expect(history()).toEqual(['12']);
    expect(input()).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(history()).toEqual([]);
    expect(screen.queryByRole('group', { name: 'Recent' })).toBeNull();
  });

  it('the dropdown closes 200 ms after blur, and stays open while focus moves inside it', () => {
    vi.useFakeTimers();
    localStorage.setItem(SEARCH_HISTORY_KEY, JSON.stringify(['7']));
    renderWithProviders(<SearchBox />);
    fireEvent.focus(input());
    const clear = screen.getByRole('button', { name: 'Clear all' });
    fireEvent.blur(input(), { relatedTarget: clear });
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText('Recent')).toBeInTheDocument();
    fireEvent.blur(clear, { relatedTarget: document.body });
    act(() => vi.advanceTimersByTime(199));
    expect(screen.getByText('Recent')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Recent')).toBeNull();
  });

  it('echoes the typed query below the box, shortened over 20 characters', () => {
    renderWithProviders(<SearchBox />);
    type('12345');
    expect(screen.getByText('12345')).toBeInTheDocument();
    const hash = `0x${'a'.repeat(18)}${'b'.repeat(40)}cdef`;
    type(hash);
    expect(screen.getByText(`0x${'a'.repeat(18)}......cdef`)).toBeInTheDocument();
  });

  it('under 20 characters lists matching contract names with addresses from /searchcontract?q=', async () => {
    const api = mockFetch([[/^\/searchcontract\?q=/, ok([GOLD, GEMS])]]);
    const { history: visited } = renderWithProviders(<SearchBox />);
    fireEvent.focus(input());
    type('Ruby');
    const table = await screen.findByRole('group', { name: 'Contracts matching the typed name' });
    expect(api.calls).toContain(paths.searchContract({ q: 'Ruby' }));
    expect(within(table).getByText('r5FbDB2315678afecb36...0aa3')).toBeInTheDocument();
    fireEvent.click(within(table).getByRole('option', { name: /^Ruby Gems/ }));
    expect(visited.at(-1)).toBe(`/contractDetail/${GEMS.contract_address}`);
    expect(history()).toEqual(['Ruby Gems']);
  });

  it('asks no suggestions at 20 characters or more', async () => {
    const api = mockFetch([[/^\/searchcontract/, ok([GOLD])]]);
    renderWithProviders(<SearchBox />);
    fireEvent.focus(input());
    type('x'.repeat(20));
    await new Promise((r) => setTimeout(r, 300));
    expect(api.calls).toEqual([]);
  });

  it('an empty search does nothing', () => {
    const api = mockFetch([]);
    const { history: visited } = renderWithProviders(<SearchBox />);
    type('   ');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(api.calls).toEqual([]);
    expect(visited).toEqual(['/']);
    expect(history()).toEqual([]);
  });

  it('a contract name goes to its token page and is saved to the history', async () => {
    mockFetch([[pathMatcher('searchContract'), ok([GOLD, GEMS])]]);
    const { history: visited } = renderWithProviders(<SearchBox />);
    type('ruby gold');
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() => expect(visited.at(-1)).toBe(`/TokenDetail/${GOLD.contract_address}`));
    expect(history()).toEqual(['ruby gold']);
  });

  it('a block number goes through /searchdata to the block page', async () => {
    const api = mockFetch([
      [pathMatcher('searchContract'), ok([GOLD])],
      [/^\/searchdata\/42$/, { body: { status: true, result: 'block', value: 42 } }],
    ]);
    const { history: visited } = renderWithProviders(<SearchBox />);
    type('42');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(visited.at(-1)).toBe('/Block/42'));
    expect(api.calls).toEqual([paths.searchContract(), paths.searchData(42)]);
  });

  it('an unknown term, or a failing API, goes to /Invalidinput', async () => {
    mockFetch([
      [pathMatcher('searchContract'), ok([])],
      [pathMatcher('searchData'), fail(404, 'No results found')],
    ]);
    const { history: visited } = renderWithProviders(<SearchBox />);
    type('nothing here');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(visited.at(-1)).toBe('/Invalidinput?q=nothing%20here'));
  });

  it('picking a recent search runs it', async () => {
    localStorage.setItem(SEARCH_HISTORY_KEY, JSON.stringify(['7']));
    mockFetch([
      [pathMatcher('searchContract'), ok([])],
      [/^\/searchdata\/7$/, { body: { status: true, result: 'block', value: 7 } }],
    ]);
    const { history: visited } = renderWithProviders(<SearchBox />);
    fireEvent.focus(input());
    fireEvent.click(screen.getByRole('option', { name: '7' }));
    expect(screen.queryByText('Recent')).toBeNull();
    await waitFor(() => expect(visited.at(-1)).toBe('/Block/7'));
  });
});
