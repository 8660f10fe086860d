/**
 * The wallet screens' reads (RTK Query): wallet data (with the login token), the wallet's tokens,
 * the token catalogue, one token's history, and adding a token; the account's own calls: the
 * password change (one atomic POST /rekey, prepared in the browser by changePassword.ts) and
 * "log out everywhere". Sending goes through the send machine (walletFlows.ts), never through here.
 */
import type { AnswerOf } from '../../../common/api/answers';
import type { RekeyBody } from '../../../common/api/wallet';
import { KDF_ID } from '../../../common/kdfParams';
import { api } from '../../app/api';
import { paths } from '../../../common/api/paths';

export const walletApi = api.injectEndpoints({
  endpoints: (build) => ({
    walletData: build.query<AnswerOf<'walletData'>, string>({
      query: (email) => ({ url: paths.walletData(email) }),
      providesTags: ['Wallet'],
    }),
    walletTokens: build.query<AnswerOf<'allTokens'>, string>({
      query: (address) => paths.allTokens(address),
      providesTags: ['Wallet'],
    }),
    // Not `tokenCatalogue`: that name is the Tokens page's (tokensApi.ts); endpoints share one api, and
    // a second endpoint of the same name ran the other's query once both chunks were loaded.
    importableTokens: build.query<AnswerOf<'searchToken'>, void>({ query: () => paths.searchToken() }),
    oneTokenTransactions: build.query<AnswerOf<'oneTokenTx'>, { address: string; token: string; page: number; size: number }>({
      query: ({ address, token, page, size }) => paths.oneTokenTx({ address, tokenContract: token, page, size }),
      providesTags: ['Wallet'],
    }),
    // The node's chain id never changes while the page lives: asked once (Receive's EIP-681 QR code).
    chainId: build.query<AnswerOf<'chainId'>, void>({ query: () => paths.chainId(), keepUnusedDataFor: 3600 }),
    importToken: build.mutation<AnswerOf<'importToken'>, { wallet: string; token: string }>({
      query: ({ wallet, token }) => ({ url: paths.importToken({ walletAddress: wallet, tokenAddress: token }) }),
      invalidatesTags: ['Wallet'],
    }),
    /** The current and new log-in secrets and the re-encrypted keystore: swapped in one call; the other sessions end. */
    changePassword: build.mutation<AnswerOf<'rekey'>, Omit<RekeyBody, 'kdf' | 'grant'>>({
      query: (body) => ({ url: paths.rekey(), method: 'POST', body: { ...body, kdf: KDF_ID } }),
      invalidatesTags: ['Wallet'],
    }),
    /** Ends every session of the account on the server, this one included. */
    logoutEverywhere: build.mutation<AnswerOf<'logoutAll'>, void>({
      query: () => ({ url: paths.logoutAll(), method: 'POST' }),
    }),
  }),
});

export const {
  useWalletDataQuery,
  useWalletTokensQuery,
  useImportableTokensQuery,
  useOneTokenTransactionsQuery,
  useImportTokenMutation,
  useChainIdQuery,
  useChangePasswordMutation,
  useLogoutEverywhereMutation,
} = walletApi;
