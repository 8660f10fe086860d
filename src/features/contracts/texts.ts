import { defineTexts, withData } from '../../lib/i18n';
import { CODE_TEXTS } from '../../sections/contract/codeTexts';

export { CATALOGUE_TEXTS } from '../../sections/catalogue/texts';

/**
 * Texts of the contract screens that spec.ts does not hold (labels, errors, notes), with the code
 * view's (CODE_TEXTS). The tabs added to the spec's, Transactions (the default)
 * and Events, are names (data: the ?tab= slug).
 */
export const CONTRACT_TEXTS = withData(
  withData({ transactionsTab: 'Transactions', eventsTab: 'Events' } as const, CODE_TEXTS),
  defineTexts('contracts.texts', {
    transactionsPages: 'Transactions pages',
    transactionsCaption: 'Transactions of the contract',
    overview: 'Overview',
    name: 'Name',
    balance: 'Balance',
    creator: 'Creator',
    transactions: 'Transactions',
    type: 'Type',
    unnamed: 'Unnamed contract',
    invalid: 'Invalid contract address: an address is r or 0x followed by 40 hex digits.',
    notFound: 'Contract not found: no contract is known at this address.',
    loadFailed: 'The contract could not be loaded. Please try again later.',
    internalCaption: 'Internal transactions of the contract',
    tokensCaption: 'Tokens held by the contract',
    nft: 'NFT',
    tabsLabel: 'Contract details',
  } as const),
);
