/**
 * Issue #25, items 9 and 10: a free-text term with a real match pre-selects the match; closing the palette gives the
 * focus back; the header's search button (with its shortcut shown) opens the palette.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Header } from '../../../../../src/app/layout/Header';
import { PaletteHost } from '../../../../../src/features/search/palette/PaletteHost';
import { mockFetch, ok } from '../../../../helpers/fetchMock';
import { renderWithProviders } from '../../../utils/renderWithProviders';
import { pathMatcher } from '../../../../../common/api/paths';

vi.setConfig({ testTimeout: 30_000 });

const DOLLAR = { contractname: 'Ruby Dollar', contract_address: 'r1111111111111111111111111111111111111111', contractType: 'rbc20' };
const dialog = () => screen.queryByRole('dialog', { name: 'Command palette' });
const ctrlK = () => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'k', code: 'KeyK', ctrlKey: true });

class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

describe('command palette: match pre-selection and focus', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.stubGlobal('ResizeObserver', NoResizeObserver);
    Element.prototype.scrollIntoView ??= function scrollIntoView() {};
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("'Ruby D' pre-selects the matching token, and Enter opens it (not 'Search for …' → No results)", async () => {
    mockFetch([
      [/^\/searchcontract\?q=/, ok([DOLLAR])],
      [pathMatcher('searchContract'), ok([DOLLAR])],
    ]);
    const { history } = renderWithProviders(<PaletteHost />);
    ctrlK();
    const input = await screen.findByRole('combobox');
    fireEvent.change(input, { target: { value: 'Ruby D' } });
    await waitFor(() => expect(screen.getByRole('option', { selected: true })).toHaveTextContent('Ruby Dollar'));
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(history.at(-1)).toBe(`/TokenDetail/${DOLLAR.contract_address}`));
    expect(history).not.toContain('/Invalidinput?q=Ruby%20D');
  });

  it("the arrows still reach 'Search for …' after the match was pre-selected", async () => {
    mockFetch([[/^\/searchcontract\?q=/, ok([DOLLAR])]]);
    renderWithProviders(<PaletteHost />);
    ctrlK();
    const input = await screen.findByRole('combobox');
    fireEvent.change(input, { target: { value: 'Ruby D' } });
    await waitFor(() => expect(screen.getByRole('option', { selected: true })).toHaveTextContent('Ruby Dollar'));
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    await waitFor(() => expect(screen.getByRole('option', { selected: true })).toHaveTextContent('Search for “Ruby D”'));
  });

  it('closing gives the focus back to the element that had it', async () => {
    renderWithProviders(
      <>
        <button type="button">before</button>
        <PaletteHost />
      </>,
    );
    const before = screen.getByRole('button', { name: 'before' });
    before.focus();
    ctrlK();
    await waitFor(() => expect(screen.getByRole('combobox')).toHaveFocus());
    fireEvent.keyDown(document.activeElement!, { key: 'Escape', code: 'Escape' });
    await waitFor(() => expect(dialog()).toBeNull());
    await waitFor(() => expect(before).toHaveFocus());
    expect(document.activeElement).not.toBe(document.body);
  });

  it('the header shows a search button with its shortcut; clicking it opens the palette', async () => {
    mockFetch([]);
    renderWithProviders(
      <>
        <Header />
        <PaletteHost />
      </>,
    );
    const button = screen.getByRole('button', { name: /^Search (Ctrl|⌘) K$/ });
    expect(button).toHaveAttribute('title', 'Search or jump to a page (Ctrl+K or /)');
    expect(button).toHaveTextContent(/Search/);
    expect(button).toHaveTextContent(/(Ctrl|⌘) K/);
    expect(button).toHaveAttribute('aria-keyshortcuts');
    button.focus();
    fireEvent.click(button);
    await waitFor(() => expect(dialog()).not.toBeNull());
    await waitFor(() => expect(screen.getByRole('combobox')).toHaveFocus());
    fireEvent.keyDown(document.activeElement!, { key: 'Escape', code: 'Escape' });
    await waitFor(() => expect(dialog()).toBeNull());
    await waitFor(() => expect(button).toHaveFocus());
  });
});
