/** The Gas Tracker's endpoint (GET /getGasTracker), refreshed with every new block's worth of time. */
import type { AnswerOf } from '../../../common/api/answers';
import { paths } from '../../../common/api/paths';
import { api } from '../../app/api';

export const GAS_POLL_MS = 15_000;

export const gasApi = api.injectEndpoints({
  endpoints: (build) => ({
    gasTracker: build.query<AnswerOf<'gasTracker'>, void>({ query: () => paths.gasTracker() }),
  }),
});

export const { useGasTrackerQuery } = gasApi;
