import './charts.css';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { plainTick } from './axisText';
import { Group } from '@visx/group';
import { scaleLinear } from '@visx/scale';
import { AreaClosed, LinePath } from '@visx/shape';
import type { BarDatum } from './SimpleBarChart';
import { countTick, sparseTicks } from './chartFormat';
import { useChartTooltip } from './useChartTooltip';

interface Props {
  data: readonly BarDatum[];
  width: number;
  height: number;
  /** Accessible summary of the chart. */
  summary: string;
  /** Format of the y ticks (default: integer counts). */
  yTick?: (v: number) => string;
  /** Left margin for wider y ticks. */
  yWidth?: number;
}

const MARGIN = { top: 12, right: 16, bottom: 30, left: 44 };

/** One series as a line over a light area (fees per hour, contract transactions over time), with hover tooltips. */
export default function SimpleLineChart({ data, width, height, summary, yTick = countTick, yWidth }: Props) {
  const tip = useChartTooltip();
  const m = { ...MARGIN, left: yWidth ?? MARGIN.left };
  const innerW = Math.max(0, width - m.left - m.right);
  const innerH = Math.max(0, height - m.top - m.bottom);
  const max = Math.max(0, ...data.map((d) => d.value));
  const x = scaleLinear<number>({ domain: [0, Math.max(1, data.length - 1)], range: [0, innerW] });
  const y = scaleLinear<number>({ domain: [0, max > 0 ? max : 1], range: [innerH, 0], nice: true });
  const ticks = sparseTicks(data.length, Math.max(2, Math.floor(innerW / 64)));
  const step = data.length > 1 ? innerW / (data.length - 1) : innerW;
  const points = [...data];

  return (
    <div className="chart" {...tip.container}>
      <svg width={width} height={height} role="img" aria-label={summary}>
        <Group left={m.left} top={m.top}>
          <AxisLeft scale={y} numTicks={4} tickFormat={(v) => yTick(Number(v))} tickComponent={plainTick} />
          <AxisBottom
            top={innerH}
            scale={x}
            tickValues={ticks}
            tickFormat={(i) => data[Number(i)]?.label ?? ''}
            tickComponent={plainTick}
          />
          <AreaClosed<BarDatum> data={points} x={(_d, i) => x(i)} y={(d) => y(d.value)} yScale={y} className="chart__area" />
          <LinePath<BarDatum> data={points} x={(_d, i) => x(i)} y={(d) => y(d.value)} className="chart__line chart__line--count" />
          {data.map((d, i) => (
            <circle key={d.key} cx={x(i)} cy={y(d.value)} r={2.5} className="chart__dot" />
          ))}
          {data.map((d, i) => {
            const left = Math.max(0, x(i) - step / 2);
            return (
              <rect
                key={`hit-${d.key}`}
                x={left}
                y={0}
                width={Math.min(innerW, x(i) + step / 2) - left}
                height={innerH}
                className="chart__hit"
                {...tip.bind(m.left + x(i), m.top + y(d.value), d.title)}
              />
            );
          })}
        </Group>
      </svg>
      {tip.element}
    </div>
  );
}
