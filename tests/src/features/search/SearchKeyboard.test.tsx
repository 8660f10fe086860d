/** Issue #25, item 9: arrow keys move into the suggestions, Enter picks the highlighted one. */
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SearchBox } from '../../../../src/sections/search/SearchBox';
import { SEARCH_HISTORY_KEY } from '../../../../src/sections/search/texts';
import { renderWithProviders } from '../../utils/renderWithProviders';
import { mockFetch, ok } from '../../../helpers/fetchMock';
import { rawPath } from '../../../../common/api/paths';

const GOLD = { contractname: 'Ruby Gold', contract_address: 'r5FbDB2315678afecb367f032d93F642f64180aa3', contractType: 'rbc20' };
const GEMS = { contractname: 'Ruby Gems', contract_address: 'r5FC8d32690cc91D4c39d9d3abcBD16989F875707', contractType: 'dapp' };

const input = () => screen.getByRole('combobox', { name: 'Search the blockchain' });
const highlighted = () => {
  const id = input().getAttribute('aria-activedescendant');
  return id ? document.getElementById(id) : null;
};

async function typeRubyG() {
  fireEvent.focus(input());
  fireEvent.change(input(), { target: { value: 'Ruby G' } });
  return screen.findByRole('group', { name: 'Contracts matching the typed name' });
}

describe('SearchBox keyboard', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("Enter on 'Ruby G' with two suggestions opens the highlighted (first) one, not 'No results found'", async () => {
    const api = mockFetch([[/^\/searchcontract\?q=/, ok([GOLD, GEMS])]]);
    const { history: visited } = renderWithProviders(<SearchBox />);
    const table = await typeRubyG();
    expect(highlighted()).toHaveAttribute('data-active', 'true');
    expect(highlighted()).toHaveTextContent('Ruby Gold');
    expect(within(table).getAllByRole('option')).toHaveLength(2);
    fireEvent.submit(input());
    expect(visited.at(-1)).toBe(`/TokenDetail/${GOLD.contract_address}`);
    expect(visited).not.toContain('/Invalidinput');
    // The full contract list was not needed: the pick went straight to the page.
    expect(api.calls.some((c) => c.startsWith(rawPath('searchData', '')))).toBe(false);
  });

  it('ArrowDown / ArrowUp move the highlight (wrapping); Enter opens the highlighted suggestion', async () => {
    mockFetch([[/^\/searchcontract\?q=/, ok([GOLD, GEMS])]]);
    const { history: visited } = renderWithProviders(<SearchBox />);
    await typeRubyG();
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(highlighted()).toHaveTextContent('Ruby Gems');
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(highlighted()).toHaveTextContent('Ruby Gold');
    fireEvent.keyDown(input(), { key: 'ArrowUp' });
    expect(highlighted()).toHaveTextContent('Ruby Gems');
    expect(document.querySelectorAll('[data-active="true"]')).toHaveLength(1);
    fireEvent.submit(input());
    expect(visited.at(-1)).toBe(`/contractDetail/${GEMS.contract_address}`);
    expect(JSON.parse(localStorage.getItem(SEARCH_HISTORY_KEY) ?? '[]')).toEqual(['Ruby Gems']);
  });

  it('the arrows reach the recent searches too; Enter searches the highlighted one', async () => {
    localStorage.setItem(SEARCH_HISTORY_KEY, JSON.stringify(['12345']));
    mockFetch([
      [/^\/searchcontract$/, ok([GOLD, GEMS])],
      [/^\/searchdata\/12345$/, { body: { status: true, result: 'block', value: 12345 } }],
    ]);
    const { history: visited } = renderWithProviders(<SearchBox />);
    fireEvent.focus(input());
    expect(await screen.findByText('Recent')).toBeInTheDocument();
    expect(highlighted()).toBeNull();
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(highlighted()).toHaveTextContent('12345');
    fireEvent.submit(input());
    await vi.waitFor(() => expect(visited.at(-1)).toBe('/Block/12345'));
  });
});
