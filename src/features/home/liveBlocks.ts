/**
 * The home's latest blocks as a live list (live blocks): a push of the channel's
 * `getblock` list is merged into the cached one so every block already shown keeps its object
 * (the memoised cards of LatestBlocks.tsx then render only the new one), and the per-block chart
 * is the same blocks, so it follows the push instead of being fetched again after each head.
 */
import type { BlockChartPoint, BlockListItem } from '../../../common/api/blocks';
import type { SocketRequest, SocketPayload, SOCKET_EVENTS } from '../../../common/api/socket';
import { subscribeLive } from '../../app/socket';
import type { LiveLifecycle } from '../../app/liveQuery';

const sameBlock = (a: BlockListItem, b: BlockListItem) =>
  a.blockNumber === b.blockNumber && a.blockHash === b.blockHash && a.Trx === b.Trx && a.timestamp === b.timestamp;

/**
 * `next` with each block `prev` already held (same number, hash, count and time) taken from
 * `prev`; `prev` itself when nothing changed, so the cache is left alone.
 */
export function mergeBlocks(prev: readonly BlockListItem[] | undefined, next: readonly BlockListItem[]): readonly BlockListItem[] {
  if (!prev) return next;
  const held = new Map(prev.map((b) => [b.blockHash, b]));
  let changed = prev.length !== next.length;
  const merged = next.map((b, i) => {
    const old = held.get(b.blockHash);
    const keep = old !== undefined && sameBlock(old, b) ? old : b;
    if (keep !== prev[i]) changed = true;
    return keep;
  });
  return changed ? merged : prev;
}

/**
 * The per-block chart of a latest-blocks list, oldest first. The server's chart is the newest 20
 * blocks' counts and its latest blocks are the newest 20 blocks (server/queries/blocks.ts):
 * the same rows.
 */
export function blockChartOf(prev: readonly BlockChartPoint[], blocks: readonly BlockListItem[]): readonly BlockChartPoint[] {
  const next = blocks.map((b) => ({ blockNumber: b.blockNumber, Trx: b.Trx })).reverse();
  const same = next.length === prev.length && next.every((p, i) => p.blockNumber === prev[i]?.blockNumber && p.Trx === prev[i]?.Trx);
  return same ? prev : next;
}

type PayloadOf<R extends SocketRequest> = SocketPayload<(typeof SOCKET_EVENTS)[R]>;

export interface CacheLife<T> extends LiveLifecycle<T> {
  getCacheEntry(): { data?: T };
}

/** A new head: the newest block of the entry's data (`headOf`), then of each push (`onHead`). */
export interface HeadWatch<T> {
  headOf: (data: T) => number | undefined;
  onHead: (head: number) => void;
}

/**
 * For onCacheEntryAdded: once the entry has data, give each push of the latest blocks to
 * `next` (the entry's data, the pushed list) and store what it returns, unless it returns the
 * data it got (nothing to render). `watch.onHead` sees each head newer than the data's once.
 */
export async function followBlocks<T>(
  life: CacheLife<T>,
  next: (data: T, blocks: readonly BlockListItem[]) => T,
  watch?: HeadWatch<T>,
): Promise<void> {
  let head: number | undefined;
  try {
    const loaded = (await life.cacheDataLoaded) as { data: T };
    head = watch?.headOf(loaded.data);
  } catch {
    // Removed before any data arrived: nothing to follow.
    return;
  }
  const off = subscribeLive('getblock', (p: PayloadOf<'getblock'>) => {
    const blocks = p.blockdata;
    const data = life.getCacheEntry().data;
    if (!Array.isArray(blocks) || data === undefined) return;
    const value = next(data, blocks);
    if (value !== data) life.updateCachedData(() => value);
    const top = blocks[0]?.blockNumber;
    if (watch && top !== undefined && top !== head) {
      head = top;
      watch.onHead(top);
    }
  });
  await life.cacheEntryRemoved;
  off();
}
