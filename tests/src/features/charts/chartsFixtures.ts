/** Data of the charts page tests: every chart endpoint answered or failed at the network edge. Not a test file. */
import type { TopAccount } from '../../../../common/api/addresses';
import type { GraphBucket } from '../../../../common/api/charts';
import { fail, mockFetch, ok, type Handler } from '../../../helpers/fetchMock';
import { BLOCKS, GRAPH, addr } from '../home/fixtures';
import { pathMatcher } from '../../../../common/api/paths';

export const ACCOUNTS: TopAccount[] = Array.from({ length: 30 }, (_, i) => ({
  rank: i + 1,
  address: addr(0x9000 + i),
  balance: (30 - i) * 1000 + 0.5,
  balanceWei: String(BigInt((30 - i) * 1000) * 10n ** 18n + 5n * 10n ** 17n),
  percentage: 0.001,
}));

export const hours = (count: (i: number) => number): GraphBucket[] =>
  Array.from({ length: 24 }, (_, i) => ({
    _id: `${String(i).padStart(2, '0')}:00`,
    count: count(i),
    createdAt: new Date(Date.UTC(2024, 10, 7, i)).toISOString(),
  }));
export const days = (count: (i: number) => number): GraphBucket[] =>
  Array.from({ length: 14 }, (_, i) => {
    const iso = new Date(Date.UTC(2024, 10, 1 + i)).toISOString();
    return { _id: iso.slice(0, 10), count: count(i), createdAt: iso };
  });

export const TOKEN_TX = hours((i) => i % 3);
export const CONTRACT_TX = hours((i) => i % 4);
export const TOKEN_DEPLOYS = days((i) => (i === 13 ? 4 : 0));
export const CONTRACT_DEPLOYS = days((i) => (i === 12 ? 2 : 1));

export const CHART_PATHS = {
  graph: pathMatcher('transactionGraph'),
  top: /^\/getTopaccounts\/1\/30$/,
  blocks: pathMatcher('blockChart'),
  tokenTx: pathMatcher('tokenTransactionGraph'),
  tokenDeploys: pathMatcher('tokenDeploy'),
  contractDeploys: pathMatcher('contractDeploy'),
  contractTx: pathMatcher('contractTransactionGraph'),
} as const;

/** Every chart endpoint answers; `over` replaces some (first match wins). */
export function serveCharts(over: [RegExp, Handler][] = []) {
  return mockFetch([
    ...over,
    [CHART_PATHS.graph, ok(GRAPH)],
    [CHART_PATHS.top, ok(ACCOUNTS, { totalTransactions: 30, totalPages: 1, currentPage: 1 })],
    [CHART_PATHS.blocks, ok(BLOCKS.map((b) => ({ blockNumber: b.blockNumber, Trx: b.Trx })).reverse())],
    [CHART_PATHS.tokenTx, ok(TOKEN_TX)],
    [CHART_PATHS.tokenDeploys, ok(TOKEN_DEPLOYS, { tokendepoloy: [] })],
    [CHART_PATHS.contractDeploys, ok(CONTRACT_DEPLOYS, { contractdeploy: [] })],
    [CHART_PATHS.contractTx, ok(CONTRACT_TX)],
  ]);
}

export const failAll = (): [RegExp, Handler][] => Object.values(CHART_PATHS).map((re) => [re, fail(500, 'boom')]);
export const pendAll = (): [RegExp, Handler][] => Object.values(CHART_PATHS).map((re) => [re, 'pending']);
