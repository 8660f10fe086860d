/**
 * Header data: the coin price with the gas fee (/getrubyprice) and the indexer's progress
 * (/indexing-status), polled.
 */
import { api } from '../../app/api';

export interface PriceAnswer {
  status: boolean;
  result: { price: number };
  fee: number;
  feeWei?: string;
}

export interface IndexingStatusAnswer {
  status: boolean;
  result: { indexedBlock: number | null; head: number; percent: number; catchingUp: boolean };
}

/** How often the header refreshes the price (and gas fee). */
export const PRICE_POLL_MS = 30_000;
/** How often the indexing notice refreshes while the indexer catches up (then it slows down). */
export const INDEXING_POLL_MS = { catchingUp: 2_000, live: 30_000 } as const;

export const statusApi = api.injectEndpoints({
  endpoints: (build) => ({
    getRubyPrice: build.query<PriceAnswer, void>({ query: () => '/getrubyprice' }),
    getIndexingStatus: build.query<IndexingStatusAnswer, void>({ query: () => '/indexing-status' }),
  }),
});

export const { useGetRubyPriceQuery, useGetIndexingStatusQuery } = statusApi;
