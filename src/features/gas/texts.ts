/** Texts of the Gas Tracker page (not in the spec, whose footer item led nowhere). */
import { formatCount } from '../../lib/amount';
import { defineTexts } from '../../lib/i18n';

export const GAS_TEXTS = defineTexts('gas.texts', {
  intro:
    'What a transaction pays on this chain now: the base fee of the newest block plus a priority fee. The three levels are the priority fees paid in the latest blocks.',
  levels: { low: 'Low', average: 'Average', high: 'High' },
  levelHints: { low: '25th percentile', average: 'median', high: '75th percentile' },
  priority: 'priority fee',
  transfer: 'A coin transfer (21,000 gas) costs',
  baseFee: 'Base fee',
  newestBlock: 'Newest block',
  sample: (txs: number, blocks: number) => `From ${formatCount(txs)} transactions in the last ${blocks} blocks.`,
  noTransactions: 'No transactions in the latest blocks: the levels show the base fee alone.',
  pending: 'Waiting in the node’s pool',
  pendingLink: 'See the pending transactions',
  chartTitle: 'Base fee per hour, last 24 hours',
  chartSummary: (hours: number) => `Average base fee in Gwei for each of the last ${hours} hours`,
  noHours: 'No blocks in the last 24 hours.',
  loadError: 'The gas figures could not be loaded.',
  /** A bar of the hourly chart: '14:00: 1.0005 Gwei (360 blocks)'. */
  hourBar: (hour: string, fee: string, blocks: number) => `${hour}: ${fee} (${blocks} blocks)`,
} as const);
