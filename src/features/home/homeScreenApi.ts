/**
 * The home page's first screen in one request (/getHomeScreen): its answer fills the
 * caches of the home's own queries (homeApi.ts) before they subscribe, so on a phone the page
 * makes one API call instead of six and does not wait for the live channel's first push. The
 * caches then live as before (live pushes, refetch on a new head or a visible tab). When the
 * combined call fails, nothing is logged here: the home's queries then make their own calls,
 * and those log their failures (docs/decisions.md#spec-errors).
 */
import { answerCall, fetchAnswer } from '../../app/api';
import { homeApi } from './homeApi';

export const homeScreenApi = homeApi.injectEndpoints({
  endpoints: (build) => ({
    /** true once the home's caches hold the first screen; false when the call failed. */
    homeScreen: build.query<boolean, void>({
      queryFn: async (_a, { dispatch }, _e, fetch) => {
        const r = await fetchAnswer(fetch, answerCall('homeScreen'));
        const s = 'data' in r ? r.data.result : undefined;
        if (!s) return { data: false };
        const up = homeApi.util.upsertQueryData;
        // Awaited before this query resolves: the home's queries, waiting on it, then find their
        // caches filled and make no request.
        await Promise.all([
          dispatch(up('homeData', undefined, s.home)),
          dispatch(up('homeLatestBlocks', undefined, s.latestBlocks)),
          dispatch(up('homeTransactionGraph', undefined, s.transactionGraph)),
          dispatch(up('homeBlockChart', undefined, s.blockChart)),
          dispatch(up('homeTokenDeploys', undefined, s.tokenDeploys)),
          dispatch(up('homeContractDeploys', undefined, s.contractDeploys)),
          dispatch(up('homeLiveTransactions', undefined, s.transactions)),
        ]);
        return { data: true };
      },
    }),
  }),
});

export const { useHomeScreenQuery } = homeScreenApi;
