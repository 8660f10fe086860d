/**
 * What the route walk expects on every route of the spec's route list (docs/decisions.md#spec-screens). Paths are written
 * out from the spec (not built with src/app/urls.ts, so a wrong link builder cannot hide a wrong
 * route). Each screen's issue extends its row: more `texts`, a `waitFor` selector for its data,
 * a `finalPath` when the screen redirects (the dashboard without a token goes to /Account).
 */
import { toChecksumHexAddress } from '../../common/address';
import { ERROR_PAGE, LEGAL_DATE, ROUTES, SCREEN_TITLES } from '../../common/spec';
import type { RealValues } from '../helpers/realValues';
import { docPaths } from '../../common/api/paths';
import { WATCHLIST_TEXTS } from '../../src/features/watchlist/texts';

type ByValues<T> = T | ((v: RealValues) => T);

export interface RouteCase {
  /** Unique; names the test and the screenshot file. */
  name: string;
  /** The ROUTES pattern (common/spec.ts) this row covers; null for the unknown route. */
  pattern: string | null;
  path: ByValues<string>;
  /** Exact text of the page's h1. */
  title: ByValues<string>;
  /** Texts the main area must contain (compared case-insensitively: hex casing may differ). */
  texts?: ByValues<string[]>;
  /** Visible once the screen's data has arrived. */
  waitFor?: string;
  /** Path the browser must end on (default: the visited path). */
  finalPath?: ByValues<string>;
  /** The generic application error page is expected (unknown routes only). */
  errorPage?: boolean;
}

export const WALK_EMAIL = 'e2e.walker@example.com';
export const UNKNOWN_ROUTE = '/no-such-route/e2e';

