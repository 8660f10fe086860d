/**
 * Answers computed once per new block. A value is kept until the next block event (or maxAgeMs,
 * a safety net for a missed event); concurrent requests for a stale key share one computation
 * (single flight), so a burst after a block costs one query, not one per request.
 */
import type { EventBus } from '../events';

interface Entry {
  promise: Promise<unknown>;
  at: number;
}

export class BlockCache {
  private entries = new Map<string, Entry>();
  private readonly unsubscribe: () => void;
  private readonly listeners = new Set<(block: number) => void>();
  /** The highest block the events have announced (null before the first event). */
  latestBlock: number | null = null;

  constructor(
    bus: EventBus,
    private readonly maxAgeMs = 5_000,
  ) {
    this.unsubscribe = bus.subscribe((e) => {
      if (e.type !== 'blocks') return;
      this.latestBlock = e.to;
      this.entries = new Map();
      for (const fn of this.listeners) fn(e.to);
    });
  }

  get<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && Date.now() - hit.at < this.maxAgeMs) return hit.promise as Promise<T>;
    const entries = this.entries;
    const promise = compute();
    entries.set(key, { promise, at: Date.now() });
    // A failure is not cached: the next request tries again.
    promise.catch(() => {
      if (entries.get(key)?.promise === promise) entries.delete(key);
    });
    return promise;
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
