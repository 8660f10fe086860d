import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jumpFor, PAGE_COMMANDS, pageHref, subjectOf } from '../../../../../src/features/search/palette/commands';
import { PaletteHost } from '../../../../../src/features/search/palette/PaletteHost';
import { SEARCH_HISTORY_KEY } from '../../../../../src/sections/search/texts';
import { mockFetch, ok } from '../../../../helpers/fetchMock';
import { renderWithProviders } from '../../../utils/renderWithProviders';
import { pathMatcher } from '../../../../../common/api/paths';

const key = (k: string, init: KeyboardEventInit = {}) =>
  fireEvent.keyDown(document.activeElement ?? document.body, { key: k, code: init.code, ...init });
const dialog = () => screen.queryByRole('dialog', { name: 'Command palette' });

describe('command rules', () => {
  it('recognises a block number, a transaction hash and an address by shape', () => {
    expect(jumpFor(' 42 ')?.href).toBe('/Block/42');
    const hash = `0x${'ab'.repeat(32)}`;
    expect(jumpFor(hash)?.href).toBe(`/transaction/${hash}`);
    expect(jumpFor('r5FbDB2315678afecb367f032d93F642f64180aa3')?.href).toBe('/address/r5FbDB2315678afecb367f032d93F642f64180aa3');
    expect(jumpFor('0x5fbdb2315678afecb367f032d93f642f64180aa3')?.kind).toBe('address');
    expect(jumpFor('Ruby Gold')).toBeNull();
    expect(jumpFor('0x1234')).toBeNull();
  });

  it('offers home and every header page with a distinct g-shortcut', () => {
    expect(PAGE_COMMANDS.map(pageHref)).toEqual([
      '/',
      '/Alltransactions',
      '/Allblock',
      '/Topaccounts',
      '/Deploycontract',
      '/VerifiedRuby',
      '/rubyWeb3Docs',
      '/Tokens',
      '/Chart',
      '/Api',
      '/Account',
    ]);
    expect(new Set(PAGE_COMMANDS.map((c) => c.key)).size).toBe(PAGE_COMMANDS.length);
  });

  it('knows what the current page is about', () => {
    expect(subjectOf('/address/rABC')?.value).toBe('rABC');
    expect(subjectOf('/transaction/0xabc')?.label).toBe('Copy this transaction hash');
    expect(subjectOf('/Block/7')?.value).toBe('7');
    expect(subjectOf('/Tokens')).toBeNull();
  });
});

// jsdom lacks the layout APIs cmdk's list calls (it measures its height and scrolls the
// selected option into view); they do nothing here, as in a browser without layout.
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

describe('PaletteHost', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.stubGlobal('ResizeObserver', NoResizeObserver);
    Element.prototype.scrollIntoView ??= function scrollIntoView() {};
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('Ctrl+K opens a labelled dialog with the input focused; Escape closes it', async () => {
    renderWithProviders(<PaletteHost />);
    expect(dialog()).toBeNull();
    key('k', { ctrlKey: true, code: 'KeyK' });
    await waitFor(() => expect(dialog()).not.toBeNull());
    const input = screen.getByRole('combobox');
    await waitFor(() => expect(input).toHaveFocus());
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: /Blocks/ })).toBeInTheDocument();
    key('Escape', { code: 'Escape' });
    await waitFor(() => expect(dialog()).toBeNull());
  });

  it("'/' opens it, but not while typing in a field", async () => {
    renderWithProviders(
      <>
        <input aria-label="other field" />
        <PaletteHost />
      </>,
    );
    const other = screen.getByRole('textbox', { name: 'other field' });
    act(() => other.focus());
    key('/', { code: 'Slash' });
    await new Promise((r) => setTimeout(r, 50));
    expect(dialog()).toBeNull();
    act(() => other.blur());
    key('/', { code: 'Slash' });
    await waitFor(() => expect(dialog()).not.toBeNull());
  });

  it('typing a block number offers the jump first; Enter goes there and closes', async () => {
    mockFetch([[/^\/searchcontract/, ok([])]]);
    const { history } = renderWithProviders(<PaletteHost />);
    key('k', { ctrlKey: true, code: 'KeyK' });
    const input = await screen.findByRole('combobox');
    fireEvent.change(input, { target: { value: '42' } });
    await waitFor(() => expect(screen.getByRole('option', { selected: true })).toHaveTextContent('Block #42'));
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(history.at(-1)).toBe('/Block/42'));
    await waitFor(() => expect(dialog()).toBeNull());
  });

  it('a free term runs the search machine: saved to history, then /searchdata decides', async () => {
    mockFetch([
      [/^\/searchcontract\?q=/, ok([])],
      [pathMatcher('searchContract'), ok([])],
      [/^\/searchdata\/nothing$/, { status: 404, body: { status: false, message: 'No results found' } }],
    ]);
    const { history } = renderWithProviders(<PaletteHost />);
    key('k', { ctrlKey: true, code: 'KeyK' });
    const input = await screen.findByRole('combobox');
    fireEvent.change(input, { target: { value: 'nothing' } });
    await waitFor(() => expect(screen.getByRole('option', { selected: true })).toHaveTextContent('Search for “nothing”'));
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(history.at(-1)).toBe('/Invalidinput?q=nothing'));
    expect(JSON.parse(localStorage.getItem(SEARCH_HISTORY_KEY) ?? '[]')).toEqual(['nothing']);
  });

  it('"g" then "b" goes to the blocks page', async () => {
    const { history } = renderWithProviders(<PaletteHost />);
    key('g', { code: 'KeyG' });
    key('b', { code: 'KeyB' });
    await waitFor(() => expect(history.at(-1)).toBe('/Allblock'));
  });
});
