import { defineTexts, withData } from '../../lib/i18n';
import { EVENTS_TEXTS } from '../../sections/addresses/texts';

/** Texts of the address and top-accounts screens that spec.ts does not hold (labels, errors). */
export const ADDRESS_TEXTS = withData(
  /** The Events tab (contracts): the logs the contract emitted. */
  { events: EVENTS_TEXTS },
  defineTexts('addresses.texts', {
    overview: 'Overview',
    balance: 'Balance',
    transactions: 'Transactions',
    gasUsed: 'Gas used',
    lastBalanceUpdate: 'Last balance update',
    firstTransaction: 'First transaction',
    lastTransaction: 'Last transaction',
    tokenHoldings: 'Token holdings',
    /** The token-holdings summary: '3 tokens', '2 tokens, 1 NFT collection', 'None'. */
    holdings: (tokens: number, nfts: number) => {
      const parts = [
        tokens > 0 ? `${tokens} token${tokens === 1 ? '' : 's'}` : null,
        nfts > 0 ? `${nfts} NFT collection${nfts === 1 ? '' : 's'}` : null,
      ].filter(Boolean);
      return parts.length === 0 ? 'None' : parts.join(', ');
    },
    /** The balance's US dollar value at the header's price. */
    usdValue: (usd: string) => `≈ $${usd}`,
    /** 'Block 1234' (the last balance update's link). */
    blockNumber: (n: number) => `Block ${n}`,
    invalid: 'Invalid address: an address is r or 0x followed by 40 hex digits.',
    loadFailed: 'The address could not be loaded. Please try again later.',
    tokenContract: 'This address is a token contract.',
    dappContract: 'This address is a contract.',
    viewToken: 'View token',
    viewContract: 'View contract',
    /** Direct links to the Contract tab's views. */
    contractViews: { label: 'Contract code, read and write', code: 'Code', read: 'Read contract', write: 'Write contract' },
    /** The contract link's marks, from the counters answer: a verified source, a proxy. */
    verifiedMark: 'Source verified',
    proxyMark: 'Proxy',
    tabsLabel: 'Address details',
    /** A link to an optional tab (?tab=events) the address has no rows for: what shows instead. */
    deadEnd: (tab: string) => `This address has no ${tab}, so its transactions are shown.`,
    transactionsPages: 'Transactions pages',
    transfersPages: 'Token transfers pages',
    captions: {
      transactions: 'Transactions of the address',
      tokens: 'Tokens held by the address',
      tokenTransfers: 'Token transfers of the address',
      internal: 'Internal transactions of the address',
      withdrawals: 'Withdrawals credited to the address',
      events: 'Events emitted by the contract, newest first',
    },
  } as const),
);

/** The address page's NFTs tab. `tab` is the tab's name (data: the ?tab= slug). */
export const NFTS_TEXTS = withData(
  { tab: 'NFTs' } as const,
  defineTexts('addresses.nfts', {
    caption: 'NFTs the address holds, latest received first',
    pages: 'NFTs pages',
    collection: 'Collection',
    tokenId: 'Token ID',
    amount: 'Amount',
    received: 'Received in',
    age: 'Age',
    metadata: 'Metadata URI',
    empty: 'No NFTs found',
  } as const),
);

export const TOP_ACCOUNTS_TEXTS = defineTexts('addresses.topAccounts', {
  intro: 'Accounts ranked by RUBY balance, with each balance as a percentage of the total supply.',
  caption: 'Top accounts by balance',
  rank: 'Rank',
  address: 'Address',
  balance: 'Balance',
  percentage: 'Percentage',
  empty: 'No accounts found',
  loadFailed: 'Top accounts could not be loaded. Please try again later.',
  pages: 'Top accounts pages',
} as const);

/** An account's EIP-7702 delegation (the badge beside the address) and its history. */
export const DELEGATION_TEXTS = defineTexts('addresses.delegation', {
  badge: 'Delegated to',
  badgeLabel: 'EIP-7702 delegation of this account',
  historyTitle: 'Delegation history (EIP-7702)',
  caption: 'Changes of this account’s EIP-7702 delegation, newest first',
  change: 'Change',
  delegate: 'Delegate',
  block: 'Block',
  transaction: 'Transaction',
  set: 'Set',
  cleared: 'Cleared',
} as const);
