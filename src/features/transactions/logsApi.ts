/**
 * Event logs: a transaction's (the Logs tab) and a contract's, newest first (the address page's
 * Events tab). Decoded on the server; logs never change once indexed, so the cache keeps them.
 */
import type { AnswerOf } from '../../../common/api/answers';
import { api } from '../../app/api';
import { paths } from '../../../common/api/paths';

export const logsApi = api.injectEndpoints({
  endpoints: (build) => ({
    transactionLogs: build.query<AnswerOf<'txLogs'>, string>({
      query: (hash) => paths.txLogs(hash),
    }),
    addressEvents: build.query<AnswerOf<'addressEvents'>, { address: string; page: number; size: number }>({
      query: ({ address, page, size }) => paths.addressEvents({ address, page, size }),
    }),
  }),
});

export const { useTransactionLogsQuery, useAddressEventsQuery } = logsApi;
