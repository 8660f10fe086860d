import './charts.css';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { plainTick } from './axisText';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { countTick, sparseTicks } from './chartFormat';
import { useChartTooltip } from './useChartTooltip';

export interface BarDatum {
  key: string;
  /** Axis label of the bar. */
  label: string;
  value: number;
  /** Tooltip text. */
  title: string;
}

interface Props {
  data: readonly BarDatum[];
  width: number;
  height: number;
  /** Accessible summary of the chart. */
  summary: string;
  /** false: bars only (the small chart of the stats strip). */
  axes?: boolean;
  /** Hide the x labels (spec: 'Top Account Balances'), keeping the axis line. */
  hideXLabels?: boolean;
  /** Format of the y ticks (default: integer counts). */
  yTick?: (v: number) => string;
  /** Left margin for wider y ticks. */
  yWidth?: number;
}

const MARGIN_AXES = { top: 10, right: 10, bottom: 30, left: 40 };
const MARGIN_BARE = { top: 4, right: 2, bottom: 2, left: 2 };

/** A bar chart of values (transactions per hour or block, balances, deployments) with hover tooltips. */
export default function SimpleBarChart({
  data,
  width,
  height,
  summary,
  axes = true,
  hideXLabels = false,
  yTick = countTick,
  yWidth,
}: Props) {
  const tip = useChartTooltip();
  const m = axes ? { ...MARGIN_AXES, left: yWidth ?? MARGIN_AXES.left, bottom: hideXLabels ? 8 : MARGIN_AXES.bottom } : MARGIN_BARE;
  const innerW = Math.max(0, width - m.left - m.right);
  const innerH = Math.max(0, height - m.top - m.bottom);
  const x = scaleBand<string>({ domain: data.map((d) => d.key), range: [0, innerW], padding: 0.25 });
  const y = scaleLinear<number>({ domain: [0, Math.max(1, ...data.map((d) => d.value))], range: [innerH, 0], nice: true });
  const labelOf = new Map(data.map((d) => [d.key, d.label]));
  const ticks = hideXLabels ? [] : sparseTicks(data.length, Math.max(2, Math.floor(innerW / 56))).map((i) => data[i]?.key ?? '');

  return (
    <div className="chart" {...tip.container}>
      <svg width={width} height={height} role="img" aria-label={summary}>
        <Group left={m.left} top={m.top}>
          {axes && (
            <>
              <AxisLeft scale={y} numTicks={4} tickFormat={(v) => yTick(Number(v))} tickComponent={plainTick} />
              <AxisBottom
                top={innerH}
                scale={x}
                tickValues={ticks}
                tickFormat={(k) => labelOf.get(String(k)) ?? ''}
                tickComponent={plainTick}
              />
            </>
          )}
          {!axes && <line x1={0} x2={innerW} y1={innerH} y2={innerH} className="chart__baseline" />}
          {data.map((d) => {
            const h = innerH - y(d.value);
            const bx = x(d.key) ?? 0;
            // The hover target is the whole column, so short bars are easy to point at.
            return (
              <g key={d.key} {...tip.bind(m.left + bx + x.bandwidth() / 2, m.top + innerH - Math.max(0, h), d.title)}>
                <rect x={bx} y={0} width={x.bandwidth()} height={innerH} className="chart__hit" />
                <Bar x={bx} y={innerH - h} width={x.bandwidth()} height={Math.max(0, h)} rx={2} className="chart__bar" />
              </g>
            );
          })}
        </Group>
      </svg>
      {tip.element}
    </div>
  );
}
