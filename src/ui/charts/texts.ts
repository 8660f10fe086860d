/** Words the shared charts draw themselves (axes, hour labels, the empty state). */
import { defineTexts } from '../../lib/i18n';

export const CHART_UI_TEXTS = defineTexts('ui.charts', {
  countFee: 'Transaction Count & Fees per Hour',
  countAxis: 'Transaction count',
  feeAxis: 'Total fee (RUBY)',
  hourLabel: 'Hour {n}',
  empty: 'No data',
} as const);
