import type { TickRendererProps } from '@visx/axis';

/**
 * Axis texts as plain SVG `<text>`. visx's axes draw each tick label and axis label with its
 * `<Text>`, which measures every word through a hidden SVG element (`getComputedTextLength`, a
 * forced layout of the page each time it is dirty) even when nothing wraps: on the home page at
 * a phone's CPU that was the largest script cost between the data arriving and the charts on
 * screen. Our labels are one line, so nothing needs measuring; the placement is the
 * same as `<Text>`'s (its default vertical anchor puts the baseline at y, then dx / dy).
 */
export function plainTick({ formattedValue, x, y, dx, dy, textAnchor, fontSize, fontFamily, fill, className }: TickRendererProps) {
  return (
    <text x={x} y={y} dx={dx} dy={dy} textAnchor={textAnchor} fontSize={fontSize} fontFamily={fontFamily} fill={fill} className={className}>
      {formattedValue}
    </text>
  );
}

/** Distance from the axis line to its tick labels' far side: visx's default tick length (8). */
const TICK_LENGTH = 8;

/**
 * A vertical axis's label, rotated along it as visx places it (`getLabelTransform`): `side` left
 * reads bottom to top, right top to bottom; `offset` is visx's labelOffset; inside the axis's
 * group (so a right axis's label goes in a group at the plot's right edge).
 */
export function AxisLabel({
  side,
  plotHeight,
  offset,
  children,
}: {
  side: 'left' | 'right';
  plotHeight: number;
  offset: number;
  children: string;
}) {
  const sign = side === 'left' ? -1 : 1;
  return (
    <text
      x={sign * (plotHeight / 2)}
      y={-(TICK_LENGTH + offset)}
      transform={`rotate(${sign * 90})`}
      textAnchor="middle"
      className="visx-axis-label chart__axis-label"
    >
      {children}
    </text>
  );
}
