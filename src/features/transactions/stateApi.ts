/**
 * The State tab's endpoint: what a transaction changed. A mined transaction's changes
 * never change, so the cache keeps them as long as the page is open.
 */
import type { AnswerOf } from '../../../common/api/answers';
import { api } from '../../app/api';
import { paths } from '../../../common/api/paths';

export const stateApi = api.injectEndpoints({
  endpoints: (build) => ({
    transactionStateChanges: build.query<AnswerOf<'txStateChanges'>, string>({
      query: (hash) => paths.txStateChanges(hash),
    }),
  }),
});

export const { useTransactionStateChangesQuery } = stateApi;
