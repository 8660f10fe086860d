/** Token endpoints (docs/decisions.md#spec-calls): the RBC20 catalogue, one token, one token's transfers. */
import type { ContractListResponse, TokenDataResponse, TokenTransfersResponse } from '../../../common/api/tokens';
import { api } from '../../app/api';

const seg = (v: string) => encodeURIComponent(v);

export const tokensApi = api.injectEndpoints({
  endpoints: (build) => ({
    tokenCatalogue: build.query<ContractListResponse, { page: number; size: number }>({
      query: ({ page, size }) => `/getTokens/${page}/${size}`,
    }),
    tokenDetail: build.query<TokenDataResponse, string>({
      query: (contractAddress) => `/getTokenData/${seg(contractAddress)}`,
    }),
    tokenTransfersPage: build.query<TokenTransfersResponse, { address: string; page: number; size: number }>({
      query: ({ address, page, size }) => `/getTokenTransction/${seg(address)}/${page}/${size}`,
    }),
  }),
});

export const { useTokenCatalogueQuery, useTokenDetailQuery, useTokenTransfersPageQuery } = tokensApi;
