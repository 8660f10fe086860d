/**
 * A transaction's call tree, asked only when the Call tree tab opens. A mined
 * transaction's frames never change, so the cache keeps the answer.
 */
import type { AnswerOf } from '../../../common/api/answers';
import { paths } from '../../../common/api/paths';
import { api } from '../../app/api';

export const callTreeApi = api.injectEndpoints({
  endpoints: (build) => ({
    transactionCallTree: build.query<AnswerOf<'txCallTree'>, string>({
      query: (hash) => paths.txCallTree(hash),
    }),
  }),
});

export const { useTransactionCallTreeQuery } = callTreeApi;
