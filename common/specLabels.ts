/**
 * Translated labels of spec values that are also data. TABS values are `?tab=` slugs and
 * HEADER_LINKS' routes are keys; TX_TYPE_LABELS is what the API sends (transactionType, the CSV
 * export): those stay English in common/spec.ts, and the SPA shows these labels for them.
 */
import { defineTexts } from './i18n/texts.ts';
import { TX_TYPE } from './txTypes.ts';

/** The header links' labels by route (HEADER_LINKS' English labels, in the active language). */
export const HEADER_LINK_LABELS = defineTexts('spec.headerLinks', {
  allTransactions: 'Transactions',
  blocks: 'Blocks',
  topAccounts: 'Top accounts',
  deployContract: 'Deploy contract',
  verifiedContracts: 'Verified contracts',
  rubyWeb3Docs: 'rubyWeb3 Docs',
  tokens: 'Tokens',
  chart: 'Charts & stats',
  api: 'Api',
  account: 'My Account',
} as const);

/** The label of every TABS value (the value itself is the `?tab=` slug and stays English). */
const TAB_SOURCE = {
  Validated: 'Validated',
  Pending: 'Pending',
  BlobTxns: 'Blob txns',
  Details: 'Details',
  TokenTransfers: 'Token transfers',
  InternalTxns: 'Internal txns',
  RawTrace: 'Raw trace',
  Transactions: 'Transactions',
  All: 'All',
  Forked: 'Forked',
  Uncles: 'Uncles',
  Tokens: 'Tokens',
  Contract: 'Contract',
  Token: 'Token',
  RecentTransactions: 'Recent Transactions',
  TokenTransactions: 'Token Transactions',
  Wallet: 'Wallet',
  Transaction: 'Transaction',
  Block: 'Block',
  // Tabs the pages add to the spec's sets (their values, e.g. LOG_TEXTS.tab, are slugs too).
  Logs: 'Logs',
  State: 'State',
  CallTree: 'Call tree',
  Events: 'Events',
  Holders: 'Holders',
  Inventory: 'Inventory',
  NFTs: 'NFTs',
  Withdrawals: 'Withdrawals',
  Approvals: 'Approvals',
} as const;
const TAB_TEXTS = defineTexts('spec.tabs', TAB_SOURCE);
type TabKey = keyof typeof TAB_SOURCE;
/** English tab value → its text's key (the English source is plain data, readable in any language). */
const TAB_KEYS = new Map<string, TabKey>((Object.entries(TAB_SOURCE) as [TabKey, string][]).map(([key, english]) => [english, key]));

/** A tab's label in the active language: a TABS value translated, any other value (already a text) as it is. */
export function tabLabel(value: string): string {
  const key = TAB_KEYS.get(value);
  return key === undefined ? value : TAB_TEXTS[key];
}

/** Transaction type labels for the screen (TX_TYPE_LABELS in spec.ts is the API's English). */
const TX_TYPE_SOURCE = {
  [TX_TYPE.coinTransfer]: 'Coin transfer',
  [TX_TYPE.contractCreate]: 'Contract Create',
  [TX_TYPE.tokenTransfer]: 'Token transfer',
  [TX_TYPE.contractCall]: 'Contract Call',
  unknown: 'Unknown',
  contractCallLower: 'Contract call',
} as const;

export const TX_TYPE_TEXTS = defineTexts('spec.txTypes', TX_TYPE_SOURCE);
type TxTypeKey = keyof typeof TX_TYPE_SOURCE;
const TX_TYPE_BY_ENGLISH = new Map<string, TxTypeKey>(
  (Object.entries(TX_TYPE_SOURCE) as [string, string][]).map(([key, english]) => [english, key as TxTypeKey]),
);

/** The API's English transaction type ('Coin transfer') in the active language; anything else as it is. */
export function txTypeText(english: string): string {
  const key = TX_TYPE_BY_ENGLISH.get(english);
  return key === undefined ? english : TX_TYPE_TEXTS[key];
}
