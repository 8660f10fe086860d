/**
 * Address endpoints (docs/decisions.md#spec-calls): the address summary with one page of its transactions, its
 * token transfers, internal transactions, withdrawals and token holdings, its counters (the tab bar), and the top
 * accounts. The internal
 * transactions endpoint also serves the token and contract pages (same path, any address).
 */
import type {
  AddressCountersResponse,
  AddressTransactionsResponse,
  InternalTransactionsResponse,
  TokenHoldingsResponse,
  TopAccountsResponse,
} from '../../../common/api/addresses';
import type { TokenTransfersResponse } from '../../../common/api/tokens';
import type { AddressWithdrawalsResponse } from '../../../common/api/withdrawals';
import { api } from '../../app/api';
import { paths } from '../../../common/api/paths';

export interface AddressPageArgs {
  address: string;
  page: number;
  size: number;
}

export const addressesApi = api.injectEndpoints({
  endpoints: (build) => ({
    addressTransactions: build.query<AddressTransactionsResponse, AddressPageArgs>({
      query: ({ address, page, size }) => paths.userTx({ address, page, size }),
    }),
    addressTokenTransfers: build.query<TokenTransfersResponse, AddressPageArgs>({
      query: ({ address, page, size }) => paths.userTokenTx({ address, page, size }),
    }),
    addressInternalTxns: build.query<InternalTransactionsResponse, AddressPageArgs>({
      query: ({ address, page, size }) => paths.internalTx({ address, page, size }),
    }),
    /** EIP-4895 withdrawals credited to the address, newest first. */
    addressWithdrawals: build.query<AddressWithdrawalsResponse, AddressPageArgs>({
      query: ({ address, page, size }) => paths.withdrawals({ address, page, size }),
    }),
    addressTokenBalances: build.query<TokenHoldingsResponse, string>({
      query: (address) => paths.allTokenBalance(address),
    }),
    topAccountsPage: build.query<TopAccountsResponse, { page: number; size: number }>({
      query: ({ page, size }) => paths.topAccountsPage({ page, size }),
    }),
    /** The contract kind, holdings counts and which optional tabs have rows: the page's tab bar from one answer. */
    addressCounters: build.query<AddressCountersResponse, string>({
      query: (address) => paths.addressCounters(address),
    }),
  }),
});

export const {
  useAddressTransactionsQuery,
  useAddressTokenTransfersQuery,
  useAddressInternalTxnsQuery,
  useAddressWithdrawalsQuery,
  useAddressTokenBalancesQuery,
  useTopAccountsPageQuery,
  useAddressCountersQuery,
} = addressesApi;
