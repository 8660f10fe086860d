import { SearchBox } from '../../sections/search/SearchBox';
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
import { useHomeScreenQuery } from './homeScreenApi';
import { LatestBlocks } from './LatestBlocks';
import { LatestDeploys } from './LatestDeploys';
import { LatestTransactions } from './LatestTransactions';
import { LiveStatus } from './LiveStatus';
import { StatsStrip } from './StatsStrip';
import { StatTiles } from './StatTiles';
import { TypedTransactions } from './TypedTransactions';
import { useRefetchOnVisible } from './useRefetchOnVisible';
import './home.css';

/**
 * Home (docs/decisions.md#spec-screens, panel order as docs/decisions.md#home-panels reads it): search area; stat tiles,
 * stats strip, Latest Transactions with its chart; Latest Blocks; its per-block chart and the
 * status line; Token Transactions, Contract Transactions, Latest Token, Latest Contract.
 * variant 'aa' is the /aa home without the stats strip.
 */
export function HomePage({ variant = 'full' }: { variant?: 'full' | 'aa' }) {
  useRefetchOnVisible();
  // The first screen in one request (issue #17); the queries below wait for it, then find their
  // caches filled (or, when it failed, make their own calls).
  const skip = useHomeScreenQuery().data === undefined;
  const home = useHomeDataQuery(undefined, { skip });
  const graph = useHomeTransactionGraphQuery(undefined, { skip });
  const blocks = useHomeLatestBlocksQuery(undefined, { skip });
  const live = useHomeLiveTransactionsQuery(undefined, { skip });
  const blockChart = useHomeBlockChartQuery(undefined, { skip });
  const tokens = useHomeTokenDeploysQuery(undefined, { skip });
  const contracts = useHomeContractDeploysQuery(undefined, { skip });

  return (
    <div className="page home" data-variant={variant}>
      <SearchBox variant="hero" />
      <StatTiles data={home.data} />
      {variant === 'full' && <StatsStrip data={home.data} graph={graph.data ?? undefined} graphFailed={graph.data === null} />}
      <div className="home-row">
        <LatestTransactions rows={live.data?.TransactionHistories} />
        <CountFeePanel points={graph.data} />
      </div>
      <div className="home-row home-row--blocks">
        <LatestBlocks blocks={blocks.data} />
        <BlockChartPanel points={blockChart.data} failed={blockChart.isError} />
      </div>
      <LiveStatus latest={blocks.data?.[0]} />
      <TypedTransactions kind="token" rows={live.data?.Tokentransaction} />
      <TypedTransactions kind="contract" rows={live.data?.Contracttransaction} />
      <div className="home-row home-row--even">
        <LatestDeploys kind="token" rows={tokens.data} />
        <LatestDeploys kind="contract" rows={contracts.data} />
      </div>
    </div>
  );
}
