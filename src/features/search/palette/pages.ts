/**
 * Every page a user can reach without a value to fill in: the header's (with their "g" shortcuts,
 * commands.ts), then the footer's and the account's, each with words that find it besides its label ('gas' finds
 * Gas Tracker, 'stats' Charts). Keywords are matched, not shown, so they stay in English like LANGUAGE_KEYWORDS;
 * the labels are the pages' own titles, in the active language. Pure: no React.
 */
import { FOOTER, SCREEN_TITLES } from '../../../../common/spec';
import { urls, type UrlName } from '../../../app/urls';
import { PAGE_COMMANDS, pageHref } from './commands';

export interface PalettePage {
  /** Unique among the pages (cmdk's value). */
  id: string;
  label: string;
  href: string;
  keywords: readonly string[];
  /** The "g" shortcut's second key, for the header's pages. */
  key?: string;
}

const HEADER_KEYWORDS: Partial<Record<UrlName, readonly string[]>> = {
  home: ['home', 'start', 'dashboard', 'latest'],
  allTransactions: ['transactions', 'txns', 'tx', 'latest'],
  blocks: ['blocks', 'latest', 'height'],
  topAccounts: ['accounts', 'rich list', 'holders', 'balances'],
  deployContract: ['deploy', 'contract', 'solidity', 'publish'],
  verifiedContracts: ['verified', 'contracts', 'source'],
  rubyWeb3Docs: ['docs', 'documentation', 'web3', 'sdk', 'library'],
  tokens: ['tokens', 'rbc20', 'erc20', 'nft'],
  chart: ['charts', 'stats', 'statistics', 'graphs'],
  api: ['api', 'developers', 'etherscan', 'endpoints'],
  account: ['login', 'log in', 'sign in', 'account'],
};

/** Pages outside the header: [id, label getter, href, keywords]. */
const MORE: readonly [string, () => string, () => string, readonly string[]][] = [
  ['gasTracker', () => FOOTER.gasTracker, urls.gasTracker, ['gas', 'fee', 'gwei', 'price', 'tracker']],
  [
    'advancedFilter',
    () => SCREEN_TITLES.advancedFilter,
    () => urls.advancedFilter(),
    ['filter', 'advanced', 'search transfers', 'find', 'method', 'export'],
  ],
  ['watchlist', () => SCREEN_TITLES.watchlist, urls.watchlist, ['watch', 'alerts', 'notifications', 'follow']],
  ['signup', () => SCREEN_TITLES.signup, urls.signup, ['sign up', 'register', 'create account', 'join']],
  ['dashboard', () => SCREEN_TITLES.dashboard, () => urls.dashboard(), ['wallet', 'my wallet', 'balance', 'send', 'receive']],
  ['verifyContract', () => SCREEN_TITLES.verifyContract, urls.api, ['verify', 'publish', 'source', 'code']],
  ['searchToken', () => SCREEN_TITLES.searchToken, urls.searchToken, ['token', 'find token', 'search']],
  ['issueForm', () => FOOTER.issue, urls.issueForm, ['report', 'issue', 'bug', 'problem', 'feedback', 'contact']],
  ['featureRequest', () => FOOTER.feature, urls.featureRequest, ['feature', 'request', 'idea', 'suggestion', 'feedback']],
  ['terms', () => FOOTER.terms, urls.terms, ['terms', 'conditions', 'legal']],
  ['privacy', () => FOOTER.privacy, urls.privacy, ['privacy', 'policy', 'data', 'cookies']],
];

/** The header's pages first (in its order, with their shortcut), then the others. Read when shown: labels follow the language. */
export function palettePages(): PalettePage[] {
  return [
    ...PAGE_COMMANDS.map((c) => ({ id: c.route, label: c.label, href: pageHref(c), keywords: HEADER_KEYWORDS[c.route] ?? [], key: c.key })),
    ...MORE.map(([id, label, href, keywords]) => ({ id, label: label(), href: href(), keywords })),
  ];
}
