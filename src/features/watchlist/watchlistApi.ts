/**
 * The logged-in user's watchlist and its alerts, with the login token like the
 * wallet's own calls. Every query takes the token as its argument: the cache entry belongs to one
 * login, so another user logging in on this browser never sees the last one's labels.
 * Saving and removing update the cached list in place.
 */
import type { AnswerOf } from '../../../common/api/answers';
import type { WatchBody } from '../../../common/api/watchlist';
import { api } from '../../app/api';
import { paths } from '../../../common/api/paths';

async function settled<T>(p: Promise<{ data: T }>): Promise<T | null> {
  try {
    return (await p).data;
  } catch {
    return null;
  }
}

export const watchlistApi = api.injectEndpoints({
  endpoints: (build) => ({
    watchlist: build.query<AnswerOf<'watchlist'>, string>({
      query: () => ({ url: paths.watchlist() }),
    }),
    saveWatch: build.mutation<AnswerOf<'watchlist', 'POST'>, { token: string; body: WatchBody }>({
      query: ({ body }) => ({ url: paths.watchlist(), method: 'POST', body }),
      async onQueryStarted({ token }, { dispatch, queryFulfilled }) {
        const data = await settled(queryFulfilled);
        if (!data) return;
        dispatch(
          watchlistApi.util.updateQueryData('watchlist', token, (draft) => {
            const i = draft.result.findIndex((w) => w.address === data.result.address);
            if (i >= 0) draft.result[i] = data.result;
            else draft.result.push(data.result);
          }),
        );
      },
    }),
    removeWatch: build.mutation<AnswerOf<'watchlistItem'>, { token: string; address: string }>({
      query: ({ address }) => ({ url: paths.watchlistItem(address), method: 'DELETE' }),
      async onQueryStarted({ token }, { dispatch, queryFulfilled }) {
        const data = await settled(queryFulfilled);
        if (!data) return;
        dispatch(
          watchlistApi.util.updateQueryData('watchlist', token, (draft) => {
            draft.result = draft.result.filter((w) => w.address !== data.result.address);
          }),
        );
      },
    }),
    watchNotifications: build.query<AnswerOf<'watchlistNotifications'>, string>({
      query: () => ({ url: paths.watchlistNotifications() }),
    }),
    markWatchRead: build.mutation<AnswerOf<'watchlistRead'>, { token: string; ids?: number[] }>({
      query: ({ ids }) => ({ url: paths.watchlistRead(), method: 'POST', body: ids ? { ids } : {} }),
      async onQueryStarted({ token, ids }, { dispatch, queryFulfilled }) {
        if (!(await settled(queryFulfilled))) return;
        dispatch(
          watchlistApi.util.updateQueryData('watchNotifications', token, (draft) => {
            for (const n of draft.result) if (!ids || ids.includes(n.id)) n.read = true;
            draft.unread = draft.result.filter((n) => !n.read).length;
          }),
        );
      },
    }),
  }),
});

export const { useWatchlistQuery, useSaveWatchMutation, useRemoveWatchMutation, useWatchNotificationsQuery, useMarkWatchReadMutation } =
  watchlistApi;
