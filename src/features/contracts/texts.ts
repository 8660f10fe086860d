import { CODE_TEXTS } from '../../sections/contract/codeTexts';

export { CATALOGUE_TEXTS } from '../../sections/catalogue/texts';

/** Texts of the contract screens that spec.ts does not hold (labels, errors, notes). */
export const CONTRACT_TEXTS = {
  ...CODE_TEXTS,
  /** Tabs added to the spec's (issue #25 item 11): Transactions (the default) and Events. */
  transactionsTab: 'Transactions',
  eventsTab: 'Events',
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
} as const;
