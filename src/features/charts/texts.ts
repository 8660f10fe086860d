/**
 * Texts of the charts page. The titles the spec names are copied letter for letter; it leaves
 * three charts unnamed (token transactions, latest token deploys, latest contract deploys).
 */
export const CHART_TITLES = {
  countFee: 'Transaction Count & Fees per Hour',
  perHour: 'Transactions Per Hour',
  feesPerHour: 'Transaction Fees per Hour',
  feeDoughnut: 'Transaction Fee',
  topAccounts: 'Top Account Balances',
  blocks: 'Block Transaction',
  tokenTransactions: 'Token Transactions',
  tokenDeploys: 'Latest Token Deploys',
  contractDeploys: 'Latest Contract Deploys',
  contractTransactions: 'Contract Transactions Over Time',
} as const;
export type ChartId = keyof typeof CHART_TITLES;

export const CHART_TEXTS = {
  intro:
    'Activity of the Ruby chain: the last 24 hours by hour (UTC), the latest blocks, the richest accounts, and deployments over the last 14 days.',
  /** Spec: the top-accounts tooltip. */
  balanceTooltip: 'Balance: {n}',
  dataTable: 'Data of the chart',
  noFees: 'No fees',
  /** The fee doughnut when only one hour had fees: a single value, said in words. */
  allFeesIn: (hour: string, fees: string) => `All ${fees} RUBY of fees in the last 24 hours were paid in ${hour}.`,
  columns: {
    hour: 'Hour (UTC)',
    transactions: 'Transactions',
    fee: 'Total fee (RUBY)',
    rank: 'Rank',
    address: 'Address',
    balance: 'Balance (RUBY)',
    block: 'Block',
    day: 'Day (UTC)',
    deployments: 'Deployments',
  },
} as const;

/** Logged (only) when a chart call fails (docs/decisions.md#spec-errors). */
export const CHART_ERROR = 'Error fetching chart data';

/** How long the live chart waits for the channel's first answer before asking REST. */
export const LIVE_FIRST_ANSWER_MS = 5_000;
