/** Words the shared charts draw themselves (axes, hour labels, the empty state). */
export const CHART_UI_TEXTS = {
  countFee: 'Transaction Count & Fees per Hour',
  countAxis: 'Transaction count',
  feeAxis: 'Total fee (RUBY)',
  hourLabel: 'Hour {n}',
  empty: 'No data',
} as const;
