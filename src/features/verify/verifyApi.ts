/** The Verify page's choices: chain id, compilers, EVM versions (GET /verify/options). */
import type { AnswerOf } from '../../../common/api/answers';
import { paths } from '../../../common/api/paths';
import { api } from '../../app/api';

export const verifyApi = api.injectEndpoints({
  endpoints: (build) => ({
    verifyOptions: build.query<AnswerOf<'verifyOptions'>, void>({ query: () => paths.verifyOptions() }),
  }),
});

export const { useVerifyOptionsQuery } = verifyApi;
