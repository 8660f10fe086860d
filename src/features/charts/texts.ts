/**
 * Texts of the charts page. The titles the spec names are copied letter for letter; it leaves
 * three charts unnamed (token transactions, latest token deploys, latest contract deploys).
 */
import { defineTexts } from '../../lib/i18n';

export const CHART_TITLES = defineTexts('charts.titles', {
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
} as const);

export const CHART_TEXTS = defineTexts('charts.texts', {
  intro:
    'Activity of the Ruby chain: the last 24 hours by hour (UTC), the latest blocks, the richest accounts, and deployments over the last 14 days.',
  /** Spec: the top-accounts tooltip. */
  balanceTooltip: 'Balance: {n}',
  dataTable: 'Data of the chart',
  noFees: 'No fees',
  /** The fee doughnut when only one hour had fees: a single value, said in words. */
  allFeesIn: (hour: string, fees: string) => `All ${fees} RUBY of fees in the last 24 hours were paid in ${hour}.`,
  /** Screen-reader summaries of the charts (the chart's title comes first). */
  perHourSummary: (title: string, count: number, hours: number) => `${title}: ${count} transactions over the last ${hours} hours`,
  feesSummary: (title: string, fees: string, hours: number) => `${title}: ${fees} RUBY in fees over the last ${hours} hours`,
  doughnutSummary: (title: string, fees: string, hours: number) =>
    `${title}: share of each hour in ${fees} RUBY of fees over the last ${hours} hours`,
  topSummary: (title: string, n: number) => `${title}: balances of the ${n} richest accounts, largest first`,
  blocksSummary: (title: string, n: number) => `${title}: transactions in each of the latest ${n} blocks`,
  bucketSummary: (title: string, count: number, what: string) => `${title}: ${count} ${what}`,
  bucketSpan: (from: string, to: string) => `from ${from} to ${to} (UTC)`,
  /** A fee-line point's tooltip. */
  feeTitle: (hour: string, fees: string) => `${hour}: ${fees} RUBY in fees`,
  /** What a bucket chart counts (its tooltips, summary and table column). */
  counted: {
    tokenTransfers: 'token transfers',
    tokenDeployments: 'token deployments',
    contractDeployments: 'contract deployments',
    contractTransactions: 'contract transactions',
  },
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
} as const);

/** Logged (only) when a chart call fails (docs/decisions.md#spec-errors). */
export const CHART_ERROR = 'Error fetching chart data';

/** How long the live chart waits for the channel's first answer before asking REST. */
export const LIVE_FIRST_ANSWER_MS = 5_000;
