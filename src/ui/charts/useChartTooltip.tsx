import { TooltipWithBounds, useTooltip } from '@visx/tooltip';
import type { PointerEvent } from 'react';

/**
 * A chart's hover tooltip (@visx/tooltip), positioned inside the chart's `.chart` box (which is
 * position: relative). `bind(x, y, text)` gives the pointer handlers of one mark: a mouse shows it
 * while over the mark, a touch shows it on tap until the next tap elsewhere.
 */
export function useChartTooltip() {
  const t = useTooltip<string>();
  const bind = (x: number, y: number, text: string) => ({
    onPointerEnter: () => t.showTooltip({ tooltipLeft: x, tooltipTop: y, tooltipData: text }),
    onPointerDown: () => t.showTooltip({ tooltipLeft: x, tooltipTop: y, tooltipData: text }),
    onPointerLeave: (e: PointerEvent) => {
      if (e.pointerType === 'mouse') t.hideTooltip();
    },
  });
  /** For the chart's box: a mouse leaving it hides the tooltip (a touch keeps it until the next tap). */
  const container = {
    onPointerLeave: (e: PointerEvent) => {
      if (e.pointerType === 'mouse') t.hideTooltip();
    },
  };
  const element =
    t.tooltipOpen && t.tooltipData ? (
      <TooltipWithBounds
        left={t.tooltipLeft}
        top={t.tooltipTop}
        offsetLeft={10}
        offsetTop={-10}
        unstyled
        applyPositionStyle
        className="chart__tooltip"
      >
        {t.tooltipData}
      </TooltipWithBounds>
    ) : null;
  return { bind, container, hide: t.hideTooltip, element };
}
