/**
 * The State tab's endpoint: what a transaction changed. A mined transaction's changes
 * never change, so the cache keeps them as long as the page is open.
 */
import type { TxStateChangesResponse } from '../../../common/api/stateChanges';
import { api } from '../../app/api';
import { paths } from '../../../common/api/paths';

export const stateApi = api.injectEndpoints({
  endpoints: (build) => ({
    transactionStateChanges: build.query<TxStateChangesResponse, string>({
      query: (hash) => paths.txStateChanges(hash),
    }),
  }),
});

export const { useTransactionStateChangesQuery } = stateApi;
