/**
 * The charts' axes draw their texts as plain SVG <text> (src/ui/charts/axisText.tsx): visx's
 * <Text> measured every word through a hidden SVG element (a forced layout each), the largest
 * script cost of the home page's charts at a phone's CPU (issue #17).
 */
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import CountFeeLineChart from '../../../../src/ui/charts/CountFeeLineChart';
import SimpleBarChart from '../../../../src/ui/charts/SimpleBarChart';
import { CHART_UI_TEXTS } from '../../../../src/ui/charts/texts';

const points = Array.from({ length: 24 }, (_, hour) => ({
  _id: hour,
  hour,
  count: hour * 3,
  totalFee: hour / 1000,
  totalFeeWei: String(hour * 1e15),
  createdAt: new Date(Date.UTC(2026, 10, 27, hour)).toISOString(),
  timestamp: Date.UTC(2026, 10, 27, hour) / 1000,
}));

describe('chart axes', () => {
  it('label the ticks with one <text> each, no nested <svg> or <tspan>, placed like visx placed them', () => {
    const { container } = render(
      <SimpleBarChart
        data={points.map((p) => ({ key: String(p.hour), label: `${p.hour}:00`, value: p.count, title: '' }))}
        width={600}
        height={200}
        summary="bars"
      />,
    );
    const ticks = [...container.querySelectorAll('.visx-axis-tick text')];
    expect(ticks.length).toBeGreaterThan(4);
    expect(container.querySelectorAll('svg svg, tspan')).toHaveLength(0);
    const left = container.querySelector('.visx-axis-left .visx-axis-tick text');
    expect(left?.getAttribute('text-anchor')).toBe('end');
    expect(left?.getAttribute('dx')).toBe('-0.25em');
    expect(left?.getAttribute('dy')).toBe('0.25em');
    const bottom = container.querySelector('.visx-axis-bottom .visx-axis-tick text');
    expect(bottom?.getAttribute('text-anchor')).toBe('middle');
    expect(bottom?.textContent).toMatch(/^\d+:00$/);
  });

  it('put the count and fee axes’ labels along their axes, rotated as before', () => {
    const { container } = render(<CountFeeLineChart points={points} width={700} height={300} />);
    const labels = [...container.querySelectorAll('.visx-axis-label')];
    expect(labels.map((l) => l.textContent)).toEqual([CHART_UI_TEXTS.countAxis, CHART_UI_TEXTS.feeAxis]);
    expect(labels.map((l) => l.getAttribute('transform'))).toEqual(['rotate(-90)', 'rotate(90)']);
    // Centred on the plot's height (300 - 24 legend - 14 top - 30 bottom = 232): x = ∓116.
    expect(labels.map((l) => Number(l.getAttribute('x')))).toEqual([-116, 116]);
    expect(labels.map((l) => Number(l.getAttribute('y')))).toEqual([-42, -44]);
    expect(container.querySelectorAll('svg svg, tspan')).toHaveLength(0);
  });
});
