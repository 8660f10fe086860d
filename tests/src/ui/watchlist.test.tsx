/** The watchlist in the shared components (issue #19): private labels beside addresses, the Watch toggle, the palette command. */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Address } from '../../../src/ui/Address';
import { DetailId } from '../../../src/ui/DetailId';
import { WATCH_TEXTS, WatchlistContext, type WatchlistApi } from '../../../src/ui/watchlist';
import { watchCommand } from '../../../src/features/search/palette/watchCommand';
import { PALETTE_TEXTS } from '../../../src/features/search/palette/texts';
import { renderWithProviders } from '../utils/renderWithProviders';

const WATCHED = 'r5FbDB2315678afecb367f032d93F642f64180aa3';
const OTHER = 'r976EA74026E726554dB657fA54763abd0C3a0aa9';

function watchlist(labels: Record<string, string>, toggled: string[] = []): WatchlistApi {
  return {
    labels: new Map(Object.entries(labels)),
    busy: new Set(),
    toggle: async (a) => {
      toggled.push(a);
    },
  };
}

describe('watchlist in shared components', () => {
  it('shows the private label beside every occurrence of a watched address, from one context (no request per row)', () => {
    renderWithProviders(
      <WatchlistContext.Provider value={watchlist({ '0x5fbdb2315678afecb367f032d93f642f64180aa3': 'Cold wallet' })}>
        <Address value={WATCHED} />
        <Address value={WATCHED.toLowerCase()} />
        <Address value={OTHER} />
      </WatchlistContext.Provider>,
    );
    expect(screen.getAllByText('Cold wallet')).toHaveLength(2);
    expect(screen.getAllByText('Cold wallet')[0]).toHaveAttribute('title', WATCH_TEXTS.labelTitle);
  });

  it('the Watch toggle on a detail page: pressed when watched, calls toggle with the address, by keyboard', async () => {
    const toggled: string[] = [];
    renderWithProviders(
      <WatchlistContext.Provider value={watchlist({}, toggled)}>
        <DetailId address={OTHER} />
      </WatchlistContext.Provider>,
    );
    const button = screen.getByRole('button', { name: /Watch/ });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(toggled).toEqual([OTHER]);
  });

  it('shows it pressed ("Watching") for a watched address', () => {
    renderWithProviders(
      <WatchlistContext.Provider value={watchlist({ '0x5fbdb2315678afecb367f032d93f642f64180aa3': '' })}>
        <DetailId address={WATCHED} />
      </WatchlistContext.Provider>,
    );
    expect(screen.getByRole('button', { name: /Watching/ })).toHaveAttribute('aria-pressed', 'true');
  });

  it('logged out (no provider): no label and no Watch button', () => {
    renderWithProviders(<DetailId address={WATCHED} />);
    expect(screen.queryByRole('button', { name: /Watch/ })).toBeNull();
  });

  it('the palette offers "Watch this address" on address, contract and token pages only, when logged in', () => {
    const w = watchlist({ '0x5fbdb2315678afecb367f032d93f642f64180aa3': 'x' });
    expect(watchCommand(`/address/${OTHER}`, w)?.label).toBe(PALETTE_TEXTS.watchAddress);
    expect(watchCommand(`/TokenDetail/${OTHER}`, w)?.label).toBe(PALETTE_TEXTS.watchAddress);
    expect(watchCommand(`/contractDetail/${WATCHED}`, w)?.label).toBe(PALETTE_TEXTS.unwatchAddress);
    expect(watchCommand('/Alltransactions', w)).toBeNull();
    expect(watchCommand(`/address/${OTHER}`, null)).toBeNull();
    expect(watchCommand('/address/nope', w)).toBeNull();
  });
});
