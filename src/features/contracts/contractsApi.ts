/** Contract endpoints (docs/decisions.md#spec-calls): the DApp catalogue and one contract's detail. */
import type { AnswerOf } from '../../../common/api/answers';
import { api } from '../../app/api';
import { paths } from '../../../common/api/paths';

export const contractsApi = api.injectEndpoints({
  endpoints: (build) => ({
    contractCatalogue: build.query<AnswerOf<'contractsPage'>, { page: number; size: number }>({
      query: ({ page, size }) => paths.contractsPage({ page, size }),
    }),
    contractDetail: build.query<AnswerOf<'contractDetail'>, string>({
      query: (contractAddress) => paths.contractDetail(contractAddress),
    }),
  }),
});

export const { useContractCatalogueQuery, useContractDetailQuery } = contractsApi;
