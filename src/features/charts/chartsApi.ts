/**
 * The charts page's own data (the hourly graph and the per-block chart come from homeApi, whose
 * cache entries they share). Failures are logged only (docs/decisions.md#spec-errors) and end the chart's
 * loading state empty. The token-transaction graph follows its live channel; 'Contract
 * Transactions Over Time' is fed by the channel (REST only when it does not answer in time).
 */
import type { TopAccount, TopAccountsResponse } from '../../../common/api/addresses';
import type { ContractDeployResponse, GraphBucket, GraphResponse, TokenDeployResponse } from '../../../common/api/charts';
import type { ContractTransactionGraphUpdate, TokenTransactionGraphUpdate } from '../../../common/api/socket';
import { PAGE_SIZES } from '../../../common/spec';
import { api, restLogged, type ApiFailure, type BaseFetch } from '../../app/api';
import { firstLive, followLive } from '../../app/liveQuery';
import { CHART_ERROR, LIVE_FIRST_ANSWER_MS } from './texts';
import { paths } from '../../../common/api/paths';

type Result<T> = { data: T } | { error: ApiFailure };

/** REST with a failure logged (docs/decisions.md#spec-errors): the chart leaves its loading state empty. */
const rest = <T>(fetch: BaseFetch, path: string, read: (body: unknown) => T): Promise<Result<T>> =>
  restLogged(fetch, path, read, CHART_ERROR);

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
    return rest(fetch, paths.contractTransactionGraph(), (b) => (b as GraphResponse).result);
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
  }
}

export const chartsApi = api.injectEndpoints({
  endpoints: (build) => ({
    chartTopAccounts: build.query<TopAccount[], void>({
      queryFn: (_a, _api, _e, fetch) =>
        rest(
          fetch as BaseFetch,
          paths.topAccountsPage({ page: 1, size: PAGE_SIZES.topAccountsChart }),
          (b) => (b as TopAccountsResponse).result,
        ),
    }),
    chartTokenTransactions: build.query<GraphBucket[], void>({
      queryFn: (_a, _api, _e, fetch) => rest(fetch as BaseFetch, paths.tokenTransactionGraph(), (b) => (b as GraphResponse).result),
      onCacheEntryAdded: (_a, life) => followLive('getTokenTransactionGraph', pickTokenGraph, life),
    }),
    chartTokenDeploys: build.query<GraphBucket[], void>({
      queryFn: (_a, _api, _e, fetch) => rest(fetch as BaseFetch, paths.tokenDeploy(), (b) => (b as TokenDeployResponse).result),
    }),
    chartContractDeploys: build.query<GraphBucket[], void>({
      queryFn: (_a, _api, _e, fetch) => rest(fetch as BaseFetch, paths.contractDeploy(), (b) => (b as ContractDeployResponse).result),
    }),
    chartContractTransactions: build.query<GraphBucket[], void>({
      queryFn: (_a, { signal }, _e, fetch) => liveThenRest(fetch as BaseFetch, signal),
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
