/**
 * The palette's language command (issue #21): found by "language", "hindi" or "भाषा", it switches
 * the interface language (kept in localStorage, <html lang>), and in Hindi it offers English back.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PaletteHost } from '../../../../../src/features/search/palette/PaletteHost';
import { currentLocale, LANG_STORAGE_KEY, setLocale } from '../../../../../src/lib/i18n/locale';
import { mockFetch, ok } from '../../../../helpers/fetchMock';
import { renderWithProviders } from '../../../utils/renderWithProviders';

class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

const openPalette = async () => {
  fireEvent.keyDown(document.activeElement ?? document.body, { key: 'k', code: 'KeyK', ctrlKey: true });
  return screen.findByRole('combobox');
};

describe('the language command', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.stubGlobal('ResizeObserver', NoResizeObserver);
    Element.prototype.scrollIntoView ??= function scrollIntoView() {};
    mockFetch([[/^\/searchcontract/, ok([])]]);
  });
  afterEach(async () => {
    await setLocale('en');
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it.each(['language', 'hindi', 'भाषा'])('"%s" finds "Switch to Hindi — हिन्दी"', async (term) => {
    renderWithProviders(<PaletteHost />);
    const input = await openPalette();
    fireEvent.change(input, { target: { value: term } });
    expect(await screen.findByRole('option', { name: 'Switch to Hindi — हिन्दी' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Open my wallet' })).toBeNull();
  });

  it('switches to Hindi and back to the exact English', async () => {
    renderWithProviders(<PaletteHost />);
    let input = await openPalette();
    fireEvent.change(input, { target: { value: 'hindi' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Switch to Hindi — हिन्दी' }));
    await waitFor(() => expect(currentLocale()).toBe('hi'));
    expect(localStorage.getItem(LANG_STORAGE_KEY)).toBe('hi');
    expect(document.documentElement.lang).toBe('hi');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    input = await openPalette();
    expect(screen.getByRole('dialog', { name: 'कमांड पैलेट' })).toBeInTheDocument();
    fireEvent.change(input, { target: { value: 'भाषा' } });
    fireEvent.click(await screen.findByRole('option', { name: 'अंग्रेज़ी में बदलें — English' }));
    await waitFor(() => expect(currentLocale()).toBe('en'));
    expect(localStorage.getItem(LANG_STORAGE_KEY)).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await openPalette();
    expect(screen.getByRole('dialog', { name: 'Command palette' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Switch to Hindi — हिन्दी' })).toBeInTheDocument();
  });
});
