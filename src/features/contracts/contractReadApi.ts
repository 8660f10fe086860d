/** POST /readContract: one view or pure function of a verified contract (eth_call on the server). */
import type { AnswerOf } from '../../../common/api/answers';
import type { ReadRequest } from '../../../common/api/deploy';
import { api } from '../../app/api';
import { paths } from '../../../common/api/paths';

export const contractReadApi = api.injectEndpoints({
  endpoints: (build) => ({
    readContract: build.mutation<AnswerOf<'readContract'>, ReadRequest>({
      query: (body) => ({ url: paths.readContract(), method: 'POST', body }),
    }),
  }),
});

export const { useReadContractMutation } = contractReadApi;
