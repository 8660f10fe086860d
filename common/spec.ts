/**
 * Every user-visible text, constant and limit of the spec (docs/decisions.md#texts, #spec-limits) in one place,
 * so screens import them instead of retyping them and a test can check them letter for letter.
 * Texts are verbatim, with the spec's own casing ('Copied to clipboard!' on home vs 'copied to clipboard!' on detail pages).
 */
import { TX_TYPE } from './txTypes.ts';
import { defineTexts } from './i18n/texts.ts';

// Display texts are declared with defineTexts (namespaces spec.*; Hindi in src/locales/hi/spec.json): the SPA reads
// them in the active language, the server (no translator) in English. Values that are also data (routes, `?tab=`
// slugs, the API's type labels) stay plain; their translated labels are in ./specLabels.ts.
export * from './specLabels.ts';

/** Route patterns (wouter syntax). Build concrete links with src/app/urls.ts, never by hand. */
export const ROUTES = {
  home: '/',
  allTransactions: '/Alltransactions',
  blocks: '/Allblock',
  blocksAlias: '/AllBlock',
  block: '/Block/:blockNumber',
  blockAlias: '/block/:value',
  transaction: '/transaction/:hash',
  address: '/address/:address',
  topAccounts: '/Topaccounts',
  tokens: '/Tokens',
  tokenDetail: '/TokenDetail/:contractAddress',
  verifiedContracts: '/VerifiedRuby',
  contractDetail: '/contractDetail/:contractAddress',
  contractDetailAlias: '/ContractDetail/:contractAddress',
  deployContract: '/Deploycontract',
  rubyWeb3Docs: '/rubyWeb3Docs',
  chart: '/Chart',
  api: '/Api',
  account: '/Account',
  signup: '/Signup',
  wallet: '/Wallet/:userEmail',
  dashboard: '/Dashboard',
  dashboardUser: '/Dashboard/:userEmail',
  issueForm: '/IssueForm',
  featureRequest: '/Featurerequest',
  terms: '/TermsAndConditions',
  privacy: '/PrivacyPolicy',
  invalidInput: '/Invalidinput',
  searchToken: '/SearchToken',
  aa: '/aa',
  /** Ours: Verify & Publish a contract's source. */
  verifyContract: '/VerifyContract/:address',
  /** Ours: the footer's Gas Tracker item opens it. */
  gasTracker: '/GasTracker',
  /** Ours: the logged-in user's watchlist and its alerts. */
  watchlist: '/Watchlist',
  advancedFilter: '/advanced-filter', // ours: transactions, internal and token transfers filtered together
  /** Ours: EIP-3091 wallet links; the server moves them (301) to the transaction and token pages (server/api/pageStatus.ts). */
  txAlias: '/tx/:hash',
  tokenAlias: '/token/:address',
} as const;

export type RouteName = keyof typeof ROUTES;

/** Header links after the logo, in the spec's order. `route` names a key of ROUTES. */
export const HEADER_LINKS = [
  { label: 'Transactions', route: 'allTransactions' },
  { label: 'Blocks', route: 'blocks' },
  { label: 'Top accounts', route: 'topAccounts' },
  { label: 'Deploy contract', route: 'deployContract' },
  { label: 'Verified contracts', route: 'verifiedContracts' },
  { label: 'rubyWeb3 Docs', route: 'rubyWeb3Docs' },
  { label: 'Tokens', route: 'tokens' },
  { label: 'Charts & stats', route: 'chart' },
  { label: 'Api', route: 'api' },
  { label: 'My Account', route: 'account' },
] as const satisfies readonly { label: string; route: RouteName }[];

export const APP_NAME = 'Ruby Explorer';
export const COIN_SYMBOL = 'RUBY';
/** Shown for an absent or unreadable value (never a made-up '0'). */
export const NO_VALUE = '—';

