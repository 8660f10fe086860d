/** Words the shared charts draw themselves (axes, hour labels, the empty state). */
import { defineTexts } from '../../lib/i18n';

export const CHART_UI_TEXTS = defineTexts('ui.charts', {
  countFee: 'Transaction Count & Fees per Hour',
  countAxis: 'Transaction count',
  feeAxis: 'Total fee (RUBY)',
  hourLabel: 'Hour {n}',
  empty: 'No data',
  /** The count-and-fee chart's summary for assistive technology, and an hour's tooltip (count and fee formatted). */
  countSummary: (title: string, total: number, hours: number) => `${title}: ${total} transactions over the last ${hours} hours`,
  countTooltip: (hour: string, count: string, fee: string) => `${hour}: ${count} transactions, fee ${fee} RUBY`,
} as const);
