/**
 * The chart boxes' heights live twice (issue #17: no style attribute in a page the server
 * renders): CHART_HEIGHTS draws each chart, charts.css sizes its box, wide and under 768 px. A
 * chart drawn at another height than its box would be cut or leave a gap: they must agree.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHART_HEIGHTS, type ChartSize } from '../../../../src/ui/charts/ChartBox';

const css = fs.readFileSync(path.join(import.meta.dirname, '../../../../src/ui/charts/charts.css'), 'utf8');
const mediaAt = css.indexOf('@media (max-width: 767.98px)');
const heightsIn = (text: string) =>
  Object.fromEntries([...text.matchAll(/\.chart-box--(\w+)\s*\{\s*height:\s*(\d+)px;\s*\}/g)].map((m) => [m[1], Number(m[2])]));

describe('chart box heights', () => {
  const wide = heightsIn(css.slice(0, mediaAt));
  const narrow = { ...wide, ...heightsIn(css.slice(mediaAt, css.indexOf('}\n}', mediaAt) + 3)) };

  it.each(Object.keys(CHART_HEIGHTS) as ChartSize[])('%s: the stylesheet has the heights the chart is drawn at', (size) => {
    expect(mediaAt).toBeGreaterThan(0);
    expect({ wide: wide[size], narrow: narrow[size] }).toEqual(CHART_HEIGHTS[size]);
  });
});
