/**
 * The home's panels, each reading its own query (live blocks): a push re-renders the
 * panel whose data it changed, not the whole page (charts included) as when HomePage read every
 * query. `skip` holds them until the first screen's one call (homeScreenApi.ts) has answered.
 */
import { BlockChartPanel, CountFeePanel } from './HomeCharts';
import {
  useHomeBlockChartQuery,
  useHomeContractDeploysQuery,
  useHomeDataQuery,
  useHomeLatestBlocksQuery,
  useHomeLiveTransactionsQuery,
  useHomeTokenDeploysQuery,
  useHomeTransactionGraphQuery,
} from './homeApi';
import { LatestBlocks } from './LatestBlocks';
import { LatestDeploys } from './LatestDeploys';
import { LatestTransactions } from './LatestTransactions';
import { LiveStatus } from './LiveStatus';
import { StatsStrip } from './StatsStrip';
import { StatTiles } from './StatTiles';
import { TypedTransactions } from './TypedTransactions';

interface Held {
  skip: boolean;
}

/** Only the data: a refetch's fetching state (the deploy lists after each head) renders nothing. */
const dataOnly = <T,>(r: { data?: T }) => ({ data: r.data });

export function HomeStatTiles({ skip }: Held) {
  return <StatTiles data={useHomeDataQuery(undefined, { skip }).data} />;
}

export function HomeStatsStrip({ skip }: Held) {
  const home = useHomeDataQuery(undefined, { skip });
  const graph = useHomeTransactionGraphQuery(undefined, { skip });
  return <StatsStrip data={home.data} graph={graph.data ?? undefined} graphFailed={graph.data === null} />;
}

export function HomeLatestTransactions({ skip }: Held) {
  return <LatestTransactions rows={useHomeLiveTransactionsQuery(undefined, { skip }).data?.TransactionHistories} />;
}

export function HomeCountFee({ skip }: Held) {
  return <CountFeePanel points={useHomeTransactionGraphQuery(undefined, { skip }).data} />;
}

export function HomeLatestBlocks({ skip }: Held) {
  return <LatestBlocks blocks={useHomeLatestBlocksQuery(undefined, { skip }).data} />;
}

export function HomeBlockChart({ skip }: Held) {
  const chart = useHomeBlockChartQuery(undefined, { skip });
  return <BlockChartPanel points={chart.data} failed={chart.isError} />;
}

export function HomeLiveStatus({ skip }: Held) {
  return <LiveStatus latest={useHomeLatestBlocksQuery(undefined, { skip }).data?.[0]} />;
}

export function HomeTypedTransactions({ skip, kind }: Held & { kind: 'token' | 'contract' }) {
  const live = useHomeLiveTransactionsQuery(undefined, { skip }).data;
  return <TypedTransactions kind={kind} rows={kind === 'token' ? live?.Tokentransaction : live?.Contracttransaction} />;
}

export function HomeDeploys({ skip, kind }: Held & { kind: 'token' | 'contract' }) {
  const tokens = useHomeTokenDeploysQuery(undefined, { skip: skip || kind !== 'token', selectFromResult: dataOnly });
  const contracts = useHomeContractDeploysQuery(undefined, { skip: skip || kind !== 'contract', selectFromResult: dataOnly });
  return <LatestDeploys kind={kind} rows={kind === 'token' ? tokens.data : contracts.data} />;
}
