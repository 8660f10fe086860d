/**
 * Search endpoints (docs/decisions.md#spec-calls): the named contracts (whole list for the flow, a name
 * filter for the suggestions) and the kind of a typed term.
 */
import type { SearchContractItem, SearchContractResponse, SearchDataResponse } from '../../../common/api/search';
import { api } from '../../app/api';
import { paths } from '../../../common/api/paths';

export const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Every named contract: the flow matches names and addresses against it. */
    searchContracts: build.query<SearchContractItem[], void>({
      query: () => paths.searchContract(),
      transformResponse: (r: SearchContractResponse) => r.result,
    }),
    /** Contracts whose name contains `q` (the server caps the answer at 20). */
    suggestContracts: build.query<SearchContractItem[], string>({
      query: (q) => ({ url: paths.searchContract(), params: { q } }),
      transformResponse: (r: SearchContractResponse) => r.result,
    }),
    /** 'block', 'transaction' or 'alladdress', with the value for that page's route. */
    searchData: build.query<SearchDataResponse, string>({
      query: (term) => paths.searchData(term),
    }),
  }),
});

export const { useSearchContractsQuery, useSuggestContractsQuery } = searchApi;