export const ROUTE_WALK: readonly RouteCase[] = [
  { name: 'home', pattern: ROUTES.home, path: '/', title: SCREEN_TITLES.home },
  { name: 'aa', pattern: ROUTES.aa, path: '/aa', title: SCREEN_TITLES.home },
  { name: 'all-transactions', pattern: ROUTES.allTransactions, path: '/Alltransactions', title: SCREEN_TITLES.allTransactions },
  { name: 'all-blocks', pattern: ROUTES.blocks, path: '/Allblock', title: SCREEN_TITLES.blocks },
  { name: 'all-blocks-alias', pattern: ROUTES.blocksAlias, path: '/AllBlock', title: SCREEN_TITLES.blocks },
  {
    name: 'block-by-number',
    pattern: ROUTES.block,
    path: (v) => `/Block/${v.blockNumber}`,
    title: (v) => `${SCREEN_TITLES.block}${v.blockNumber}`,
  },
  {
    name: 'block-by-value',
    pattern: ROUTES.blockAlias,
    path: (v) => `/block/${v.blockHash}`,
    // The value may be a hash; the heading names the block's number all the same (spec: 'Block #number').
    title: (v) => `${SCREEN_TITLES.block}${v.blockNumber}`,
    texts: (v) => [v.blockHash],
  },
  {
    name: 'transaction',
    pattern: ROUTES.transaction,
    path: (v) => `/transaction/${v.txHash}`,
    title: SCREEN_TITLES.transaction,
    texts: (v) => [v.txHash],
  },
  // Issue #40: the transaction's State and Call tree tabs, by their links.
  {
    name: 'transaction-state',
    pattern: ROUTES.transaction,
    path: (v) => `/transaction/${v.txHash}?tab=state`,
    // The walk compares the path; the query keeps the tab.
    finalPath: (v) => `/transaction/${v.txHash}`,
    title: SCREEN_TITLES.transaction,
    waitFor: '[data-testid="state-source"]',
  },
  {
    name: 'transaction-call-tree',
    pattern: ROUTES.transaction,
    path: (v) => `/transaction/${v.txHash}?tab=call-tree`,
    finalPath: (v) => `/transaction/${v.txHash}`,
    title: SCREEN_TITLES.transaction,
    waitFor: '[role="tree"]',
  },
  {
    name: 'address',
    pattern: ROUTES.address,
    path: (v) => `/address/${v.address}`,
    title: SCREEN_TITLES.address,
    texts: (v) => [v.address],
  },
  { name: 'top-accounts', pattern: ROUTES.topAccounts, path: '/Topaccounts', title: SCREEN_TITLES.topAccounts },
  { name: 'tokens', pattern: ROUTES.tokens, path: '/Tokens', title: SCREEN_TITLES.tokens },
  {
    name: 'token-detail',
    pattern: ROUTES.tokenDetail,
    path: (v) => `/TokenDetail/${v.token}`,
    title: SCREEN_TITLES.tokenDetail,
    texts: (v) => [v.token],
  },
  // EIP-3091 wallet links (issue #38): the server answers 301 to the explorer's pages; a wallet names the token by its 0x form.
  {
    name: 'wallet-link-tx',
    pattern: ROUTES.txAlias,
    path: (v) => `/tx/${v.txHash}`,
    finalPath: (v) => `/transaction/${v.txHash}`,
    title: SCREEN_TITLES.transaction,
    texts: (v) => [v.txHash],
  },
  {
    name: 'wallet-link-token',
    pattern: ROUTES.tokenAlias,
    path: (v) => `/token/${toChecksumHexAddress(v.token)}`,
    finalPath: (v) => `/TokenDetail/${toChecksumHexAddress(v.token)}`,
    title: SCREEN_TITLES.tokenDetail,
    texts: (v) => [v.token],
  },
  { name: 'verified-contracts', pattern: ROUTES.verifiedContracts, path: '/VerifiedRuby', title: SCREEN_TITLES.verifiedContracts },
  {
    name: 'contract-detail',
    pattern: ROUTES.contractDetail,
    path: (v) => `/contractDetail/${v.dapp}`,
    title: SCREEN_TITLES.contractDetail,
    texts: (v) => [v.dapp],
  },
  {
    name: 'contract-detail-alias',
    pattern: ROUTES.contractDetailAlias,
    path: (v) => `/ContractDetail/${v.dapp}`,
    title: SCREEN_TITLES.contractDetail,
    texts: (v) => [v.dapp],
  },
  { name: 'deploy-contract', pattern: ROUTES.deployContract, path: '/Deploycontract', title: SCREEN_TITLES.deployContract },
  {
    name: 'ruby-web3-docs',
    pattern: ROUTES.rubyWeb3Docs,
    path: '/rubyWeb3Docs',
    title: SCREEN_TITLES.rubyWeb3Docs,
    texts: ['checkaddress', 'getAddressbyprivateKey', 'getLatestBlockNumber'],
  },
  // Every chart card drawn (tests/e2e/charts.test.ts checks each chart in depth).
  { name: 'chart', pattern: ROUTES.chart, path: '/Chart', title: SCREEN_TITLES.chart, waitFor: '.chart-card svg[role="img"]' },
  {
    name: 'api',
    pattern: ROUTES.api,
    path: '/Api',
    title: SCREEN_TITLES.api,
    // The overview's operation list is read from the server's OpenAPI document.
    texts: ['Wallet', 'Transaction', 'Token', 'Block', 'Contract', 'API key is needed', docPaths.balance],
    waitFor: '.api-overview__ops',
  },
  { name: 'account', pattern: ROUTES.account, path: '/Account', title: SCREEN_TITLES.account },
  { name: 'signup', pattern: ROUTES.signup, path: '/Signup', title: SCREEN_TITLES.signup },
  // The walk holds no login token: the wallet screens send it to /Account (docs/decisions.md#spec-states, #spec-errors);
  // tests/e2e/wallet.test.ts walks them logged in.
  { name: 'wallet', pattern: ROUTES.wallet, path: `/Wallet/${WALK_EMAIL}`, title: SCREEN_TITLES.account, finalPath: '/Account' },
  { name: 'dashboard', pattern: ROUTES.dashboard, path: '/Dashboard', title: SCREEN_TITLES.account, finalPath: '/Account' },
  {
    name: 'dashboard-user',
    pattern: ROUTES.dashboardUser,
    path: `/Dashboard/${WALK_EMAIL}`,
    title: SCREEN_TITLES.account,
    finalPath: '/Account',
  },
  // Ours (issue #19): without a login the page says why and links to the log-in.
  { name: 'watchlist', pattern: ROUTES.watchlist, path: '/Watchlist', title: SCREEN_TITLES.watchlist, texts: [WATCHLIST_TEXTS.loginFirst] },
  { name: 'issue-form', pattern: ROUTES.issueForm, path: '/IssueForm', title: SCREEN_TITLES.issueForm, texts: ['Issue description'] },
  {
    name: 'feature-request',
    pattern: ROUTES.featureRequest,
    path: '/Featurerequest',
    title: SCREEN_TITLES.featureRequest,
    texts: ['Features description'],
  },
  { name: 'terms', pattern: ROUTES.terms, path: '/TermsAndConditions', title: SCREEN_TITLES.terms, texts: [LEGAL_DATE] },
  { name: 'privacy', pattern: ROUTES.privacy, path: '/PrivacyPolicy', title: SCREEN_TITLES.privacy, texts: [LEGAL_DATE] },
  { name: 'invalid-input', pattern: ROUTES.invalidInput, path: '/Invalidinput', title: SCREEN_TITLES.invalidInput },
  { name: 'search-token', pattern: ROUTES.searchToken, path: '/SearchToken', title: SCREEN_TITLES.searchToken },
  {
    name: 'verify-contract',
    pattern: ROUTES.verifyContract,
    path: (v) => `/VerifyContract/${v.dapp}`,
    title: SCREEN_TITLES.verifyContract,
    texts: ['Compiler version', 'Standard JSON input', 'Constructor arguments'],
  },
  {
    name: 'gas-tracker',
    pattern: ROUTES.gasTracker,
    path: '/GasTracker',
    title: SCREEN_TITLES.gasTracker,
    texts: ['Low', 'Average', 'High', 'Base fee per hour, last 24 hours'],
  },
  // Ours: the advanced filter; with no filter in the URL it lists every row, newest first.
  {
    name: 'advanced-filter',
    pattern: ROUTES.advancedFilter,
    path: '/advanced-filter',
    title: SCREEN_TITLES.advancedFilter,
    texts: ['Apply filter', 'Download CSV', 'Next page'],
  },
  {
    name: 'unknown-route',
    pattern: null,
    path: UNKNOWN_ROUTE,
    title: 'Page not found',
    texts: [ERROR_PAGE.notFound, ERROR_PAGE.home],
    errorPage: true,
  },
];

export function resolve<T>(value: ByValues<T>, v: RealValues): T {
  return typeof value === 'function' ? (value as (v: RealValues) => T)(v) : value;
}
