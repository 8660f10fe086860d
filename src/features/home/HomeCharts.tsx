import type { BlockChartPoint } from '../../../common/api/blocks';
import type { HourlyPoint } from '../../../common/api/charts';
import { MOBILE_QUERY, useMediaQuery } from '../../ui/useMediaQuery';
import { ChartBox } from '../../ui/charts/ChartBox';
import { CountFeeLineChart, SimpleBarChart } from '../../ui/charts/lazyCharts';
import { blockBars } from '../../ui/charts/hourlyBars';
import { Panel } from './Panel';
import { HOME_TEXTS, countFeeChartTitle } from './texts';

// Desktop heights match the panel beside each chart (10 table rows, 4 block cards).
const HEIGHTS = { line: { wide: 470, narrow: 300 }, block: { wide: 380, narrow: 260 } } as const;

/** 'Transaction Count & Fees per Hour' beside Latest Transactions. null: the call failed. */
export function CountFeePanel({ points }: { points: readonly HourlyPoint[] | null | undefined }) {
  const LINE_HEIGHT = HEIGHTS.line[useMediaQuery(MOBILE_QUERY) ? 'narrow' : 'wide'];
  return (
    <Panel title={countFeeChartTitle()} className="home-chart">
      <ChartBox height={LINE_HEIGHT} loading={points === undefined} failed={points === null}>
        {(width) => points && <CountFeeLineChart points={points} width={width} height={LINE_HEIGHT} />}
      </ChartBox>
    </Panel>
  );
}

/** Transactions per recent block, beside Latest Blocks. */
export function BlockChartPanel({ points, failed }: { points: readonly BlockChartPoint[] | undefined; failed: boolean }) {
  const BLOCK_HEIGHT = HEIGHTS.block[useMediaQuery(MOBILE_QUERY) ? 'narrow' : 'wide'];
  return (
    <Panel title={HOME_TEXTS.blockChart} className="home-chart">
      <ChartBox height={BLOCK_HEIGHT} loading={points === undefined} failed={failed && points === undefined}>
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
