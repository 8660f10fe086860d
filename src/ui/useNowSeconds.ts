import { useContext, useSyncExternalStore } from 'react';
import { TickerContext } from './tickerContext';

/** Current epoch seconds from the shared ticker; re-renders once a second while mounted. */
export function useNowSeconds(): number {
  const ticker = useContext(TickerContext);
  return useSyncExternalStore(ticker.subscribe, ticker.nowSeconds, ticker.nowSeconds);
}
