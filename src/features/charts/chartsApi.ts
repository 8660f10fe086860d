/**
 * The charts page's own data (the hourly graph and the per-block chart come from homeApi, whose
 * cache entries they share). Failures are logged only (spec section 8) and end the chart's
 * loading state empty. The token-transaction graph follows its live channel; 'Contract
 * Transactions Over Time' is fed by the channel (REST only when it does not answer in time).
 */
import type { TopAccount, TopAccountsResponse } from '../../../common/api/addresses';
import type { ContractDeployResponse, GraphBucket, GraphResponse, TokenDeployResponse } from '../../../common/api/charts';
import type { ContractTransactionGraphUpdate, TokenTransactionGraphUpdate } from '../../../common/api/socket';
import { PAGE_SIZES } from '../../../common/spec';
import { api, type ApiFailure } from '../../app/api';
import { firstLive, followLive } from '../home/liveQuery';
import { CHART_ERROR, LIVE_FIRST_ANSWER_MS } from './texts';

type Fetch = (arg: string) => Promise<{ data?: unknown; error?: ApiFailure }>;
type Result<T> = { data: T } | { error: ApiFailure };

async function rest<T>(fetch: Fetch, path: string, read: (body: unknown) => T): Promise<Result<T>> {
  const r = await fetch(path);
  if (r.error) {
    console.error(CHART_ERROR, r.error);
    return { error: r.error };
  }
  return { data: read(r.data) };
}

const pickContractGraph = (p: ContractTransactionGraphUpdate) => p.ContractTransactionGraph;
const pickTokenGraph = (p: TokenTransactionGraphUpdate) => p.TokenTransactionGraph;

/** The channel's first answer, or REST when the channel stays silent for LIVE_FIRST_ANSWER_MS. */
async function liveThenRest(fetch: Fetch, signal: AbortSignal): Promise<Result<GraphBucket[]>> {
  const wait = new AbortController();
  const timer = setTimeout(() => wait.abort(), LIVE_FIRST_ANSWER_MS);
  const onAbort = () => wait.abort();
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    return { data: await firstLive('getContractTransactionGraph', pickContractGraph, wait.signal) };
  } catch {
    if (signal.aborted) return { error: { status: 'ABORTED', message: 'aborted' } };
    return rest(fetch, '/getContractTransactionGraph', (b) => (b as GraphResponse).result);
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
  }
}

export const chartsApi = api.injectEndpoints({
  endpoints: (build) => ({
    chartTopAccounts: build.query<TopAccount[], void>({
      queryFn: (_a, _api, _e, fetch) =>
        rest(fetch as Fetch, `/getTopaccounts/1/${PAGE_SIZES.topAccountsChart}`, (b) => (b as TopAccountsResponse).result),
    }),
    chartTokenTransactions: build.query<GraphBucket[], void>({
      queryFn: (_a, _api, _e, fetch) => rest(fetch as Fetch, '/getTokenTransactionGraph', (b) => (b as GraphResponse).result),
      onCacheEntryAdded: (_a, life) => followLive('getTokenTransactionGraph', pickTokenGraph, life),
    }),
    chartTokenDeploys: build.query<GraphBucket[], void>({
      queryFn: (_a, _api, _e, fetch) => rest(fetch as Fetch, '/getTokendeploy', (b) => (b as TokenDeployResponse).result),
    }),
    chartContractDeploys: build.query<GraphBucket[], void>({
      queryFn: (_a, _api, _e, fetch) => rest(fetch as Fetch, '/getContractdeploy', (b) => (b as ContractDeployResponse).result),
    }),
    chartContractTransactions: build.query<GraphBucket[], void>({
      queryFn: (_a, { signal }, _e, fetch) => liveThenRest(fetch as Fetch, signal),
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
