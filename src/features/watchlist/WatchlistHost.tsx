/**
 * The watchlist for every page: reads the user's list once (one RTK Query entry per
 * login) and provides its labels and the Watch action to src/ui (Address, DetailId, the
 * palette), and turns the socket's alerts into a toast and a new row of the notification list.
 * Logged out: no request, no provider value, so no label and no Watch button anywhere.
 */
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { parseAddress, toHexAddress } from '../../../common/address';
import { WATCH_ALERT_EVENT, WATCH_WITHDRAWN_EVENT } from '../../../common/api/socket';
import type { WatchNotification, WatchWithdrawn } from '../../../common/api/watchlist';
import { useDispatch } from 'react-redux';
import type { AppDispatch } from '../../app/store';
import { getSocket } from '../../app/socket';
import { getToken, subscribeToken } from '../../lib/authToken';
import { readToken } from '../../machines/sessionMachine';
import { useToast } from '../../ui/useToast';
import { WatchlistContext, type WatchlistApi } from '../../ui/watchlist';
import { alertText } from './alertText';
import { WATCHLIST_TEXTS as T } from './texts';
import { useRemoveWatchMutation, useSaveWatchMutation, useWatchlistQuery, watchlistApi } from './watchlistApi';

/** How long an alert's toast stays (ms). */
export const ALERT_TOAST_MS = 8_000;

/** setTimeout's ceiling (about 24.8 days): a longer-lived token is not re-checked by a timer. */
const MAX_DELAY_MS = 2_147_483_647;

/**
 * The stored login token while it is a live session (decodes, not expired), else null: an expired
 * or undecodable token asks nothing of the watchlist routes (they would answer 401). Re-renders
 * when the token expires.
 */
export function useLoginToken(): string | null {
  const token = useSyncExternalStore(subscribeToken, getToken, () => null);
  const exp = token ? (readToken(token)?.exp ?? null) : null;
  const [, expired] = useState(0);
  useEffect(() => {
    if (exp === null) return;
    const ms = exp * 1000 - Date.now();
    if (ms <= 0 || ms > MAX_DELAY_MS) return;
    const timer = setTimeout(() => expired((n) => n + 1), ms);
    return () => clearTimeout(timer);
  }, [exp]);
  return exp !== null && exp * 1000 > Date.now() ? token : null;
}

export function WatchlistHost({ children }: { children: ReactNode }) {
  const token = useLoginToken();
  const { data } = useWatchlistQuery(token ?? '', { skip: !token });
  const [save] = useSaveWatchMutation();
  const [remove] = useRemoveWatchMutation();
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const toast = useToast();
  const dispatch = useDispatch<AppDispatch>();
  /** The alert the last alert toast showed (a reorg that withdraws it takes the toast down). */
  const toasted = useRef<number | null>(null);

  const labels = useMemo(() => new Map((data?.result ?? []).map((w) => [toHexAddress(w.address), w.label])), [data]);

  const toggle = useCallback(
    async (address: string) => {
      const key = parseAddress(address);
      if (!token || key === null) return;
      setBusy((b) => new Set(b).add(key));
      try {
        if (labels.has(key)) {
          await remove({ token, address }).unwrap();
          toast.show(T.removed);
        } else {
          await save({ token, body: { address } }).unwrap();
          toast.show(T.added);
        }
      } catch (err) {
        const message = (err as { message?: unknown }).message;
        toast.show(T.failed(typeof message === 'string' ? message : T.tryAgain));
      } finally {
        setBusy((b) => {
          const next = new Set(b);
          next.delete(key);
          return next;
        });
      }
    },
    [token, labels, save, remove, toast],
  );

  // Alerts: only a socket whose handshake carried the token gets them (src/app/socket.ts).
  useEffect(() => {
    if (!token) return;
    const socket = getSocket();
    const onAlert = (n: WatchNotification) => {
      toast.show(alertText(n), ALERT_TOAST_MS);
      toasted.current = n.id;
      dispatch(
        watchlistApi.util.updateQueryData('watchNotifications', token, (draft) => {
          if (draft.result.some((x) => x.id === n.id)) return;
          draft.result.unshift(n);
          draft.unread += 1;
        }),
      );
    };
    // A reorg removed the alerts' blocks: they leave the toast and the list (the server deleted them).
    const onWithdrawn = ({ ids }: WatchWithdrawn) => {
      const gone = new Set(ids);
      if (toasted.current !== null && gone.has(toasted.current)) {
        toast.dismiss();
        toasted.current = null;
      }
      dispatch(
        watchlistApi.util.updateQueryData('watchNotifications', token, (draft) => {
          draft.unread -= draft.result.filter((x) => gone.has(x.id) && !x.read).length;
          draft.result = draft.result.filter((x) => !gone.has(x.id));
        }),
      );
    };
    socket.on(WATCH_ALERT_EVENT, onAlert);
    socket.on(WATCH_WITHDRAWN_EVENT, onWithdrawn);
    return () => {
      socket.off(WATCH_ALERT_EVENT, onAlert);
      socket.off(WATCH_WITHDRAWN_EVENT, onWithdrawn);
    };
  }, [token, toast, dispatch]);

  const value = useMemo<WatchlistApi | null>(() => (token ? { labels, toggle, busy } : null), [token, labels, toggle, busy]);
  return <WatchlistContext.Provider value={value}>{children}</WatchlistContext.Provider>;
}
