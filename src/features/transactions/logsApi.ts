/**
 * Event logs: a transaction's (the Logs tab) and a contract's, newest first (the address page's
 * Events tab). Decoded on the server; logs never change once indexed, so the cache keeps them.
 */
import type { AddressEventsResponse, TransactionLogsResponse } from '../../../common/api/logs';
import { api } from '../../app/api';

const seg = encodeURIComponent;

export const logsApi = api.injectEndpoints({
  endpoints: (build) => ({
    transactionLogs: build.query<TransactionLogsResponse, string>({
      query: (hash) => `/getTransactionLogs/${seg(hash)}`,
    }),
    addressEvents: build.query<AddressEventsResponse, { address: string; page: number; size: number }>({
      query: ({ address, page, size }) => `/getAddressEvents/${seg(address)}/${page}/${size}`,
    }),
  }),
});

export const { useTransactionLogsQuery, useAddressEventsQuery } = logsApi;
