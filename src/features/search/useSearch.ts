import { useCallback, useState } from 'react';
import { useDispatch } from 'react-redux';
import { useLocation } from 'wouter';
import type { AppDispatch } from '../../app/store';
import { searchApi } from './searchApi';
import { addToHistory } from './searchHistory';
import { runSearch } from './searchFlow';

/**
 * The search flow wired to the API and the router. `busy` is true while a search runs; a second
 * submit meanwhile is ignored (one navigation per search).
 */
export function useSearch(): { search: (term: string) => Promise<void>; busy: boolean } {
  const dispatch = useDispatch<AppDispatch>();
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);

  const search = useCallback(
    async (term: string) => {
      if (busy) return;
      setBusy(true);
      try {
        const target = await runSearch(term, {
          saveHistory: addToHistory,
          fetchContracts: () =>
            dispatch(searchApi.endpoints.searchContracts.initiate(undefined, { subscribe: false, forceRefetch: true })).unwrap(),
          fetchKind: (t) => dispatch(searchApi.endpoints.searchData.initiate(t, { subscribe: false, forceRefetch: true })).unwrap(),
        });
        if (target !== null) navigate(target);
      } finally {
        setBusy(false);
      }
    },
    [busy, dispatch, navigate],
  );

  return { search, busy };
}
