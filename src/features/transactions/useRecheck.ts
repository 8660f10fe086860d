import { useEffect, useState } from 'react';

/** How often a transaction the index does not hold yet is asked for again (issue #38 item 9). */
export const RECHECK_MS = 3_000;
/** How long an unknown hash (not even in the node's pool) is re-checked before the page stops asking. */
export const RECHECK_FOR_MS = 120_000;

/**
 * True while `active` has held for less than `forMs`: the page keeps asking by itself for a
 * while, then stops (a mistyped hash does not poll forever). `restart` starts a new window.
 */
export function useRecheckWindow(active: boolean, forMs: number = RECHECK_FOR_MS): { checking: boolean; restart: () => void } {
  const [round, setRound] = useState(0);
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    if (!active) return;
    setExpired(false);
    const timer = setTimeout(() => setExpired(true), forMs);
    return () => clearTimeout(timer);
  }, [active, forMs, round]);
  return { checking: active && !expired, restart: () => setRound((r) => r + 1) };
}
