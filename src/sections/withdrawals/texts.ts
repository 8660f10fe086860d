/** The Withdrawals tab (EIP-4895, issue #28): shown on a block or an address that has any. */
export const WITHDRAWAL_TEXTS = {
  tab: 'Withdrawals',
  blockCaption: 'Withdrawals in this block',
  empty: 'No withdrawals',
  loadFailed: 'Withdrawals could not be loaded. Please try again later.',
} as const;

export const WITHDRAWAL_COLUMNS = {
  index: 'Index',
  validatorIndex: 'Validator index',
  address: 'Address',
  block: 'Block',
  amount: 'Amount',
} as const;
