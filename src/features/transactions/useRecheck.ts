import { useEffect, useState } from 'react';

/** How often a transaction the index does not hold yet is asked for again. */
export const RECHECK_MS = 3_000;
/** How long an unknown hash (not even in the node's pool) is re-checked before the page stops asking. */
export const RECHECK_FOR_MS = 120_000;

/**
 * True while `active` has held for less than `forMs` since it first held: the page keeps asking
 * by itself for a while, then stops (a mistyped hash does not poll forever). The window starts
 * once and is not restarted by `active` dropping for a moment (a refetch in flight), only by
 * `restart`.
 */
export function useRecheckWindow(active: boolean, forMs: number = RECHECK_FOR_MS): { checking: boolean; restart: () => void } {
  const [round, setRound] = useState(0);
  const [started, setStarted] = useState(-1);
  const [expired, setExpired] = useState(-1);
  useEffect(() => {
    if (active && started !== round) setStarted(round);
  }, [active, started, round]);
  useEffect(() => {
    if (started !== round) return;
    const timer = setTimeout(() => setExpired(round), forMs);
    return () => clearTimeout(timer);
  }, [started, round, forMs]);
  return { checking: active && expired !== round, restart: () => setRound((r) => r + 1) };
}
