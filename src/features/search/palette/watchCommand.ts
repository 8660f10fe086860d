/**
 * The palette's "Watch this address": on an address, contract or token page, for a
 * logged-in user (the watchlist context exists only then), watches the page's address or, when
 * already watched, offers to stop.
 */
import { parseAddress } from '../../../../common/address';
import type { WatchlistApi } from '../../../ui/watchlist';
import { PALETTE_TEXTS } from './texts';

const PAGE = /^\/(address|TokenDetail|contractDetail|ContractDetail)\/([^/?#]+)/;

export function watchCommand(location: string, watchlist: WatchlistApi | null): { label: string; run: () => Promise<void> } | null {
  const m = PAGE.exec(location);
  if (!m || !watchlist) return null;
  const address = decodeURIComponent(m[2] as string);
  const key = parseAddress(address);
  if (key === null) return null;
  const watched = watchlist.labels.has(key);
  return { label: watched ? PALETTE_TEXTS.unwatchAddress : PALETTE_TEXTS.watchAddress, run: () => watchlist.toggle(address) };
}
