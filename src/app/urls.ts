/**
 * Every in-app link is built here (docs/architecture.md#conventions, 3), from the patterns in common/spec.ts.
 * Path values are percent-encoded, except '@' which is legal in a path segment and keeps
 * /Wallet/{userEmail} readable (wouter decodes with decodeURI, which would leave '%40' as is).
 */
import { ROUTES } from '../../common/spec';

function segment(value: string | number | bigint): string {
  return encodeURIComponent(String(value)).replace(/%40/g, '@');
}

export const urls = {
  home: () => ROUTES.home,
  allTransactions: () => ROUTES.allTransactions,
  blocks: () => ROUTES.blocks,
  block: (blockNumber: string | number | bigint) => `/Block/${segment(blockNumber)}`,
  transaction: (hash: string) => `/transaction/${segment(hash)}`,
  address: (address: string) => `/address/${segment(address)}`,
  topAccounts: () => ROUTES.topAccounts,
  tokens: () => ROUTES.tokens,
  tokenDetail: (contractAddress: string) => `/TokenDetail/${segment(contractAddress)}`,
  verifiedContracts: () => ROUTES.verifiedContracts,
  contractDetail: (contractAddress: string) => `/contractDetail/${segment(contractAddress)}`,
  deployContract: () => ROUTES.deployContract,
  rubyWeb3Docs: () => ROUTES.rubyWeb3Docs,
  chart: () => ROUTES.chart,
  api: () => ROUTES.api,
  account: () => ROUTES.account,
  signup: () => ROUTES.signup,
  wallet: (userEmail: string) => `/Wallet/${segment(userEmail)}`,
  dashboard: (userEmail?: string) => (userEmail ? `/Dashboard/${segment(userEmail)}` : ROUTES.dashboard),
  issueForm: () => ROUTES.issueForm,
  featureRequest: () => ROUTES.featureRequest,
  terms: () => ROUTES.terms,
  privacy: () => ROUTES.privacy,
  invalidInput: () => ROUTES.invalidInput,
  searchToken: () => ROUTES.searchToken,
  aa: () => ROUTES.aa,
} as const;

export type UrlName = keyof typeof urls;
