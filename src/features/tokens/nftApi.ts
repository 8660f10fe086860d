/** The token page's NFT endpoint: a collection's inventory. */
import type { AnswerOf } from '../../../common/api/answers';
import { api } from '../../app/api';
import { paths } from '../../../common/api/paths';

export const nftApi = api.injectEndpoints({
  endpoints: (build) => ({
    nftInventory: build.query<AnswerOf<'nftInventory'>, { address: string; page: number; size: number }>({
      query: ({ address, page, size }) => paths.nftInventory({ contractAddress: address, page, size }),
    }),
  }),
});

export const { useNftInventoryQuery } = nftApi;
