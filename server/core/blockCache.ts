/**
 * Answers computed once per new block. A value is kept until the next block event (or maxAgeMs,
 * a safety net for a missed event); concurrent requests for a stale key share one computation
 * (single flight), so a burst after a block costs one query, not one per request.
 *
 * A key may be followed (follow()): on a block event its next value is derived from the value it
 * held and the event, with no query (the latest blocks from the event's summaries),
 * before the listeners run; when the derivation cannot tell (returns null), the key is computed
 * again on its next get() as any other.
 */
import type { BlocksEvent, EventBus } from '../events';

interface Entry {
  promise: Promise<unknown>;
  at: number;
  /** Set once the promise has resolved: what a follower derives the next value from. */
  settled?: { value: unknown };
}

type Follower = (prev: unknown, e: BlocksEvent) => unknown;

export class BlockCache {
  private entries = new Map<string, Entry>();
  private readonly unsubscribe: () => void;
  private readonly listeners = new Set<(block: number) => void>();
  private readonly followers = new Map<string, Follower>();
  /** The highest block the events have announced (null before the first event). */
  latestBlock: number | null = null;

  constructor(
    bus: EventBus,
    private readonly maxAgeMs = 5_000,
  ) {
    this.unsubscribe = bus.subscribe((e) => {
      if (e.type !== 'blocks') return;
      this.latestBlock = e.to;
      const old = this.entries;
      this.entries = new Map();
      for (const [key, next] of this.followers) {
        const prev = old.get(key)?.settled;
        const value = prev === undefined ? null : next(prev.value, e);
        if (value !== null) this.entries.set(key, { promise: Promise.resolve(value), at: Date.now(), settled: { value } });
      }
      for (const fn of this.listeners) fn(e.to);
    });
  }

  get<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && Date.now() - hit.at < this.maxAgeMs) return hit.promise as Promise<T>;
    const entries = this.entries;
    const promise = compute();
    const entry: Entry = { promise, at: Date.now() };
    entries.set(key, entry);
    // A failure is not cached: the next request tries again.
    promise.then(
      (value) => {
        entry.settled = { value };
      },
      () => {
        if (entries.get(key)?.promise === promise) entries.delete(key);
      },
    );
    return promise;
  }

  /**
   * Derive `key`'s value for each new block from the value it held (null: cannot, compute it
   * again). `next` must give what the key's compute() would give after that block.
   */
  follow<T>(key: string, next: (prev: T, e: BlocksEvent) => T | null): void {
    this.followers.set(key, next as Follower);
  }

  /** Called after the cache is cleared for a new block (the realtime channel pushes then). */
  onNewBlock(fn: (block: number) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  close(): void {
    this.unsubscribe();
    this.listeners.clear();
    this.entries.clear();
  }
}
