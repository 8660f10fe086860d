/**
 * One shared 1-second clock for the whole page. Every relative age and the countdown read it, so
 * a list of 200 rows runs one timer, not 200, and all rows change in the same frame.
 * The interval runs only while someone listens.
 */
import { TIMING } from '../../common/spec';

type Listener = () => void;

export interface Ticker {
  subscribe(listener: Listener): () => void;
  /** Current time in whole epoch seconds; stable between ticks (a useSyncExternalStore snapshot). */
  nowSeconds(): number;
  /** Number of listeners (for tests and debugging). */
  size(): number;
}

export function createTicker(periodMs: number = TIMING.tickMs): Ticker {
  const listeners = new Set<Listener>();
  let timer: ReturnType<typeof setInterval> | null = null;
  let now = Math.floor(Date.now() / 1000);

  const tick = () => {
    const next = Math.floor(Date.now() / 1000);
    if (next === now) return;
    now = next;
    for (const l of [...listeners]) l();
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      if (timer === null) {
        // The cached value may be stale after an idle spell: refresh before the first tick.
        now = Math.floor(Date.now() / 1000);
        timer = setInterval(tick, periodMs);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && timer !== null) {
          clearInterval(timer);
          timer = null;
        }
      };
    },
    nowSeconds() {
      // Without listeners nobody refreshes the cache, so read the clock directly.
      return timer === null ? Math.floor(Date.now() / 1000) : now;
    },
    size() {
      return listeners.size;
    },
  };
}

/** The app's ticker. */
export const appTicker = createTicker();
