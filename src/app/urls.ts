/**
 * Every in-app link is built here (docs/architecture.md#conventions, 3), from the patterns in common/spec.ts.
 * Path values are percent-encoded, except '@' which is legal in a path segment and keeps
 * /Wallet/{userEmail} readable (wouter decodes with decodeURI, which would leave '%40' as is).
 */
import { ROUTES } from '../../common/spec';

function segment(value: string | number | bigint): string {
  return encodeURIComponent(String(value)).replace(/%40/g, '@');
}

/**
 * The query parameters that hold a screen's view (architecture rule 3): the selected tab, the
 * list's page and its page size. `ps` is Etherscan's name for the page size (`?ps=25`).
 */
export const VIEW_PARAMS = { tab: 'tab', view: 'view', page: 'page', size: 'ps', file: 'file', line: 'line' } as const;

/** A tab label as it appears in the URL: 'Token transfers' → 'token-transfers'. */
export function tabSlug(tab: string): string {
  return tab
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * What a link may say about the view: the tab (its label; the screen's first tab needs none),
 * the page (1 needs none) and the page size (the list's default needs none).
 */
export interface ViewQuery {
  tab?: string;
  /** A view inside the tab: the Contract tab's code, read or write. */
  view?: 'code' | 'read' | 'write';
  page?: number;
  ps?: number;
  /** A source line to show highlighted in the Contract tab's code (the call tree's revert line). */
  source?: { file: string; line: number };
}

/** `path` with the view's query, in the order tab, view, page, ps; nothing for an empty view. */
export function withView(path: string, view: ViewQuery = {}): string {
  const q = new URLSearchParams();
  if (view.tab) q.set(VIEW_PARAMS.tab, tabSlug(view.tab));
  if (view.view && view.view !== 'code') q.set(VIEW_PARAMS.view, view.view);
  if (view.page !== undefined && view.page > 1) q.set(VIEW_PARAMS.page, String(Math.floor(view.page)));
  if (view.ps !== undefined) q.set(VIEW_PARAMS.size, String(view.ps));
  if (view.source) {
    q.set(VIEW_PARAMS.file, view.source.file);
    q.set(VIEW_PARAMS.line, String(Math.floor(view.source.line)));
  }
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

export const urls = {
  home: () => ROUTES.home,
  allTransactions: (view?: ViewQuery) => withView(ROUTES.allTransactions, view),
  blocks: (view?: ViewQuery) => withView(ROUTES.blocks, view),
  block: (blockNumber: string | number | bigint, view?: ViewQuery) => withView(`/Block/${segment(blockNumber)}`, view),
  transaction: (hash: string, view?: ViewQuery) => withView(`/transaction/${segment(hash)}`, view),
  address: (address: string, view?: ViewQuery) => withView(`/address/${segment(address)}`, view),
  topAccounts: (view?: ViewQuery) => withView(ROUTES.topAccounts, view),
  tokens: (view?: ViewQuery) => withView(ROUTES.tokens, view),
  tokenDetail: (contractAddress: string, view?: ViewQuery) => withView(`/TokenDetail/${segment(contractAddress)}`, view),
  verifiedContracts: (view?: ViewQuery) => withView(ROUTES.verifiedContracts, view),
  contractDetail: (contractAddress: string, view?: ViewQuery) => withView(`/contractDetail/${segment(contractAddress)}`, view),
  deployContract: () => ROUTES.deployContract,
  rubyWeb3Docs: () => ROUTES.rubyWeb3Docs,
  chart: () => ROUTES.chart,
  api: () => ROUTES.api,
  account: () => ROUTES.account,
  signup: () => ROUTES.signup,
  wallet: (userEmail: string) => `/Wallet/${segment(userEmail)}`,
  dashboard: (userEmail?: string, view?: ViewQuery) => withView(userEmail ? `/Dashboard/${segment(userEmail)}` : ROUTES.dashboard, view),
  issueForm: () => ROUTES.issueForm,
  featureRequest: () => ROUTES.featureRequest,
  terms: () => ROUTES.terms,
  privacy: () => ROUTES.privacy,
  /** The No results page; with the searched term in ?q= so the page can repeat it. */
  invalidInput: (term?: string) =>
    term && term.trim() !== '' ? `${ROUTES.invalidInput}?q=${encodeURIComponent(term.trim())}` : ROUTES.invalidInput,
  searchToken: () => ROUTES.searchToken,
  aa: () => ROUTES.aa,
  verifyContract: (address: string) => `/VerifyContract/${segment(address)}`,
  gasTracker: () => ROUTES.gasTracker,
  watchlist: () => ROUTES.watchlist,
  /** The advanced filter, with a filter's fields as its query (common/advancedFilter.ts). */
  advancedFilter: (query: Readonly<Record<string, string>> = {}) => {
    const q = new URLSearchParams(query).toString();
    return q ? `${ROUTES.advancedFilter}?${q}` : ROUTES.advancedFilter;
  },
} as const;

export type UrlName = keyof typeof urls;
