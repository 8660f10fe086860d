/**
 * The charts page's own data (the hourly graph and the per-block chart come from homeApi, whose
 * cache entries they share). Failures are logged only (docs/decisions.md#spec-errors) and end the chart's
 * loading state empty. The token-transaction graph follows its live channel; 'Contract
 * Transactions Over Time' is fed by the channel (REST only when it does not answer in time).
 */
import type { TopAccount } from '../../../common/api/addresses';
import type { GraphBucket } from '../../../common/api/charts';
import type { ContractTransactionGraphUpdate, TokenTransactionGraphUpdate } from '../../../common/api/socket';
import { PAGE_SIZES } from '../../../common/spec';
import type { AnswerOf, AnswerRoute } from '../../../common/api/answers';
import { answerCall, api, restLogged, type AnswerCall, type ApiFailure, type BaseFetch } from '../../app/api';
import { firstLive, followLive } from '../../app/liveQuery';
import { CHART_ERROR, LIVE_FIRST_ANSWER_MS } from './texts';

type Result<T> = { data: T } | { error: ApiFailure };

/** REST with a failure logged (docs/decisions.md#spec-errors): the chart leaves its loading state empty. */
const rest = <K extends AnswerRoute, T>(fetch: BaseFetch, call: AnswerCall<K>, read: (answer: AnswerOf<K>) => T): Promise<Result<T>> =>
  restLogged(fetch, call, read, CHART_ERROR);

const pickContractGraph = (p: ContractTransactionGraphUpdate) => p.ContractTransactionGraph;
const pickTokenGraph = (p: TokenTransactionGraphUpdate) => p.TokenTransactionGraph;

/** The channel's first answer, or REST when the channel stays silent for LIVE_FIRST_ANSWER_MS. */
async function liveThenRest(fetch: BaseFetch, signal: AbortSignal): Promise<Result<GraphBucket[]>> {
  const wait = new AbortController();
  const timer = setTimeout(() => wait.abort(), LIVE_FIRST_ANSWER_MS);
  const onAbort = () => wait.abort();
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    return { data: await firstLive('getContractTransactionGraph', pickContractGraph, wait.signal) };
  } catch {
    if (signal.aborted) return { error: { status: 'ABORTED', message: 'aborted' } };
    return rest(fetch, answerCall('contractTransactionGraph'), (a) => a.result);
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
  }
}

export const chartsApi = api.injectEndpoints({
  endpoints: (build) => ({
    chartTopAccounts: build.query<TopAccount[], void>({
      queryFn: (_a, _api, _e, fetch) =>
        rest(fetch, answerCall('topAccountsPage', { page: 1, size: PAGE_SIZES.topAccountsChart }), (a) => a.result),
    }),
    chartTokenTransactions: build.query<GraphBucket[], void>({
      queryFn: (_a, _api, _e, fetch) => rest(fetch, answerCall('tokenTransactionGraph'), (a) => a.result),
      onCacheEntryAdded: (_a, life) => followLive('getTokenTransactionGraph', pickTokenGraph, life),
    }),
    chartTokenDeploys: build.query<GraphBucket[], void>({
      queryFn: (_a, _api, _e, fetch) => rest(fetch, answerCall('tokenDeploy'), (a) => a.result),
    }),
    chartContractDeploys: build.query<GraphBucket[], void>({
      queryFn: (_a, _api, _e, fetch) => rest(fetch, answerCall('contractDeploy'), (a) => a.result),
    }),
    chartContractTransactions: build.query<GraphBucket[], void>({
      queryFn: (_a, { signal }, _e, fetch) => liveThenRest(fetch, signal),
      onCacheEntryAdded: (_a, life) => followLive('getContractTransactionGraph', pickContractGraph, life),
    }),
  }),
});

export const {
  useChartTopAccountsQuery,
  useChartTokenTransactionsQuery,
  useChartTokenDeploysQuery,
  useChartContractDeploysQuery,
  useChartContractTransactionsQuery,
} = chartsApi;
