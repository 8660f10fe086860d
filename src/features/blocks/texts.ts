import { defineTexts } from '../../lib/i18n';

/** Texts of the block screens that common/spec.ts does not hold (it holds titles, tabs, empty texts). */
export const BLOCK_TEXTS = defineTexts('blocks.texts', {
  listCaption: 'Blocks',
  tabsLabel: 'Block lists',
  detailTabsLabel: 'Block details',
  blockTxCaption: 'Transactions in this block',
  listError: 'Blocks could not be loaded. Please try again later.',
  invalidTitle: 'Invalid block',
  notFoundTitle: 'Block not found',
  loadErrorTitle: 'The block could not be loaded',
  invalidHint: 'Use a block number (e.g. 1234) or a block hash (0x followed by 64 hexadecimal digits).',
  invalidValue: (value: string) => `“${value}” is not a block number or a block hash.`,
  notFoundHint: 'It may not be mined yet, or not indexed yet.',
  validator: 'Validator',
  previousBlock: 'Previous block',
  nextBlock: 'Next block',
  /** '{n} transactions in this block' (spec: transaction count 'in this block'). */
  txCount: (n: number) => `${n} transaction${n === 1 ? '' : 's'} in this block`,
  noBlocks: 'No blocks have been indexed yet.',
  liveNote: 'New blocks appear here as they are mined.',
  pagesLabel: 'Blocks pages',
  /** The block page's Size row: '4,837 bytes'. */
  sizeBytes: (size: string) => `${size} bytes`,
} as const);

export const BLOCK_COLUMNS = defineTexts('blocks.columns', {
  block: 'Block',
  size: 'Size bytes',
  validator: 'Validator',
  txn: 'Txn',
  gasUsed: 'Gas used',
  age: 'Age',
} as const);

export const BLOCK_ROWS = defineTexts('blocks.rows', {
  height: 'Block height',
  size: 'Size',
  timestamp: 'Timestamp',
  transactions: 'Transactions',
  validator: 'Validator',
  gasUsed: 'Gas used',
  gasLimit: 'Gas limit',
  baseFeePerGas: 'Base fee per gas',
  /** Base fee × gas used, and the priority fees the producer received. */
  burntFees: 'Burnt fees',
  reward: 'Block reward (priority fees)',
  difficulty: 'Difficulty',
  totalDifficulty: 'Total difficulty',
  hash: 'Hash',
  parentHash: 'Parent hash',
  nonce: 'Nonce',
} as const);

export { WITHDRAWAL_COLUMNS, WITHDRAWAL_TEXTS } from '../../sections/withdrawals/texts';
