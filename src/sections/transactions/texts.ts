/** Texts of the transaction list (address, block, contract and all-transactions pages); TX_TEXTS spreads them. */
export const TX_LIST_TEXTS = {
  /** Column headers of the address and contract lists' additions. */
  method: 'Method',
  direction: 'Direction',
  listError: 'Transactions could not be loaded. Please try again later.',
} as const;
