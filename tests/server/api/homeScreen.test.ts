/**
 * /getHomeScreen (issue #17): the home's first screen in one answer. Each part equals what its
 * own route (or the live channel's Transaction-update) answers for the same indexed head, on a
 * real indexed devnet.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { HomeScreenResponse } from '../../../common/api/homeScreen';
import type { HomePageResponse } from '../../../common/api/home';
import type { BlockChartResponse, LatestBlocksResponse } from '../../../common/api/blocks';
import type { ContractDeployResponse, TokenDeployResponse, TransactionGraphResponse } from '../../../common/api/charts';
import { LIVE_TRANSACTIONS, LIVE_TYPED_TRANSACTIONS } from '../../../common/api/socket';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';
import { describeEachDatabase } from '../../helpers/db';
import { apiPaths } from '../../../common/api/paths';

let chain: IndexedChain;
beforeAll(async () => {
  chain = await startIndexedChain({ steps: 10 });
});
afterAll(() => chain?.stop());

describeEachDatabase('home screen API', (getDb) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await chain.api(getDb());
  });
  afterAll(() => api?.close());

  it('answers every first-screen part as its own route does', async () => {
    const res = await api.get<HomeScreenResponse>(apiPaths.homeScreen());
    expect(res.statusCode).toBe(200);
    expect(res.body.status).toBe(true);
    const s = res.body.result;
    const [home, blocks, graph, chart, tokens, dapps, all] = await Promise.all([
      api.get<HomePageResponse>(apiPaths.homeData()),
      api.get<LatestBlocksResponse>(apiPaths.latestBlocks()),
      api.get<TransactionGraphResponse>(apiPaths.transactionGraph()),
      api.get<BlockChartResponse>(apiPaths.blockChart()),
      api.get<TokenDeployResponse>(apiPaths.tokenDeploy()),
      api.get<ContractDeployResponse>(apiPaths.contractDeploy()),
      api.get<{ result: { hash: string }[] }>(apiPaths.allTx({ page: 1, size: LIVE_TRANSACTIONS })),
    ]);
    // The node's values (gas fee, pending pool, their age) may move between two calls.
    const stable = (h: HomePageResponse['result']) => ({ ...h, nodeDataAsOf: 0, nodeDataAge: 0, pendingTransactions: 0 });
    expect(stable(s.home)).toEqual(stable(home.body.result));
    expect(s.home.latestBlockNumber).toBeGreaterThan(0);
    expect(s.latestBlocks).toEqual(blocks.body.result);
    expect(s.latestBlocks[0]?.blockNumber).toBe(s.home.latestBlockNumber);
    expect(s.transactionGraph).toEqual(graph.body.result);
    expect(s.blockChart).toEqual(chart.body.result);
    expect(s.tokenDeploys).toEqual(tokens.body.tokendepoloy);
    expect(s.contractDeploys).toEqual(dapps.body.contractdeploy);
    // The latest transactions: the newest first, as the all-transactions list orders them.
    expect(s.transactions.TransactionHistories.map((t) => t.hash)).toEqual(all.body.result.map((t) => t.hash));
    expect(s.transactions.TransactionHistories.length).toBeGreaterThan(0);
    expect(s.transactions.Tokentransaction.length).toBeLessThanOrEqual(LIVE_TYPED_TRANSACTIONS);
    for (const t of s.transactions.Tokentransaction) expect(t.transactiontype).toBe(2);
    for (const t of s.transactions.Contracttransaction) expect(t.transactiontype).toBe(3);
  });
});
