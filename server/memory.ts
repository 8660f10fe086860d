/**
 * Giving garbage back while a thread is idle.
 *
 * V8 collects its old generation when the heap nears a limit it computes from the previous
 * collection, not when the thread goes quiet. After a catch-up or a burst of page requests, the
 * garbage stays resident until the next burst. bench/memory.ts measured this: the indexer
 * worker held 92 MB of used heap, of which 23 MB was live, and the HTTP thread held 60 MB, of which
 * 30 MB was live.
 *
 * A thread that runs startIdleCollector checks itself every few seconds. If its event loop was
 * nearly idle over the last interval and its used heap has grown by a few MB since the last full
 * collection, it runs one full collection. A busy thread is never interrupted: a catch-up or a
 * page-request burst keeps the loop busy.
 */
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';

let collector: (() => void) | null | undefined;

/**
 * V8's full collection, exposed at run time so that no command line needs --expose-gc. Returns
 * null where the flag cannot be set.
 */
export function fullCollector(): (() => void) | null {
  if (collector === undefined) {
    try {
      v8.setFlagsFromString('--expose-gc');
      // The flag puts gc() on contexts created after it: a fresh one hands it over.
      const gc: unknown = vm.runInNewContext('gc');
      collector = typeof gc === 'function' ? (gc as () => void) : null;
    } catch {
      collector = null;
    }
  }
  return collector;
}

export interface IdleCollectorOptions {
  /** How often the thread looks at itself (ms). */
  everyMs?: number;
  /** Event-loop utilisation over the last interval below which the thread counts as idle. */
  idleBelow?: number;
  /** Growth of the used heap since the last full collection that makes one worth it (bytes). */
  minGrowthBytes?: number;
}

export interface IdleCollector {
  /** Full collections this collector ran. */
  readonly collections: number;
  stop(): void;
}

export function startIdleCollector(opts: IdleCollectorOptions = {}): IdleCollector {
  const everyMs = opts.everyMs ?? 5_000;
  const idleBelow = opts.idleBelow ?? 0.05;
  const minGrowth = opts.minGrowthBytes ?? 8 * 1024 * 1024;
  const gc = fullCollector();
  let collections = 0;
  if (!gc) return { collections, stop: () => {} };
  const used = () => v8.getHeapStatistics().used_heap_size;
  // The smallest used heap seen since the last full collection: V8's own collections lower it.
  let floor = used();
  let mark = performance.eventLoopUtilization();
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const busy = performance.eventLoopUtilization(now, mark).utilization;
    mark = now;
    const u = used();
    floor = Math.min(floor, u);
    if (busy >= idleBelow || u - floor < minGrowth) return;
    gc();
    collections++;
    floor = used();
  }, everyMs);
  timer.unref();
  return {
    get collections() {
      return collections;
    },
    stop: () => clearInterval(timer),
  };
}
