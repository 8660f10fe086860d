/** The address page's NFTs endpoint: the NFT items an address holds. */
import type { AnswerOf } from '../../../common/api/answers';
import { api } from '../../app/api';
import { paths } from '../../../common/api/paths';

export const addressNftsApi = api.injectEndpoints({
  endpoints: (build) => ({
    addressNfts: build.query<AnswerOf<'addressNfts'>, { address: string; page: number; size: number }>({
      query: ({ address, page, size }) => paths.addressNfts({ address, page, size }),
    }),
  }),
});

export const { useAddressNftsQuery } = addressNftsApi;
