import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { countTick, sparseTicks } from './chartFormat';

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
}

const MARGIN_AXES = { top: 10, right: 10, bottom: 30, left: 40 };
const MARGIN_BARE = { top: 4, right: 2, bottom: 2, left: 2 };

/** A bar chart of counts (transactions per hour, transactions per block). */
export default function SimpleBarChart({ data, width, height, summary, axes = true }: Props) {
  const m = axes ? MARGIN_AXES : MARGIN_BARE;
  const innerW = Math.max(0, width - m.left - m.right);
  const innerH = Math.max(0, height - m.top - m.bottom);
  const x = scaleBand<string>({ domain: data.map((d) => d.key), range: [0, innerW], padding: 0.25 });
  const y = scaleLinear<number>({ domain: [0, Math.max(1, ...data.map((d) => d.value))], range: [innerH, 0], nice: true });
  const labelOf = new Map(data.map((d) => [d.key, d.label]));
  const ticks = sparseTicks(data.length, Math.max(2, Math.floor(innerW / 56))).map((i) => data[i]?.key ?? '');

  return (
    <div className="chart">
      <svg width={width} height={height} role="img" aria-label={summary}>
        <Group left={m.left} top={m.top}>
          {axes && (
            <>
              <AxisLeft scale={y} numTicks={4} tickFormat={(v) => countTick(Number(v))} />
              <AxisBottom top={innerH} scale={x} tickValues={ticks} tickFormat={(k) => labelOf.get(String(k)) ?? ''} />
            </>
          )}
          {!axes && <line x1={0} x2={innerW} y1={innerH} y2={innerH} className="chart__baseline" />}
          {data.map((d) => {
            const h = innerH - y(d.value);
            return (
              <Bar
                key={d.key}
                x={x(d.key) ?? 0}
                y={innerH - h}
                width={x.bandwidth()}
                height={Math.max(0, h)}
                rx={2}
                className="chart__bar"
              >
                <title>{d.title}</title>
              </Bar>
            );
          })}
        </Group>
      </svg>
    </div>
  );
}
