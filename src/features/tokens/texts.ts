import { defineTexts, withData } from '../../lib/i18n';

/** The Holders tab, after the spec's tabs. `tab` is the tab's name (data: the ?tab= slug). */
const HOLDERS_TAB_TEXTS = withData(
  { tab: 'Holders' } as const,
  defineTexts('tokens.holders', {
    caption: 'Holders of the token, largest first',
    pages: 'Holders pages',
    rank: 'Rank',
    address: 'Address',
    quantity: 'Quantity',
    percentage: 'Percentage',
    empty: 'No holders found',
  } as const),
);

/** Texts of the token detail screen that spec.ts does not hold (labels, errors). */
export const TOKEN_TEXTS = withData(
  { holdersTab: HOLDERS_TAB_TEXTS },
  defineTexts('tokens.texts', {
    overview: 'Overview',
    name: 'Name',
    symbol: 'Symbol',
    balance: 'Balance',
    totalSupply: 'Total supply',
    creator: 'Creator',
    transactions: 'Transactions',
    transfers: 'Transfers',
    holders: 'Holders',
    decimals: 'Decimals',
    invalid: 'Invalid token address: an address is r or 0x followed by 40 hex digits.',
    notFound: 'Token not found: no RBC20 token is known at this address.',
    loadFailed: 'The token could not be loaded. Please try again later.',
    transfersCaption: 'Transfers of the token',
    internalCaption: 'Internal transactions of the token contract',
    tabsLabel: 'Token details',
    transfersPages: 'Token transfers pages',
  } as const),
);
