/**
 * The logged-in user's watchlist as every page sees it: private labels by address and
 * the Watch action. The watchlist feature (src/features/watchlist/WatchlistHost.tsx) fills it
 * from ONE RTK Query cache entry (GET /watchlist), so an Address in a list of a hundred rows
 * makes no request of its own. Without a provider (logged out, component tests) there are no
 * labels and no Watch button.
 */
import { defineTexts } from '../lib/i18n';
import { createContext, useContext } from 'react';
import { parseAddress } from '../../common/address';
import './watchlist.css';

export interface WatchlistApi {
  /** Lower-case 0x address → the user's private label ('' when watched without one). */
  labels: ReadonlyMap<string, string>;
  /** Watches the address (no label, every alert) or stops watching it; resolves when saved. */
  toggle(address: string): Promise<void>;
  /** A save in flight for this address (lower-case 0x). */
  busy: ReadonlySet<string>;
}

export const WatchlistContext = createContext<WatchlistApi | null>(null);

export function useWatchlist(): WatchlistApi | null {
  return useContext(WatchlistContext);
}

/** The user's label of an address (r… or 0x…), '' when watched without one, null when not watched. */
export function useWatchLabel(address: string | null | undefined): string | null {
  const w = useContext(WatchlistContext);
  if (!w || !address || w.labels.size === 0) return null;
  const key = parseAddress(address);
  return key === null ? null : (w.labels.get(key) ?? null);
}

export const WATCH_TEXTS = defineTexts('ui.watch', {
  watch: 'Watch',
  watching: 'Watching',
  watchTitle: 'Add this address to your watchlist: live alerts and a private label',
  unwatchTitle: 'On your watchlist: press to stop watching',
  labelTitle: 'Your private label (only you see it)',
} as const);

/** The private label as a badge beside an address; nothing when none. */
export function WatchLabel({ address }: { address: string | null | undefined }) {
  const label = useWatchLabel(address);
  return label ? (
    // The user's own words: data, kept from a browser's translation (the title is the app's own text, already translated).
    <span className="watch-label" title={WATCH_TEXTS.labelTitle} translate="no">
      {label}
    </span>
  ) : null;
}

/** The Watch toggle of a detail page's address (logged-in users only). */
export function WatchButton({ address }: { address: string }) {
  const w = useContext(WatchlistContext);
  const key = parseAddress(address);
  if (!w || key === null) return null;
  const watched = w.labels.has(key);
  return (
    <button
      type="button"
      className={`watch-btn ${watched ? 'is-on' : ''}`.trim()}
      aria-pressed={watched}
      title={watched ? WATCH_TEXTS.unwatchTitle : WATCH_TEXTS.watchTitle}
      disabled={w.busy.has(key)}
      onClick={() => void w.toggle(address)}
    >
      <span aria-hidden="true">{watched ? '★' : '☆'}</span> {watched ? WATCH_TEXTS.watching : WATCH_TEXTS.watch}
    </button>
  );
}
