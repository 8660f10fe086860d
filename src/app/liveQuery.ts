/**
 * Helpers that bring the live channel into RTK Query: a query can wait for the channel's first
 * answer (used when there is no REST twin, or when the REST call failed), and a cache entry can
 * follow the channel's pushes for as long as it lives.
 */
import type { SOCKET_EVENTS, SocketPayload, SocketRequest } from '../../common/api/socket';
import { subscribeLive } from './socket';

type PayloadOf<R extends SocketRequest> = SocketPayload<(typeof SOCKET_EVENTS)[R]>;

/**
 * Resolves with the first answer to `request` from which `pick` gets a value. Waits across
 * reconnects (subscribeLive asks again on every connect); rejects when `signal` aborts.
 */
export function firstLive<R extends SocketRequest, T>(
  request: R,
  pick: (payload: PayloadOf<R>) => T | undefined,
  signal?: AbortSignal,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let done = false;
    let off: (() => void) | null = null;
    const finish = () => {
      done = true;
      off?.();
      signal?.removeEventListener('abort', onAbort);
    };
    function onAbort() {
      finish();
      reject(new Error('aborted'));
    }
    if (signal?.aborted) {
      reject(new Error('aborted'));
      return;
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    off = subscribeLive(request, (payload) => {
      if (done) return;
      const value = pick(payload);
      if (value === undefined) return;
      finish();
      resolve(value);
    });
    // The answer may have arrived synchronously (a test socket): unsubscribe now.
    if (done) off();
  });
}

export interface LiveLifecycle<T> {
  updateCachedData: (recipe: (draft: T) => T) => unknown;
  cacheDataLoaded: Promise<unknown>;
  cacheEntryRemoved: Promise<unknown>;
}

/**
 * For onCacheEntryAdded: once the entry has data, replace it with every value `pick` gets from
 * the channel's pushes, until the entry is removed. `onValue` sees each value first.
 */
export async function followLive<R extends SocketRequest, T>(
  request: R,
  pick: (payload: PayloadOf<R>) => T | undefined,
  { updateCachedData, cacheDataLoaded, cacheEntryRemoved }: LiveLifecycle<T>,
  onValue?: (value: T) => void,
): Promise<void> {
  try {
    await cacheDataLoaded;
  } catch {
    // Removed before any data arrived: nothing to follow.
    return;
  }
  const off = subscribeLive(request, (payload) => {
    const value = pick(payload);
    if (value === undefined) return;
    onValue?.(value);
    updateCachedData(() => value);
  });
  await cacheEntryRemoved;
  off();
}
