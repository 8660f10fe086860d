/**
 * Transaction endpoints (docs/decisions.md#spec-calls): one page of all transactions, one transaction in full,
 * and the home stats the all-transactions tiles read (24 h count and fees, the pending pool).
 */
import type { AnswerOf } from '../../../common/api/answers';
import type { SOCKET_EVENTS, SocketPayload } from '../../../common/api/socket';
import { api } from '../../app/api';
import { firstLive, followLive } from '../../app/liveQuery';
import { paths } from '../../../common/api/paths';

export interface PageArgs {
  page: number;
  size: number;
}

/** How often the tiles refresh (the server recomputes them once per block). */
export const TX_STATS_POLL_MS = 15_000;

/** The indexed head in the live home data (the confirmations of a transaction follow it). */
const pickHead = (p: SocketPayload<(typeof SOCKET_EVENTS)['gethomedata']>): number | undefined =>
  p.blockandtrncount[0]?.latestBlockNumber ?? undefined;

export const transactionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    allTransactions: build.query<AnswerOf<'allTx'>, PageArgs>({
      query: ({ page, size }) => paths.allTx({ page, size }),
    }),
    transactionDetail: build.query<AnswerOf<'txData'>, string>({
      query: (hash) => paths.txData(hash),
    }),
    /** /getHomepagedata under its own name, so this feature does not depend on the home feature's endpoints. */
    transactionStats: build.query<AnswerOf<'homeData'>, void>({
      query: () => paths.homeData(),
    }),
    /** One transaction from the node before it is indexed: the page's pending view. */
    nodeTransaction: build.query<AnswerOf<'pendingTxOne'>, string>({
      query: (hash) => paths.pendingTxOne(hash),
    }),
    /**
     * The indexed head from the live channel only (no request of its own: the socket's home data,
     * pushed after every block), for the transaction page's confirmations.
     */
    liveHead: build.query<number, void>({
      queryFn: async (_a, { signal }) => {
        try {
          return { data: await firstLive('gethomedata', pickHead, signal) };
        } catch {
          return { error: { status: 'FETCH_ERROR', message: 'no live head' } };
        }
      },
      onCacheEntryAdded: (_a, life) => followLive('gethomedata', pickHead, life),
    }),
    /** The node's pending pool (the Pending tab), polled while shown. */
    pendingTransactions: build.query<AnswerOf<'pendingTx'>, void>({
      query: () => paths.pendingTx(),
    }),
  }),
});

export const {
  useAllTransactionsQuery,
  useTransactionDetailQuery,
  useTransactionStatsQuery,
  usePendingTransactionsQuery,
  useNodeTransactionQuery,
  useLiveHeadQuery,
} = transactionsApi;
