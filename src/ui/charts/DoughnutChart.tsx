import './charts.css';
import { Group } from '@visx/group';
import { Pie } from '@visx/shape';
import { useChartTooltip } from './useChartTooltip';

export interface SliceDatum {
  key: string;
  label: string;
  value: number;
  /** Tooltip text. */
  title: string;
  color: string;
}

interface Props {
  /** Slices with value 0 are neither drawn nor listed. */
  data: readonly SliceDatum[];
  width: number;
  height: number;
  summary: string;
  /** Shown in the ring when every value is 0. */
  emptyText: string;
}

/** Width kept for the legend on the right of the ring. */
const LEGEND_WIDTH = 128;

/** A doughnut with its legend on the right (spec: 'Transaction Fee', by hour), hover tooltips on the slices. */
export default function DoughnutChart({ data, width, height, summary, emptyText }: Props) {
  const tip = useChartTooltip();
  const slices = data.filter((d) => d.value > 0);
  const size = Math.max(80, Math.min(height, width - LEGEND_WIDTH - 16));
  const radius = size / 2 - 4;
  return (
    <div className="chart chart--doughnut" style={{ height }} {...tip.container}>
      <svg width={size} height={size} role="img" aria-label={summary}>
        <Group top={size / 2} left={size / 2}>
          {slices.length === 0 ? (
            <>
              <circle r={radius} className="chart__ring-empty" />
              <text textAnchor="middle" dy="0.35em" className="chart__center-text">
                {emptyText}
              </text>
            </>
          ) : (
            <Pie
              data={slices}
              pieValue={(d) => d.value}
              outerRadius={radius}
              innerRadius={radius * 0.58}
              padAngle={0.006}
              pieSortValues={null}
            >
              {(pie) =>
                pie.arcs.map((arc) => {
                  const [cx, cy] = pie.path.centroid(arc);
                  return (
                    <path
                      key={arc.data.key}
                      d={pie.path(arc) ?? ''}
                      fill={arc.data.color}
                      className="chart__slice"
                      {...tip.bind(size / 2 + cx, size / 2 + cy, arc.data.title)}
                    />
                  );
                })
              }
            </Pie>
          )}
        </Group>
      </svg>
      <ul className="chart__side-legend" style={{ maxHeight: height }} aria-hidden="true">
        {slices.map((d) => (
          <li key={d.key}>
            <span className="chart__swatch chart__swatch--block" style={{ background: d.color }} />
            {d.label}
          </li>
        ))}
      </ul>
      {tip.element}
    </div>
  );
}
