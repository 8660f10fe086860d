/**
 * Transaction endpoints (docs/decisions.md#spec-calls): one page of all transactions, one transaction in full,
 * and the home stats the all-transactions tiles read (24 h count and fees, the pending pool).
 */
import type { HomePageResponse } from '../../../common/api/home';
import type { NodeTransactionResponse, PendingTransactionsResponse } from '../../../common/api/pending';
import type { AllTransactionsPage, TransactionDetailResponse } from '../../../common/api/transactions';
import { api } from '../../app/api';
import { paths } from '../../../common/api/paths';

export interface PageArgs {
  page: number;
  size: number;
}

/** How often the tiles refresh (the server recomputes them once per block). */
export const TX_STATS_POLL_MS = 15_000;

export const transactionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    allTransactions: build.query<AllTransactionsPage, PageArgs>({
      query: ({ page, size }) => paths.allTx({ page, size }),
    }),
    transactionDetail: build.query<TransactionDetailResponse, string>({
      query: (hash) => paths.txData(hash),
      providesTags: (_r, _e, hash) => [{ type: 'Transaction', id: hash.toLowerCase() }],
    }),
    /** /getHomepagedata under its own name, so this feature does not depend on the home feature's endpoints. */
    transactionStats: build.query<HomePageResponse, void>({
      query: () => paths.homeData(),
    }),
    /** One transaction from the node before it is indexed (issue #38 item 9): the page's pending view. */
    nodeTransaction: build.query<NodeTransactionResponse, string>({
      query: (hash) => paths.pendingTxOne(hash),
    }),
    /** The node's pending pool (the Pending tab), polled while shown. */
    pendingTransactions: build.query<PendingTransactionsResponse, void>({
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
} = transactionsApi;
