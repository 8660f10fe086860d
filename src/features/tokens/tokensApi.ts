/** Token endpoints (docs/decisions.md#spec-calls): the RBC20 catalogue, one token, one token's transfers and holders. */
import type { AnswerOf } from '../../../common/api/answers';
import { api } from '../../app/api';
import { paths } from '../../../common/api/paths';

export const tokensApi = api.injectEndpoints({
  endpoints: (build) => ({
    tokenCatalogue: build.query<AnswerOf<'tokensPage'>, { page: number; size: number }>({
      query: ({ page, size }) => paths.tokensPage({ page, size }),
    }),
    tokenDetail: build.query<AnswerOf<'tokenData'>, string>({
      query: (contractAddress) => paths.tokenData(contractAddress),
    }),
    tokenTransfersPage: build.query<AnswerOf<'tokenTx'>, { address: string; page: number; size: number }>({
      query: ({ address, page, size }) => paths.tokenTx({ contractAddress: address, page, size }),
    }),
    tokenHoldersAt: build.query<AnswerOf<'tokenHoldersAt'>, { address: string; block?: string; date?: string }>({
      query: ({ address, block, date }) => paths.tokenHoldersAt(address, { block, date, page: 1, size: 100 }),
    }),
    tokenHolders: build.query<AnswerOf<'tokenHolders'>, { address: string; page: number; size: number }>({
      query: ({ address, page, size }) => paths.tokenHolders({ contractAddress: address, page, size }),
    }),
  }),
});

export const { useTokenCatalogueQuery, useTokenDetailQuery, useTokenTransfersPageQuery, useTokenHoldersQuery, useTokenHoldersAtQuery } =
  tokensApi;