/** Titles the screens show (docs/decisions.md#spec-screens; where the spec names none, the screen's name). */
export const SCREEN_TITLES = defineTexts('spec.screenTitles', {
  home: 'Ruby Blockchain Explorer',
  allTransactions: 'Ruby transactions',
  blocks: 'Blocks',
  block: 'Block #',
  transaction: 'Transaction Detail',
  address: 'Address',
  topAccounts: 'Top accounts',
  tokens: 'Verified Ruby Tokens',
  tokenDetail: 'Token',
  verifiedContracts: 'Verified Ruby contracts',
  contractDetail: 'Contract',
  deployContract: 'Deploy contract',
  rubyWeb3Docs: 'rubyWeb3 Docs',
  chart: 'Charts & stats',
  api: 'API documentation',
  account: 'Login',
  signup: 'Sign up',
  wallet: 'Wallet access',
  dashboard: 'Overview',
  issueForm: 'Report issue',
  featureRequest: 'Feature request',
  terms: 'Terms and Conditions',
  privacy: 'Privacy Policy',
  invalidInput: 'No results found',
  searchToken: 'Search token',
  verifyContract: 'Verify & Publish contract source',
  gasTracker: 'Gas Tracker',
  watchlist: 'Watchlist',
  advancedFilter: 'Advanced filter',
} as const);

/** Tab sets (docs/decisions.md#spec-states), first entry is the default. */
export const TABS = {
  allTransactions: ['Validated', 'Pending', 'Blob txns'],
  transaction: ['Details', 'Token transfers', 'Internal txns', 'Raw trace'],
  block: ['Details', 'Transactions', 'Blob txns'],
  blocks: ['All', 'Forked', 'Uncles'],
  address: ['Transactions', 'Tokens', 'Token transfers', 'Internal txns'],
  token: ['Token transfers', 'Internal txns', 'Contract'],
  contract: ['Internal txns', 'Contract', 'Token'],
  dashboard: ['Recent Transactions', 'Tokens', 'Token Transactions'],
  apiDocs: ['Wallet', 'Transaction', 'Token', 'Block', 'Contract'],
} as const;

export const EMPTY_TEXTS = defineTexts('spec.empty', {
  loading: 'Loading...',
  noTrx: 'No Trx available',
  noTokens: 'No tokens available',
  noPending: 'No pending transactions found.',
  noBlob: 'No blob transactions found.',
  noInternal: 'There are no internal transactions for this transaction.',
  noTokenTransfers: 'There are no token transfers.',
  noForked: 'No Forked transactions',
  noUncles: 'No Uncles transactions',
  noTransactions: 'No transactions found',
  noBlobTxns: 'No Blob txns',
  noResults: 'No results found',
  noTokensFound: 'No tokens found',
} as const);

/** Copy toasts (docs/decisions.md#spec-errors) with their auto-clear times (docs/decisions.md#spec-limits). */
export const COPY_TOASTS = defineTexts('spec.copyToasts', {
  home: { text: 'Copied to clipboard!', ms: 5000 },
  detail: { text: 'copied to clipboard!', ms: 2000 },
  api: { text: 'URL copied to clipboard', ms: 5000 },
} as const);
export type CopyToastKind = keyof typeof COPY_TOASTS;

/** Messages of the flows and errors (docs/decisions.md#spec-states, #spec-errors). `{x}` marks a value filled in with fillMessage(). */
export const MESSAGES = defineTexts('spec.messages', {
  loggedOut: 'Successfully logged out!',
  loginRequired: 'Email and password are required.',
  loginSuccess: 'Login successful!',
  walletNotLinked: 'wallet not linked: {msg}',
  signupRequired: 'All fields are required.',
  registrationFailed: 'Registration failed: {result}',
  error: 'Error: {message}',
  createWalletFailed: 'Failed to create wallet: {message}',
  createWalletError: 'Error creating wallet: {message}',
  linkWalletFailed: 'Link wallet failed: {msg}',
  linkWalletFailedResponse: 'Link wallet failed: {message}',
  copyKeyFirst: 'Please copy the private key before confirming to link the wallet.',
  keyCopied: 'Copied!',
  transactionFailed: 'Transaction failed',
  transactionSuccess: 'Transaction successful',
  tokenTransactionSuccess: 'Token Transaction successful',
  transactionPending: 'Transaction initiated please wait a few seconds...',
  tokenAdded: 'Token Add Successfully',
  tokenAddFailed: 'Failed to import token address',
  requestSubmitted: 'Request successfully submitted',
  deployFillAll: 'Please fill in all fields.',
  deployNoAddress: 'No contract address returned from server.',
  deployUploadError: 'Error uploading file: No response from server.',
  deployCopyFailed: 'Failed to copy contract address: {reason}',
  deploySuccess: 'Contract deployed successfully',
  deploying: 'Deploying...',
  fetchTransactionError: 'Error fetching transaction data',
  fetchBlockError: 'Error fetching block data',
  fetchTokenError: 'Error fetching token data',
} as const);

