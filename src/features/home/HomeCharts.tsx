import type { BlockChartPoint } from '../../../common/api/blocks';
import type { HourlyPoint } from '../../../common/api/charts';
import { ChartBox, useChartHeight } from '../../ui/charts/ChartBox';
import { CountFeeLineChart, SimpleBarChart } from '../../ui/charts/lazyCharts';
import { blockBars } from '../../ui/charts/hourlyBars';
import { Panel } from './Panel';
import { HOME_TEXTS, countFeeChartTitle } from './texts';

/** 'Transaction Count & Fees per Hour' beside Latest Transactions. null: the call failed. */
export function CountFeePanel({ points }: { points: readonly HourlyPoint[] | null | undefined }) {
  const LINE_HEIGHT = useChartHeight('line');
  return (
    <Panel title={countFeeChartTitle()} className="home-chart">
      <ChartBox size="line" loading={points === undefined} failed={points === null}>
        {(width) => points && <CountFeeLineChart points={points} width={width} height={LINE_HEIGHT} />}
      </ChartBox>
    </Panel>
  );
}

/** Transactions per recent block, beside Latest Blocks. */
export function BlockChartPanel({ points, failed }: { points: readonly BlockChartPoint[] | undefined; failed: boolean }) {
  const BLOCK_HEIGHT = useChartHeight('block');
  return (
    <Panel title={HOME_TEXTS.blockChart} className="home-chart">
      <ChartBox size="block" loading={points === undefined} failed={failed && points === undefined}>
        {(width) =>
          points && (
            <SimpleBarChart
              data={blockBars(points)}
              width={width}
              height={BLOCK_HEIGHT}
              summary={HOME_TEXTS.blockChartSummary({ title: HOME_TEXTS.blockChart, n: points.length })}
            />
          )
        }
      </ChartBox>
    </Panel>
  );
}
