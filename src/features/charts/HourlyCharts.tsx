/** The four charts of the last 24 hours, all from /getTransactionGraph and its live channel. */
import type { HourlyPoint } from '../../../common/api/charts';
import { useHomeTransactionGraphQuery } from '../home/homeApi';
import { hourlyBars } from '../../ui/charts/hourlyBars';
import { CountFeeLineChart, DoughnutChart, SimpleBarChart, SimpleLineChart } from '../../ui/charts/lazyCharts';
import { feeTick } from '../../ui/charts/chartFormat';
import { ChartCard, type ChartTable } from './ChartCard';
import { feeLine, feeSlices, rows, sum } from './chartData';
import { CHART_TEXTS, CHART_TITLES } from './texts';

const C = CHART_TEXTS.columns;

export function HourlyCharts({ height }: { height: number }) {
  // null: the call failed (the chart leaves its loading state empty until a push brings data).
  const { data } = useHomeTransactionGraphQuery();
  const state = { height, loading: data === undefined, failed: data === null };
  const points: readonly HourlyPoint[] = data ?? [];
  const table: ChartTable = { columns: [C.hour, C.transactions, C.fee], rows: rows.hourly(points) };
  const count = sum(points.map((p) => p.count));
  const fees = sum(points.map((p) => p.totalFee));
  const hours = points.length;
  return (
    <>
      <ChartCard title={CHART_TITLES.countFee} {...state} table={table}>
        {(width) => <CountFeeLineChart points={points} width={width} height={height} />}
      </ChartCard>
      <ChartCard title={CHART_TITLES.perHour} {...state} table={table}>
        {(width) => (
          <SimpleBarChart
            data={hourlyBars(points)}
            width={width}
            height={height}
            summary={CHART_TEXTS.perHourSummary(CHART_TITLES.perHour, count, hours)}
          />
        )}
      </ChartCard>
      <ChartCard title={CHART_TITLES.feesPerHour} {...state} table={table}>
        {(width) => (
          <SimpleLineChart
            data={feeLine(points)}
            width={width}
            height={height}
            yTick={feeTick}
            yWidth={56}
            summary={CHART_TEXTS.feesSummary(CHART_TITLES.feesPerHour, feeTick(fees), hours)}
          />
        )}
      </ChartCard>
      <ChartCard title={CHART_TITLES.feeDoughnut} {...state} table={table}>
        {(width) => {
          const slices = feeSlices(points);
          // One hour with fees is not a share of anything: say it instead of drawing a full ring.
          if (slices.length === 1) return <p className="chart-single">{CHART_TEXTS.allFeesIn(slices[0]!.label, feeTick(fees))}</p>;
          return (
            <DoughnutChart
              data={slices}
              width={width}
              height={height}
              emptyText={CHART_TEXTS.noFees}
              summary={CHART_TEXTS.doughnutSummary(CHART_TITLES.feeDoughnut, feeTick(fees), hours)}
            />
          );
        }}
      </ChartCard>
    </>
  );
}
