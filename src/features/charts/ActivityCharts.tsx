/** Accounts, blocks, token transfers, deployments and the live contract-transaction chart. */
import type { GraphBucket } from '../../../common/api/charts';
import { useHomeBlockChartQuery } from '../home/homeApi';
import { blockBars } from '../../ui/charts/hourlyBars';
import { SimpleBarChart, SimpleLineChart } from '../../ui/charts/lazyCharts';
import { amountTick } from '../../ui/charts/chartFormat';
import { ChartCard } from './ChartCard';
import { balanceBars, bucketBars, rows, sum } from './chartData';
import {
  useChartContractDeploysQuery,
  useChartContractTransactionsQuery,
  useChartTokenDeploysQuery,
  useChartTokenTransactionsQuery,
  useChartTopAccountsQuery,
} from './chartsApi';
import { CHART_TEXTS, CHART_TITLES } from './texts';

const C = CHART_TEXTS.columns;

/** 'Loading...' until data or failure; failure: empty (docs/decisions.md#spec-states). */
function stateOf<T>(q: { data?: T; isError: boolean }, height: number) {
  return { height, loading: q.data === undefined && !q.isError, failed: q.data === undefined && q.isError };
}

function BucketChart({
  title,
  height,
  query,
  what,
  column,
  kind,
}: {
  title: string;
  height: number;
  query: { data?: GraphBucket[]; isError: boolean };
  /** Noun of the counted things, for tooltips and the summary. */
  what: string;
  column: string;
  kind: 'bar' | 'line';
}) {
  const data = query.data ?? [];
  const span = data.length > 0 ? `from ${data[0]?._id ?? ''} to ${data[data.length - 1]?._id ?? ''} (UTC)` : '';
  const summary = `${title}: ${sum(data.map((b) => b.count))} ${what} ${span}`.trim();
  const Chart = kind === 'bar' ? SimpleBarChart : SimpleLineChart;
  return (
    <ChartCard title={title} {...stateOf(query, height)} table={{ columns: [column, what], rows: rows.buckets(data) }}>
      {(width) => <Chart data={bucketBars(data, what)} width={width} height={height} summary={summary} />}
    </ChartCard>
  );
}

export function ActivityCharts({ height }: { height: number }) {
  const top = useChartTopAccountsQuery();
  const blocks = useHomeBlockChartQuery();
  const accounts = top.data ?? [];
  const blockPoints = blocks.data ?? [];
  return (
    <>
      <ChartCard
        title={CHART_TITLES.topAccounts}
        {...stateOf(top, height)}
        table={{ columns: [C.rank, C.address, C.balance], rows: rows.accounts(accounts) }}
      >
        {(width) => (
          <SimpleBarChart
            data={balanceBars(accounts)}
            width={width}
            height={height}
            hideXLabels
            yTick={amountTick}
            yWidth={52}
            summary={`${CHART_TITLES.topAccounts}: balances of the ${accounts.length} richest accounts, largest first`}
          />
        )}
      </ChartCard>
      <ChartCard
        title={CHART_TITLES.blocks}
        {...stateOf(blocks, height)}
        table={{ columns: [C.block, C.transactions], rows: rows.blocks(blockPoints) }}
      >
        {(width) => (
          <SimpleBarChart
            data={blockBars(blockPoints)}
            width={width}
            height={height}
            summary={`${CHART_TITLES.blocks}: transactions in each of the latest ${blockPoints.length} blocks`}
          />
        )}
      </ChartCard>
      <BucketChart
        title={CHART_TITLES.tokenTransactions}
        height={height}
        query={useChartTokenTransactionsQuery()}
        what="token transfers"
        column={C.hour}
        kind="bar"
      />
      <BucketChart
        title={CHART_TITLES.tokenDeploys}
        height={height}
        query={useChartTokenDeploysQuery()}
        what="token deployments"
        column={C.day}
        kind="bar"
      />
      <BucketChart
        title={CHART_TITLES.contractDeploys}
        height={height}
        query={useChartContractDeploysQuery()}
        what="contract deployments"
        column={C.day}
        kind="bar"
      />
      <BucketChart
        title={CHART_TITLES.contractTransactions}
        height={height}
        query={useChartContractTransactionsQuery()}
        what="contract transactions"
        column={C.hour}
        kind="line"
      />
    </>
  );
}