/** Fills `{name}` placeholders of a MESSAGES entry. */
export function fillMessage(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/** Generic application error page for unknown routes (what a router's default page says). */
export const ERROR_PAGE = defineTexts('spec.errorPage', {
  title: 'Unexpected Application Error!',
  notFound: '404 Not Found',
  chunkFailed: 'This page could not be loaded.',
  retry: 'Retry',
  home: 'Back to home',
} as const);

export const SEARCH = defineTexts('spec.search', {
  title: 'Ruby Blockchain Explorer',
  placeholder: 'Search by address / txn hash / block / token...',
  button: 'Search',
  recent: 'Recent',
  clearAll: 'Clear all',
  historySize: 5,
  nameThreshold: 20,
  walletTokenThreshold: 10,
  echoLead: 20,
  echoDots: '......',
  echoTail: 4,
  blurDelayMs: 200,
} as const);

export const PAGE_SIZE = 20;
export const PAGE_SIZES = {
  default: 20,
  dashboardInternal: 200,
  tokenTransfers: 200,
  topAccountsChart: 30,
} as const;

export const HOME = defineTexts('spec.home', {
  latestBlocks: 4,
  latestTokens: 8,
  latestTokensMobile: 5,
  avgBlockTimeUnit: 's',
  gasTrackerEmpty: '0 Ruby',
} as const);

/** Relative-age thresholds in seconds and the refresh period. */
export const AGE = { minute: 60, hour: 3600, day: 86400, refreshMs: 1000 } as const;

export const TIMING = {
  logoutAlertMs: 3000,
  blurDelayMs: 200,
  addressToastMs: 2000,
  toastMs: 5000,
  transitionMs: 300,
  tickMs: 1000,
} as const;

export const DECIMALS = { list: 5, fee: 5, detail: 6, usd: 2, gasFee: 5, weiDecimals: 18 } as const;

export const RUPEE_PER_USD = 87;
export const TOTAL_SUPPLY = 271822351;
export const QR_SIZE = 256;

/** Countdown banner target: 29 December of the current year (month is 0-based, as in Date). */
export const COUNTDOWN = defineTexts('spec.countdown', { month: 11, day: 29, labels: ['Days', 'Hours', 'Minutes', 'Seconds'] } as const);

export const LEGAL_DATE = '07-11-2024';

/** Transaction type codes → labels (docs/decisions.md#spec-entities / token detail). */
export const TX_TYPE_LABELS = {
  [TX_TYPE.coinTransfer]: 'Coin transfer',
  [TX_TYPE.contractCreate]: 'Contract Create',
  [TX_TYPE.tokenTransfer]: 'Token transfer',
  [TX_TYPE.contractCall]: 'Contract Call',
} as const;
export const TX_TYPE_UNKNOWN = 'Unknown';

export const STATUS = defineTexts('spec.status', {
  success: 'Success',
  failed: 'Failed',
  successLower: 'success',
  failedLower: 'failed',
} as const);

/** Explorer lists: First, ‹ (Previous), the page, › (Next). The wallet dashboard: Prev, the page, Next. */
export const PAGINATION = defineTexts('spec.pagination', {
  first: 'First',
  previous: 'Previous',
  next: 'Next',
  prev: 'Prev',
  page: 'Page {page}',
  pageOf: 'Page {page} of {pages}',
} as const);

export const CONTRACT_TYPES = { token: 'RBC20', dapp: 'DApp' } as const;

export const FOOTER = defineTexts('spec.footer', {
  about: 'Ruby Explorer is a tool for inspecting and analysing RVM based blockchains.',
  whitepaper: 'Whitepaper',
  android: 'Android app',
  terms: 'Terms and Conditions',
  privacy: 'Privacy Policy',
  issue: 'Report issue',
  feature: 'Feature request',
  api: 'Api',
  gasTracker: 'Gas Tracker',
  charts: 'Charts & stats',
} as const);

export const HEADER = defineTexts('spec.header', {
  price: 'Ruby price',
  gasFee: 'Gas fee',
  android: 'Android app',
  logout: 'Logout',
  unknownValue: '...',
  indexing: 'Indexing block {n} of {m} ({p}%)',
  countdownTitle: 'Countdown to 29 December',
} as const);
