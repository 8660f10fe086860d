/**
 * Search endpoints (docs/decisions.md#spec-calls): the named contracts (whole list for the flow, a name
 * filter for the suggestions) and the kind of a typed term.
 */
import type { AnswerOf } from '../../../common/api/answers';
import { api } from '../../app/api';
import { paths } from '../../../common/api/paths';

export const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Every named contract: the flow matches names and addresses against it. */
    searchContracts: build.query<AnswerOf<'searchContract'>['result'], void>({
      query: () => paths.searchContract(),
      transformResponse: (r: AnswerOf<'searchContract'>) => r.result,
    }),
    /** Contracts whose name contains `q` (the server caps the answer at 20). */
    suggestContracts: build.query<AnswerOf<'searchContract'>['result'], string>({
      query: (q) => ({ url: paths.searchContract(), params: { q } }),
      transformResponse: (r: AnswerOf<'searchContract'>) => r.result,
    }),
    /** 'block', 'transaction' or 'alladdress', with the value for that page's route. */
    searchData: build.query<AnswerOf<'searchData'>, string>({
      query: (term) => paths.searchData(term),
    }),
  }),
});

export const { useSearchContractsQuery, useSuggestContractsQuery } = searchApi;
