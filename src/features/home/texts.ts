/**
 * Texts of the home page that common/spec.ts does not hold. The spec's own words ('Latest
 * Blocks', 'View all blocks', 'Txn: ', 'Validator: ', ...) are copied letter for letter.
 */
import { LIVE_LIST_ROWS } from '../../../common/api/liveLists';
import { defineTexts } from '../../lib/i18n';
import { CHART_UI_TEXTS } from '../../ui/charts/texts';

export const HOME_TEXTS = defineTexts('home.texts', {
  tiles: {
    caption: 'Network statistics',
    totalBlocks: 'Total blocks',
    avgBlockTime: 'Avg. block time',
    totalTransactions: 'Total Transaction',
    walletAddresses: 'Wallet addresses',
    gasTracker: 'Gas tracker',
  },
  strip: {
    caption: 'Market and activity',
    perHourChart: 'Transactions Per Hour',
    daily: 'Daily transactions',
    dailyHint: '24h',
    price: 'Ruby price',
    marketCap: 'View Market Cap',
  },
  latestTransactions: 'Latest Transactions',
  viewAllTransactions: 'View all Transactions',
  latestBlocks: 'Latest Blocks',
  viewAllBlocks: 'View all blocks',
  blockTitle: ({ n }: { n: string }) => `Block #${n}`,
  txnCount: ({ n }: { n: string }) => `Txn: ${n}`,
  validator: 'Validator: ',
  blockChart: 'Block Transaction',
  blockChartSummary: ({ title, n }: { title: string; n: number }) => `${title}: transactions in each of the latest ${n} blocks`,
  blockAxis: 'Block',
  tokenTransactions: 'Token Transactions',
  viewTokenTransactions: 'View Token Transactions',
  contractTransactions: 'Contract Transactions',
  viewAllContractTransactions: 'View all Contract Transactions',
  latestToken: 'Latest Token',
  viewAllTokens: 'View all Tokens',
  latestContract: 'Latest Contract',
  viewAllContract: 'View all Contract',
  noContracts: 'No contracts available',
  valueSuffix: ({ n }: { n: string }) => `${n} Value`,
  feeSuffix: ({ n }: { n: string }) => `${n} Fee`,
  columns: {
    hash: 'Txn Hash',
    type: 'Type',
    age: 'Age',
    from: 'From',
    to: 'To',
    status: 'Status',
    value: 'Value',
    fee: 'Fee',
    contract: 'Contract',
    name: 'Name',
  },
  status: {
    caption: 'Live status',
    live: 'Live',
    latest: ({ n }: { n: string }) => `latest block #${n}`,
    connecting: 'Connecting to the live feed...',
    offline: 'Live feed disconnected, reconnecting...',
    waiting: 'Waiting for the first block...',
    nodeDown: ({ n }: { n: string }) => `Not live: the node is not answering; latest indexed block #${n}`,
  },
} as const);

/** 'Transaction Count & Fees per Hour': the shared chart's title (src/ui/charts/texts.ts), read while rendering. */
export function countFeeChartTitle(): string {
  return CHART_UI_TEXTS.countFee;
}

/** Logged (only) when a home call fails (docs/decisions.md#spec-errors). */
export const HOME_ERRORS = {
  home: 'Error fetching home data',
  chart: 'Error fetching chart data',
  blocks: 'Error fetching block data',
  transactions: 'Error fetching transaction data',
  tokens: 'Error fetching token data',
  contracts: 'Error fetching contract data',
} as const;

/** Rows of the Latest Transactions table: the rows the live channel sends (/getHomeScreen sends 20). */
export const LATEST_TRANSACTION_ROWS = LIVE_LIST_ROWS;
/** Fewer on phones, where each row is a tall card. */
export const LATEST_TRANSACTION_ROWS_MOBILE = 5;
