import './charts.css';
import { Suspense, type ReactNode } from 'react';
import { EmptyState } from '../EmptyState';
import { Loading } from '../Loading';
import { CHART_UI_TEXTS } from './texts';
import { useElementWidth } from './useElementWidth';

interface ChartBoxProps {
  height: number;
  /** true until data arrives: 'Loading...' in the chart's space. */
  loading: boolean;
  /** true when loading ended without data (docs/decisions.md#spec-states: the chart is then empty). */
  failed?: boolean;
  /** The lazily loaded chart, given the measured width. */
  children: (width: number) => ReactNode;
}

/**
 * A fixed-height box for a home chart: the space is reserved before the data and the chart code
 * arrive, so nothing below moves (the chart module is its own lazily loaded chunk).
 */
export function ChartBox({ height, loading, failed = false, children }: ChartBoxProps) {
  const { ref, width } = useElementWidth<HTMLDivElement>(480);
  const minHeight = `${height}px`;
  return (
    <div ref={ref} className="chart-box" style={{ height: minHeight }}>
      {failed ? (
        <EmptyState minHeight={minHeight}>{CHART_UI_TEXTS.empty}</EmptyState>
      ) : loading ? (
        <Loading minHeight={minHeight} />
      ) : (
        <Suspense fallback={<Loading minHeight={minHeight} />}>{children(width)}</Suspense>
      )}
    </div>
  );
}
