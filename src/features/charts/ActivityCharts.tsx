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
const COUNTED = CHART_TEXTS.counted;

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
  const span = data.length > 0 ? CHART_TEXTS.bucketSpan(data[0]?._id ?? '', data[data.length - 1]?._id ?? '') : '';
  const summary = `${CHART_TEXTS.bucketSummary(title, sum(data.map((b) => b.count)), what)} ${span}`.trim();
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
            summary={CHART_TEXTS.topSummary(CHART_TITLES.topAccounts, accounts.length)}
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
            summary={CHART_TEXTS.blocksSummary(CHART_TITLES.blocks, blockPoints.length)}
          />
        )}
      </ChartCard>
      <BucketChart
        title={CHART_TITLES.tokenTransactions}
        height={height}
        query={useChartTokenTransactionsQuery()}
        what={COUNTED.tokenTransfers}
        column={C.hour}
        kind="bar"
      />
      <BucketChart
        title={CHART_TITLES.tokenDeploys}
        height={height}
        query={useChartTokenDeploysQuery()}
        what={COUNTED.tokenDeployments}
        column={C.day}
        kind="bar"
      />
      <BucketChart
        title={CHART_TITLES.contractDeploys}
        height={height}
        query={useChartContractDeploysQuery()}
        what={COUNTED.contractDeployments}
        column={C.day}
        kind="bar"
      />
      <BucketChart
        title={CHART_TITLES.contractTransactions}
        height={height}
        query={useChartContractTransactionsQuery()}
        what={COUNTED.contractTransactions}
        column={C.hour}
        kind="line"
      />
    </>
  );
}
