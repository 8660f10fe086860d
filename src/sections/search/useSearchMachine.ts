import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useDispatch } from 'react-redux';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import type { SearchContractItem } from '../../../common/api/search';
import type { AppDispatch } from '../../app/store';
import { searchMachine, type SearchKindAnswer } from '../../machines/searchMachine';
import { searchApi } from '../../features/search/searchApi';
import { readHistory, saveHistory, subscribeHistory } from '../../lib/searchHistory';

/**
 * The search machine wired to this app: its two network actors ask the API through RTK Query
 * (fresh answers, no cache subscription), `persistHistory` writes localStorage, `navigate` is
 * the router's. History changes made by another search box or tab are sent in as history.sync.
 */
export function useSearchMachine() {
  const dispatch = useDispatch<AppDispatch>();
  const [, navigate] = useLocation();
  // The machine is built once; the latest navigate is read through a ref.
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);

  const machine = useMemo(
    () =>
      searchMachine.provide({
        actors: {
          fetchContracts: fromPromise<readonly SearchContractItem[]>(() =>
            dispatch(searchApi.endpoints.searchContracts.initiate(undefined, { subscribe: false, forceRefetch: true })).unwrap(),
          ),
          fetchKind: fromPromise<SearchKindAnswer, { term: string }>(({ input }) =>
            dispatch(searchApi.endpoints.searchData.initiate(input.term, { subscribe: false, forceRefetch: true })).unwrap(),
          ),
        },
        actions: {
          persistHistory: (_, { history }) => saveHistory(history),
          navigate: (_, { to }) => navigateRef.current(to),
        },
      }),
    [dispatch],
  );
  const [state, send, actor] = useMachine(machine, { input: { history: readHistory() } });

  useEffect(() => subscribeHistory(() => actor.send({ type: 'history.sync', history: readHistory() })), [actor]);

  return { state, send, actor };
}
