import './charts.css';
import { Suspense, type ReactNode } from 'react';
import { EmptyState } from '../EmptyState';
import { Loading } from '../Loading';
import { CHART_UI_TEXTS } from './texts';
import { useElementWidth } from './useElementWidth';
import { MOBILE_QUERY, useMediaQuery } from '../useMediaQuery';

/**
 * Each chart box's height, wide and under 768 px; the stylesheet has the same figures
 * (charts.css `.chart-box--<size>`), so the box has its height in HTML rendered by the server
 * (no style attribute, which the CSP refuses) and the chart is drawn at the box's height.
 */
export const CHART_HEIGHTS = {
  strip: { wide: 132, narrow: 132 },
  line: { wide: 470, narrow: 300 },
  block: { wide: 380, narrow: 260 },
  gas: { wide: 220, narrow: 220 },
  /** A chart of the charts page. */
  card: { wide: 300, narrow: 240 },
} as const;
export type ChartSize = keyof typeof CHART_HEIGHTS;

/** The drawing height of a chart in a box of this size, at the screen's width. */
export function useChartHeight(size: ChartSize): number {
  return CHART_HEIGHTS[size][useMediaQuery(MOBILE_QUERY) ? 'narrow' : 'wide'];
}

interface ChartBoxProps {
  size: ChartSize;
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
export function ChartBox({ size, loading, failed = false, children }: ChartBoxProps) {
  const { ref, width } = useElementWidth<HTMLDivElement>(480);
  return (
    <div ref={ref} className={`chart-box chart-box--${size}`}>
      {failed ? (
        <EmptyState fill>{CHART_UI_TEXTS.empty}</EmptyState>
      ) : loading ? (
        <Loading className="loading--fill" />
      ) : (
        <Suspense fallback={<Loading className="loading--fill" />}>{children(width)}</Suspense>
      )}
    </div>
  );
}
