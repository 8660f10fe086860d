/**
 * Header data: the coin price with the gas fee (/getrubyprice) and the indexer's progress with
 * the node's state (/indexing-status), polled.
 */
import type { AnswerOf } from '../../../common/api/answers';
import { api } from '../../app/api';
import { paths } from '../../../common/api/paths';

/** How often the header refreshes the price (and gas fee). */
export const PRICE_POLL_MS = 30_000;
/**
 * How often /indexing-status is read: often while the indexer catches up; often while the node
 * is down, so the banner clears within seconds of it answering again; and otherwise often enough
 * that an outage shows within about 10 s.
 */
export const INDEXING_POLL_MS = { catchingUp: 2_000, nodeDown: 3_000, live: 10_000 } as const;

export const statusApi = api.injectEndpoints({
  endpoints: (build) => ({
    getRubyPrice: build.query<AnswerOf<'rubyPrice'>, void>({ query: () => paths.rubyPrice() }),
    getIndexingStatus: build.query<AnswerOf<'indexingStatus'>, void>({ query: () => paths.indexingStatus() }),
    /** Public name tags, read once per visit (they change only when the devnet is set up again). */
    getNameTags: build.query<AnswerOf<'nameTags'>, void>({ query: () => paths.nameTags() }),
  }),
});

export const { useGetRubyPriceQuery, useGetIndexingStatusQuery, useGetNameTagsQuery } = statusApi;
