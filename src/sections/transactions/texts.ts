import { defineTexts } from '../../lib/i18n';

/** Texts of the transaction list (address, block, contract and all-transactions pages). */
export const TX_LIST_TEXTS = defineTexts('sections.txList', {
  /** Column headers of the address and contract lists' additions. */
  method: 'Method',
  direction: 'Direction',
  listError: 'Transactions could not be loaded. Please try again later.',
  columns: {
    hash: 'Txn hash',
    type: 'Type',
    block: 'Block',
    age: 'Age',
    from: 'From',
    to: 'To',
    value: 'Value',
    fee: 'Fee',
    status: 'Status',
  },
} as const);
