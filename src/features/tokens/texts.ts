/** Texts of the token detail screen that spec.ts does not hold (labels, errors). */
export const TOKEN_TEXTS = {
  /** The Holders tab (issue #25), after the spec's tabs. */
  holdersTab: {
    tab: 'Holders',
    caption: 'Holders of the token, largest first',
    pages: 'Holders pages',
    rank: 'Rank',
    address: 'Address',
    quantity: 'Quantity',
    percentage: 'Percentage',
    empty: 'No holders found',
  },
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
} as const;
