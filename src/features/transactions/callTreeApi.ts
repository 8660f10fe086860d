/**
 * A transaction's call tree, asked only when the Call tree tab opens. A mined
 * transaction's frames never change, so the cache keeps the answer.
 */
import type { CallTreeResponse } from '../../../common/api/callTree';
import { paths } from '../../../common/api/paths';
import { api } from '../../app/api';

export const callTreeApi = api.injectEndpoints({
  endpoints: (build) => ({
    transactionCallTree: build.query<CallTreeResponse, string>({
      query: (hash) => paths.txCallTree(hash),
    }),
  }),
});

export const { useTransactionCallTreeQuery } = callTreeApi;
