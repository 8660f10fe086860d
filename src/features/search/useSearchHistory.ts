import { useSyncExternalStore } from 'react';
import { readHistory, subscribeHistory } from '../../lib/searchHistory';

const NONE: readonly string[] = [];
const serverSnapshot = (): readonly string[] => NONE;

/** The search history, newest first; re-renders when any search box changes it. */
export function useSearchHistory(): readonly string[] {
  return useSyncExternalStore(subscribeHistory, readHistory, serverSnapshot);
}
