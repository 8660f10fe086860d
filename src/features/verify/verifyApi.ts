/** The Verify page's choices: chain id, compilers, EVM versions (GET /verify/options). */
import type { VerifyOptionsResponse } from '../../../common/api/verifyOptions';
import { paths } from '../../../common/api/paths';
import { api } from '../../app/api';

export const verifyApi = api.injectEndpoints({
  endpoints: (build) => ({
    verifyOptions: build.query<VerifyOptionsResponse, void>({ query: () => paths.verifyOptions() }),
  }),
});

export const { useVerifyOptionsQuery } = verifyApi;
