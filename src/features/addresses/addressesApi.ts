/**
 * Address endpoints (docs/decisions.md#spec-calls): the address summary with one page of its transactions, its
 * token transfers, internal transactions, withdrawals and token holdings, its counters (the tab bar), and the top
 * accounts. The internal
 * transactions endpoint also serves the token and contract pages (same path, any address).
 */
import type { AnswerOf } from '../../../common/api/answers';
import { api } from '../../app/api';
import { paths } from '../../../common/api/paths';

export interface AddressPageArgs {
  address: string;
  page: number;
  size: number;
}

export const addressesApi = api.injectEndpoints({
  endpoints: (build) => ({
    userTx: build.query<AnswerOf<'userTx'>, AddressPageArgs>({
      query: ({ address, page, size }) => paths.userTx({ address, page, size }),
    }),
    addressTokenTransfers: build.query<AnswerOf<'userTokenTx'>, AddressPageArgs>({
      query: ({ address, page, size }) => paths.userTokenTx({ address, page, size }),
    }),
    addressInternalTxns: build.query<AnswerOf<'internalTx'>, AddressPageArgs>({
      query: ({ address, page, size }) => paths.internalTx({ address, page, size }),
    }),
    /** EIP-4895 withdrawals credited to the address, newest first. */
    addressWithdrawals: build.query<AnswerOf<'withdrawals'>, AddressPageArgs>({
      query: ({ address, page, size }) => paths.withdrawals({ address, page, size }),
    }),
    addressTokenBalances: build.query<AnswerOf<'allTokenBalance'>, string>({
      query: (address) => paths.allTokenBalance(address),
    }),
    topAccountsPage: build.query<AnswerOf<'topAccountsPage'>, { page: number; size: number }>({
      query: ({ page, size }) => paths.topAccountsPage({ page, size }),
    }),
    /** The contract kind, holdings counts and which optional tabs have rows: the page's tab bar from one answer. */
    addressCounters: build.query<AnswerOf<'addressCounters'>, string>({
      query: (address) => paths.addressCounters(address),
    }),
  }),
});

export const {
  useUserTxQuery,
  useAddressTokenTransfersQuery,
  useAddressInternalTxnsQuery,
  useAddressWithdrawalsQuery,
  useAddressTokenBalancesQuery,
  useTopAccountsPageQuery,
  useAddressCountersQuery,
} = addressesApi;
