/**
 * Issue #25 item 7: one x-label format per unit ('Hour 19' on every hourly chart, 'MM-DD' for
 * days), a fee doughnut only when there are shares to show, and the home transactions-per-hour
 * chart with axes.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { HourlyPoint } from '../../../../common/api/charts';
import { bucketBars, bucketLabel, feeLine, feeSlices } from '../../../../src/features/charts/chartData';
import { CHART_TEXTS } from '../../../../src/features/charts/texts';
import { StatsStrip } from '../../../../src/features/home/StatsStrip';
import { renderWithProviders } from '../../utils/renderWithProviders';

const point = (hour: number, count: number, totalFee: number): HourlyPoint =>
  ({
    hour,
    _id: hour,
    count,
    totalFee,
    createdAt: new Date(Date.UTC(2026, 10, 25, hour)).toISOString(),
    timestamp: Date.UTC(2026, 10, 25, hour) / 1000,
  }) as HourlyPoint;

describe('chart labels and slices', () => {
  it("hours read 'Hour N' on every chart, the token chart's 'HH:00' buckets too; days 'MM-DD'", () => {
    expect(bucketLabel('19:00')).toBe('Hour 19');
    expect(bucketLabel('07:00')).toBe('Hour 7');
    expect(bucketLabel('2026-11-11')).toBe('11-11');
    const bars = bucketBars([{ _id: '19:00', count: 3, createdAt: '2026-11-25T19:00:00.000Z' } as never], 'token transfers');
    expect(bars[0]).toMatchObject({ label: 'Hour 19', title: 'Hour 19: 3 token transfers' });
    expect(feeLine([point(19, 1, 0.1)])[0]?.label).toBe('Hour 19');
  });

  it('the fee doughnut has a slice per hour that paid fees, none for the others', () => {
    const slices = feeSlices([point(1, 0, 0), point(2, 5, 0.25), point(3, 0, 0), point(4, 5, 0.75)]);
    expect(slices.map((s) => s.label)).toEqual(['Hour 2', 'Hour 4']);
    expect(slices[1]?.title).toContain('(75%)');
  });

  it('a single hour of fees is said in words, not drawn as a one-slice ring', () => {
    expect(feeSlices([point(1, 0, 0), point(19, 3, 0.0003)])).toHaveLength(1);
    expect(CHART_TEXTS.allFeesIn('Hour 19', '0.0003')).toBe('All 0.0003 RUBY of fees in the last 24 hours were paid in Hour 19.');
  });
});

describe('home transactions-per-hour chart', () => {
  it('has axes: hour labels under the bars and a count scale', async () => {
    const graph = [point(17, 2, 0.001), point(18, 0, 0), point(19, 6, 0.002)];
    const { container } = renderWithProviders(<StatsStrip data={undefined} graph={graph} graphFailed={false} />);
    expect(await screen.findByText('Hour 19')).toBeInTheDocument();
    // A count tick on the y axis (the top bar is 6).
    const ticks = [...container.querySelectorAll('svg text')].map((t) => t.textContent);
    expect(ticks).toContain('6');
  });
});
