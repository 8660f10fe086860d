/**
 * The home page's data. Every list and tile is live: REST gives the first answer (the socket's
 * when REST fails, 'logged only': docs/decisions.md#spec-errors), then the channel's pushes replace it after
 * every block. The per-block chart follows the latest-blocks push (the same blocks); the deploy
 * lists have no channel: they are refetched when that push shows a new head (pushed, no polling). Every endpoint provides HOME_TAG,
 * so invalidating it refetches the whole page (tab visible again).
 */
import type { BlockChartPoint, BlockListItem } from '../../../common/api/blocks';
import type { DeployRecord, HourlyPoint } from '../../../common/api/charts';
import type { HomeData } from '../../../common/api/home';
import type { SOCKET_EVENTS, SocketPayload, SocketRequest, TransactionUpdate } from '../../../common/api/socket';
import type { AnswerOf, AnswerRoute } from '../../../common/api/answers';
import { answerCall, api, restLogged, type AnswerCall, type ApiFailure, type BaseFetch } from '../../app/api';
import { firstLive, followLive } from '../../app/liveQuery';
import { HOME_ERRORS } from './texts';
import { blockChartOf, followBlocks, mergeBlocks } from './liveBlocks';

export const HOME_TAG = { type: 'Block', id: 'HOME' } as const;
/** Data that changes only with a new block and has no live channel. */
export const HOME_HEAD_TAG = { type: 'Block', id: 'HOME_HEAD' } as const;

type PayloadOf<R extends SocketRequest> = SocketPayload<(typeof SOCKET_EVENTS)[R]>;

/** REST first; on failure log it and wait for the live channel's answer instead. */
async function restThenLive<K extends AnswerRoute, R extends SocketRequest, T>(
  fetch: BaseFetch,
  call: AnswerCall<K>,
  read: (answer: AnswerOf<K>) => T,
  request: R,
  pick: (p: PayloadOf<R>) => T | undefined,
  errorText: string,
  signal: AbortSignal,
): Promise<{ data: T } | { error: ApiFailure }> {
  const r = await restLogged(fetch, call, read, errorText);
  if ('data' in r) return r;
  try {
    return { data: await firstLive(request, pick, signal) };
  } catch {
    return r;
  }
}

const pickHome = (p: PayloadOf<'gethomedata'>) => p.blockandtrncount[0];
const pickGraph = (p: PayloadOf<'getTransactionGraph'>): HourlyPoint[] | null | undefined => p.TransactionGraph;
const pickBlocks = (p: PayloadOf<'getblock'>) => p.blockdata;
const pickTransactions = (p: PayloadOf<'subscribe'>) => p;

export const homeApi = api.injectEndpoints({
  endpoints: (build) => ({
    homeData: build.query<HomeData, void>({
      queryFn: (_a, { signal }, _e, fetch) =>
        restThenLive(fetch, answerCall('homeData'), (a) => a.result, 'gethomedata', pickHome, HOME_ERRORS.home, signal),
      providesTags: [HOME_TAG],
      onCacheEntryAdded: (_a, life) => followLive('gethomedata', pickHome, life),
    }),
    /** null when REST failed: the chart leaves its loading state empty (docs/decisions.md#spec-states) until a push. */
    homeTransactionGraph: build.query<HourlyPoint[] | null, void>({
      queryFn: async (_a, _api, _e, fetch) => {
        const r = await restLogged(fetch, answerCall('transactionGraph'), (a) => a.result, HOME_ERRORS.chart);
        return 'data' in r ? r : { data: null };
      },
      providesTags: [HOME_TAG],
      onCacheEntryAdded: (_a, life) => followLive('getTransactionGraph', pickGraph, life),
    }),
    homeLatestBlocks: build.query<BlockListItem[], void>({
      queryFn: (_a, { signal }, _e, fetch) =>
        restThenLive(fetch, answerCall('latestBlocks'), (a) => a.result, 'getblock', pickBlocks, HOME_ERRORS.blocks, signal),
      providesTags: [HOME_TAG],
      // Each push merged into the list (blocks already shown keep their objects: only the new
      // card renders); a new head refetches the lists that have no channel (liveBlocks.ts).
      onCacheEntryAdded: (_a, life) =>
        followBlocks<BlockListItem[]>(life, (data, blocks) => mergeBlocks(data, blocks) as BlockListItem[], {
          headOf: (data) => data[0]?.blockNumber,
          onHead: () => life.dispatch(api.util.invalidateTags([HOME_HEAD_TAG])),
        }),
    }),
    /** Latest, token and contract transactions: the live channel only (docs/decisions.md#spec-calls). */
    homeLiveTransactions: build.query<TransactionUpdate, void>({
      queryFn: async (_a, { signal }) => {
        try {
          return { data: await firstLive('subscribe', pickTransactions, signal) };
        } catch {
          return { error: { status: 'FETCH_ERROR', message: HOME_ERRORS.transactions } };
        }
      },
      providesTags: [HOME_TAG],
      onCacheEntryAdded: (_a, life) => followLive('subscribe', pickTransactions, life),
    }),
    /** The newest blocks' counts: the latest-blocks pushes carry them, so no call after a new head. */
    homeBlockChart: build.query<BlockChartPoint[], void>({
      queryFn: (_a, _api, _e, fetch) => restLogged(fetch, answerCall('blockChart'), (a) => a.result, HOME_ERRORS.chart),
      providesTags: [HOME_TAG],
      onCacheEntryAdded: (_a, life) =>
        followBlocks<BlockChartPoint[]>(life, (data, blocks) => blockChartOf(data, blocks) as BlockChartPoint[]),
    }),
    homeTokenDeploys: build.query<DeployRecord[], void>({
      queryFn: (_a, _api, _e, fetch) => restLogged(fetch, answerCall('tokenDeploy'), (a) => a.tokendepoloy, HOME_ERRORS.tokens),
      providesTags: [HOME_TAG, HOME_HEAD_TAG],
    }),
    homeContractDeploys: build.query<DeployRecord[], void>({
      queryFn: (_a, _api, _e, fetch) => restLogged(fetch, answerCall('contractDeploy'), (a) => a.contractdeploy, HOME_ERRORS.contracts),
      providesTags: [HOME_TAG, HOME_HEAD_TAG],
    }),
  }),
});

export const {
  useHomeDataQuery,
  useHomeTransactionGraphQuery,
  useHomeLatestBlocksQuery,
  useHomeLiveTransactionsQuery,
  useHomeBlockChartQuery,
  useHomeTokenDeploysQuery,
  useHomeContractDeploysQuery,
} = homeApi;
