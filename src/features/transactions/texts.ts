import { defineTexts } from '../../lib/i18n';

/** Texts of the transaction screens that common/spec.ts does not hold (it holds titles, tabs, empty texts); the list's own are TX_LIST_TEXTS. */
export const TX_TEXTS = defineTexts('transactions.texts', {
  tiles: {
    transactions24h: 'Transactions (24h)',
    pending1h: 'Pending transactions (1h)',
    fees24h: 'Transaction fees (24h)',
    avgFee24h: 'Avg. transaction fee (24h)',
  },
  tilesLabel: 'Transaction statistics',
  tabsLabel: 'Transaction lists',
  validatedCaption: 'Validated transactions',
  /** The Pending tab's list of the node's pool. */
  pending: {
    caption: "Pending transactions in the node's pool",
    hash: 'Txn hash',
    nonce: 'Nonce',
    firstSeen: 'First seen',
    from: 'From',
    to: 'To',
    value: 'Value',
    maxFee: 'Max fee',
    loadError: "The node's pending pool could not be read. Please try again later.",
    shownOf: (shown: number, total: number) => `The ${shown} most recently seen of ${total} pending transactions.`,
  },
  statsError: 'Statistics are not available right now.',
  detailTabsLabel: 'Transaction details',
  invalidTitle: 'Invalid transaction hash',
  notFoundTitle: 'Transaction not found',
  loadErrorTitle: 'The transaction could not be loaded',
  invalidHint: 'A transaction hash is 0x followed by 64 hexadecimal digits.',
  notFoundHint: 'It may not be mined yet, or not indexed yet. Try again in a few seconds.',
  /** While an unknown hash is re-checked by itself. */
  recheckingHint: 'Checking again every few seconds: this page updates by itself.',
  /** A transaction the node knows before the index does. */
  pendingView: {
    label: 'Pending transaction',
    pending: 'Pending',
    pendingNote: "Waiting in the node's pool to be mined. This page shows the result by itself once it is mined.",
    indexing: (block: number) => `Mined in block ${block}`,
    indexingNote: 'Being indexed. This page shows the full result by itself in a moment.',
    maxFee: 'Max fee',
  },
  /** The heading of what the transaction did, above the overview. */
  actionTitle: 'Transaction action',
  dexDetails: 'DEX Details',
  rawTraceCopy: 'Copy trace',
  rawTraceLabel: 'Raw call trace (JSON)',
  tokenTransfersCaption: 'Token transfers of this transaction',
  internalCaption: 'Internal transactions of this transaction',
  /** When the API gave no reason with a null list (it always does; a fallback). */
  internalUnavailable: 'Internal transactions are not available from this node.',
  pagesLabel: 'Transactions pages',
  detailsLabel: 'Transaction details',
  /** Joins an amount and its recipient: '330 RUSD to 0x…'. */
  to: 'to',
  /** A failed transaction's summary line: 'Failed: Token transfer of 5 RGLD to r… (nothing moved)'. */
  failedSummary: {
    failed: 'Failed:',
    of: 'of',
    nothingMoved: '(nothing moved)',
  },
  internalColumns: {
    type: 'Type',
    from: 'From',
    to: 'To',
    value: 'Value',
    gasUsed: 'Gas used',
    result: 'Result',
    ok: 'OK',
  },
  transferColumns: {
    from: 'From',
    to: 'To',
    amount: 'Amount',
    token: 'Token',
    tokenId: (id: string) => `Token ID ${id}`,
  },
} as const);

/** Row labels of the transaction Details tab. */
export const TX_ROWS = defineTexts('transactions.rows', {
  hash: 'Transaction hash',
  status: 'Status',
  method: 'Method',
  block: 'Block',
  timestamp: 'Timestamp',
  from: 'From',
  to: 'To',
  value: 'Value',
  fee: 'Transaction fee',
  gas: 'Gas limit',
  gasPrice: 'Gas price',
  gasUsage: 'Gas usage',
  nonce: 'Nonce',
  transactionIndex: 'Transaction index',
  tokenAmount: 'Token amount',
  tokenContract: 'Token contract',
  contract: 'Contract',
  tokenReceived: 'Token received',
  createdContract: 'Contract created',
  dexFunction: 'Function',
  dexAmountIn: 'Amount in',
  dexAmountOut: 'Amount out',
  dexPath: 'Swap path',
  dexRecipient: 'Recipient',
  dexMinReceived: 'Min received',
} as const);

export { TX_LIST_TEXTS } from '../../sections/transactions/texts';

/** The Logs tab (and the address page's Events list, which shows the same log cards). */
export { LOG_TEXTS } from '../../ui/logTexts';

/** The modern transaction kinds' rows (EIP-1559 fees, blob fields) and the EIP-7702 authorization list. */
export const TX_KIND_TEXTS = defineTexts('transactions.kinds', {
  rows: {
    txType: 'Transaction type',
    confirmations: 'Confirmations',
    baseFee: 'Base fee per gas',
    maxFee: 'Max fee per gas',
    maxPriorityFee: 'Max priority fee per gas',
    priorityFee: 'Priority fee paid',
    burntFee: 'Burnt fee',
    savedFee: 'Saved fee',
    blobHashes: 'Blob versioned hashes',
    maxFeePerBlobGas: 'Max fee per blob gas',
    blobGasUsed: 'Blob gas used',
    blobGasPrice: 'Blob gas price',
    blobFee: 'Blob fee',
  },
  /** The envelope type (the transaction's `type`) in words. */
  envelope: {
    legacy: 'Legacy',
    accessList: 'Access list (EIP-2930)',
    eip1559: 'EIP-1559',
    blob: 'Blob (EIP-4844)',
    setCode: 'Set code (EIP-7702)',
    unknown: 'Unknown',
  },
  /** 'EIP-1559 (type 2)'. */
  typeValue: (name: string, n: number) => `${name} (type ${n})`,
  /** '12 block confirmations' (the count formatted by the caller). */
  confirmationsValue: (n: string) => `${n} block confirmations`,
  /** '0.05 Gwei per gas' beside the total. */
  perGas: (gwei: string) => `${gwei} Gwei per gas`,
  gwei: (gwei: string) => `${gwei} Gwei`,
  authorizations: {
    title: 'Authorization list (EIP-7702)',
    caption: 'EIP-7702 authorizations of this transaction',
    index: '#',
    authority: 'Authority',
    delegate: 'Delegate',
    chainId: 'Chain ID',
    nonce: 'Nonce',
    validity: 'Applied',
    valid: 'Valid',
    invalid: 'Invalid',
    unknown: 'Not known',
    anyChain: 'any chain',
    cleared: 'cleared (zero address)',
    unrecovered: 'signature does not recover',
    reasons: {
      chain_id: 'another chain',
      nonce: 'wrong nonce',
      signature: 'bad signature',
    },
  },
} as const);
