/**
 * Issue #38 item 18: the header search box is a WAI-ARIA combobox (role, aria-expanded, aria-controls naming its
 * listbox, aria-activedescendant naming the highlighted option), its dropdown a listbox of options; item 15: the DEX
 * pairs' suggestions, all named "Ruby LP", read apart by their public name tags.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SearchBox } from '../../../../src/sections/search/SearchBox';
import { SEARCH_HISTORY_KEY } from '../../../../src/sections/search/texts';
import { mockFetch, ok } from '../../../helpers/fetchMock';
import { renderWithProviders } from '../../utils/renderWithProviders';

const LP = (n: number, tag: string) => ({
  contractname: 'Ruby LP',
  contract_address: `r${String(n).repeat(40)}`,
  contractType: 'rbc20',
  symbol: 'RLP',
  tag,
});

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('search combobox', () => {
  it('collapsed, then expanded with a listbox of options; the highlighted option is the active descendant', async () => {
    localStorage.setItem(SEARCH_HISTORY_KEY, JSON.stringify(['7']));
    mockFetch([[/^\/searchcontract\?q=/, ok([LP(1, 'RGLD/RUSD LP'), LP(2, 'RGLD/RSLV LP'), LP(3, 'RUSD/RSLV LP')])]]);
    renderWithProviders(<SearchBox />);
    const box = screen.getByRole('combobox', { name: 'Search the blockchain' });
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveAttribute('aria-autocomplete', 'list');
    fireEvent.focus(box);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    const listbox = screen.getByRole('listbox');
    expect(box).toHaveAttribute('aria-controls', listbox.id);
    expect(within(listbox).getByRole('option', { name: '7' })).toHaveAttribute('aria-selected', 'false');

    fireEvent.change(box, { target: { value: 'Ruby LP' } });
    const pairs = await screen.findByRole('group', { name: 'Contracts matching the typed name' });
    const options = within(pairs).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      expect.stringContaining('RGLD/RUSD LP'),
      expect.stringContaining('RGLD/RSLV LP'),
      expect.stringContaining('RUSD/RSLV LP'),
    ]);
    // The first suggestion is highlighted: selected, and the box's active descendant.
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    await waitFor(() => expect(box).toHaveAttribute('aria-activedescendant', options[1]!.id));
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    expect(options[0]).toHaveAttribute('aria-selected', 'false');

    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});
