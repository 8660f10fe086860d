import { defineTexts, withData } from '../../lib/i18n';

/** The Withdrawals tab (EIP-4895): shown on a block or an address that has any. `tab` is the tab's name (data: the ?tab= slug). */
export const WITHDRAWAL_TEXTS = withData(
  { tab: 'Withdrawals' } as const,
  defineTexts('sections.withdrawals', {
    blockCaption: 'Withdrawals in this block',
    empty: 'No withdrawals',
    loadFailed: 'Withdrawals could not be loaded. Please try again later.',
    pages: 'Withdrawals pages',
  } as const),
);

export const WITHDRAWAL_COLUMNS = defineTexts('sections.withdrawalColumns', {
  index: 'Index',
  validatorIndex: 'Validator index',
  address: 'Address',
  block: 'Block',
  amount: 'Amount',
} as const);
