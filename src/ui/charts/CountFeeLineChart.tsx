import './charts.css';
import { AxisBottom, AxisLeft, AxisRight } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleLinear } from '@visx/scale';
import { LinePath } from '@visx/shape';
import type { HourlyPoint } from '../../../common/api/charts';
import { CHART_UI_TEXTS } from './texts';
import { countTick, feeTick, hourLabel, sparseTicks } from './chartFormat';
import { useChartTooltip } from './useChartTooltip';
import { AxisLabel, plainTick } from './axisText';
import { formatAmount, formatCount } from '../../lib/amount';

interface Props {
  points: readonly HourlyPoint[];
  width: number;
  height: number;
}

const MARGIN = { top: 14, right: 58, bottom: 30, left: 56 };
/** Height of the legend under the plot, inside the given height. */
const LEGEND = 24;

/**
 * 'Transaction Count & Fees per Hour' (docs/decisions.md#spec-screens): count on the left axis, total fee on the
 * right, x labels 'Hour N'. Hovering an hour shows its exact figures in a tooltip.
 */
export default function CountFeeLineChart({ points, width, height: boxHeight }: Props) {
  const tip = useChartTooltip();
  const height = Math.max(0, boxHeight - LEGEND);
  const innerW = Math.max(0, width - MARGIN.left - MARGIN.right);
  const innerH = Math.max(0, height - MARGIN.top - MARGIN.bottom);
  const maxCount = Math.max(1, ...points.map((p) => p.count));
  const maxFee = Math.max(0, ...points.map((p) => p.totalFee));

  const x = scaleLinear<number>({ domain: [0, Math.max(1, points.length - 1)], range: [0, innerW] });
  const yCount = scaleLinear<number>({ domain: [0, maxCount], range: [innerH, 0], nice: true });
  const yFee = scaleLinear<number>({ domain: [0, maxFee > 0 ? maxFee : 1], range: [innerH, 0], nice: true });
  const ticks = sparseTicks(points.length, Math.max(2, Math.floor(innerW / 70)));
  const total = points.reduce((s, p) => s + p.count, 0);
  const summary = CHART_UI_TEXTS.countSummary(CHART_UI_TEXTS.countFee, total, points.length);

  return (
    <div className="chart" {...tip.container}>
      <svg width={width} height={height} role="img" aria-label={summary}>
        <Group left={MARGIN.left} top={MARGIN.top}>
          <AxisLeft scale={yCount} numTicks={5} tickFormat={(v) => countTick(Number(v))} tickComponent={plainTick} />
          <AxisLabel side="left" plotHeight={innerH} offset={34}>
            {CHART_UI_TEXTS.countAxis}
          </AxisLabel>
          <AxisRight left={innerW} scale={yFee} numTicks={5} tickFormat={(v) => feeTick(Number(v))} tickComponent={plainTick} />
          <Group left={innerW}>
            <AxisLabel side="right" plotHeight={innerH} offset={36}>
              {CHART_UI_TEXTS.feeAxis}
            </AxisLabel>
          </Group>
          <AxisBottom
            top={innerH}
            scale={x}
            tickValues={ticks}
            tickFormat={(i) => {
              const p = points[Number(i)];
              return p ? hourLabel(p.hour) : '';
            }}
            tickComponent={plainTick}
          />
          <LinePath<HourlyPoint>
            data={[...points]}
            x={(_p, i) => x(i)}
            y={(p) => yCount(p.count)}
            className="chart__line chart__line--count"
          />
          <LinePath<HourlyPoint>
            data={[...points]}
            x={(_p, i) => x(i)}
            y={(p) => yFee(p.totalFee)}
            className="chart__line chart__line--fee"
          />
          {points.map((p, i) => (
            <circle key={p.timestamp} cx={x(i)} cy={yCount(p.count)} r={3} className="chart__dot chart__dot--count" />
          ))}
          {points.map((p, i) => {
            // One hover column per hour, reaching halfway to its neighbours.
            const step = points.length > 1 ? innerW / (points.length - 1) : innerW;
            const left = Math.max(0, x(i) - step / 2);
            const text = CHART_UI_TEXTS.countTooltip(hourLabel(p.hour), formatCount(p.count), formatAmount(p.totalFee));
            return (
              <rect
                key={`hit-${p.timestamp}`}
                x={left}
                y={0}
                width={Math.min(innerW, x(i) + step / 2) - left}
                height={innerH}
                className="chart__hit"
                {...tip.bind(MARGIN.left + x(i), MARGIN.top + yCount(p.count), text)}
              />
            );
          })}
        </Group>
      </svg>
      <ul className="chart__legend" aria-hidden="true">
        <li>
          <span className="chart__swatch chart__swatch--count" />
          {CHART_UI_TEXTS.countAxis}
        </li>
        <li>
          <span className="chart__swatch chart__swatch--fee" />
          {CHART_UI_TEXTS.feeAxis}
        </li>
      </ul>
      {tip.element}
    </div>
  );
}
