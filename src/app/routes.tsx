/**
 * The route table: every route of the specification (docs/decisions.md#spec-screens), aliases included, each screen in its own
 * lazily loaded chunk. wouter matches case-insensitively (regexparam's 'i' flag), so the aliases
 * that differ only by case are listed for the record and for the route test.
 */
import type { ReactNode } from 'react';
import { parse } from 'regexparam';
import { Redirect, Route, Switch, matchRoute } from 'wouter';
import { ROUTES } from '../../common/spec';
import { urls } from './urls';
import { NotFoundPage } from '../features/errors/ErrorPage';
import { lazyComponent as lazyScreen, type LazyComponent } from '../lib/lazyComponent';
import { CountFeeLineChart, SimpleBarChart } from '../ui/charts/lazyCharts';

const HomePage = lazyScreen(() => import('../features/home/HomePage').then((m) => m.HomePage));
const AllTransactionsPage = lazyScreen(() => import('../features/transactions/AllTransactionsPage').then((m) => m.AllTransactionsPage));
const TransactionPage = lazyScreen(() => import('../features/transactions/TransactionPage').then((m) => m.TransactionPage));
const BlocksPage = lazyScreen(() => import('../features/blocks/BlocksPage').then((m) => m.BlocksPage));
const BlockPage = lazyScreen(() => import('../features/blocks/BlockPage').then((m) => m.BlockPage));
const AddressPage = lazyScreen(() => import('../features/addresses/AddressPage').then((m) => m.AddressPage));
const TopAccountsPage = lazyScreen(() => import('../features/addresses/TopAccountsPage').then((m) => m.TopAccountsPage));
const TokensPage = lazyScreen(() => import('../features/tokens/TokensPage').then((m) => m.TokensPage));
const TokenDetailPage = lazyScreen(() => import('../features/tokens/TokenDetailPage').then((m) => m.TokenDetailPage));
const VerifiedContractsPage = lazyScreen(() => import('../features/contracts/VerifiedContractsPage').then((m) => m.VerifiedContractsPage));
const ContractDetailPage = lazyScreen(() => import('../features/contracts/ContractDetailPage').then((m) => m.ContractDetailPage));
const DeployContractPage = lazyScreen(() => import('../features/deploy/DeployContractPage').then((m) => m.DeployContractPage));
const RubyWeb3DocsPage = lazyScreen(() => import('../features/docs/RubyWeb3DocsPage').then((m) => m.RubyWeb3DocsPage));
const ApiDocsPage = lazyScreen(() => import('../features/docs/ApiDocsPage').then((m) => m.ApiDocsPage));
const ChartsPage = lazyScreen(() => import('../features/charts/ChartsPage').then((m) => m.ChartsPage));
const LoginPage = lazyScreen(() => import('../features/wallet/LoginPage').then((m) => m.LoginPage));
const SignupPage = lazyScreen(() => import('../features/wallet/SignupPage').then((m) => m.SignupPage));
const WalletAccessPage = lazyScreen(() => import('../features/wallet/WalletAccessPage').then((m) => m.WalletAccessPage));
const DashboardPage = lazyScreen(() => import('../features/wallet/DashboardPage').then((m) => m.DashboardPage));
const IssueFormPage = lazyScreen(() => import('../features/forms/IssueFormPage').then((m) => m.IssueFormPage));
const FeatureRequestPage = lazyScreen(() => import('../features/forms/FeatureRequestPage').then((m) => m.FeatureRequestPage));
const TermsPage = lazyScreen(() => import('../features/legal/TermsPage').then((m) => m.TermsPage));
const PrivacyPage = lazyScreen(() => import('../features/legal/PrivacyPage').then((m) => m.PrivacyPage));
const VerifyContractPage = lazyScreen(() => import('../features/verify/VerifyContractPage').then((m) => m.VerifyContractPage));
const GasTrackerPage = lazyScreen(() => import('../features/gas/GasTrackerPage').then((m) => m.GasTrackerPage));
const WatchlistPage = lazyScreen(() => import('../features/watchlist/WatchlistPage').then((m) => m.default));
const AdvancedFilterPage = lazyScreen(() => import('../features/filter/AdvancedFilterPage').then((m) => m.AdvancedFilterPage));
const NoResultsPage = lazyScreen(() => import('../features/search/NoResultsPage').then((m) => m.NoResultsPage));
const SearchTokenPage = lazyScreen(() => import('../features/search/SearchTokenPage').then((m) => m.SearchTokenPage));

type Params = Record<string, string | undefined>;

export interface RouteDef {
  path: string;
  render: (params: Params) => ReactNode;
}

export const ROUTE_TABLE: readonly RouteDef[] = [
  { path: ROUTES.home, render: () => <HomePage /> },
  { path: ROUTES.aa, render: () => <HomePage variant="aa" /> },
  { path: ROUTES.allTransactions, render: () => <AllTransactionsPage /> },
  { path: ROUTES.blocks, render: () => <BlocksPage /> },
  { path: ROUTES.blocksAlias, render: () => <BlocksPage /> },
  { path: ROUTES.block, render: (p) => <BlockPage blockNumber={p.blockNumber ?? ''} /> },
  { path: ROUTES.blockAlias, render: (p) => <BlockPage blockNumber={p.value ?? ''} /> },
  { path: ROUTES.transaction, render: (p) => <TransactionPage hash={p.hash ?? ''} /> },
  { path: ROUTES.address, render: (p) => <AddressPage address={p.address ?? ''} /> },
  { path: ROUTES.topAccounts, render: () => <TopAccountsPage /> },
  { path: ROUTES.tokens, render: () => <TokensPage /> },
  { path: ROUTES.tokenDetail, render: (p) => <TokenDetailPage contractAddress={p.contractAddress ?? ''} /> },
  { path: ROUTES.verifiedContracts, render: () => <VerifiedContractsPage /> },
  { path: ROUTES.contractDetail, render: (p) => <ContractDetailPage contractAddress={p.contractAddress ?? ''} /> },
  { path: ROUTES.contractDetailAlias, render: (p) => <ContractDetailPage contractAddress={p.contractAddress ?? ''} /> },
  { path: ROUTES.deployContract, render: () => <DeployContractPage /> },
  { path: ROUTES.rubyWeb3Docs, render: () => <RubyWeb3DocsPage /> },
  { path: ROUTES.chart, render: () => <ChartsPage /> },
  { path: ROUTES.api, render: () => <ApiDocsPage /> },
  { path: ROUTES.account, render: () => <LoginPage /> },
  { path: ROUTES.signup, render: () => <SignupPage /> },
  { path: ROUTES.wallet, render: (p) => <WalletAccessPage userEmail={p.userEmail ?? ''} /> },
  { path: ROUTES.dashboard, render: () => <DashboardPage /> },
  { path: ROUTES.dashboardUser, render: (p) => <DashboardPage userEmail={p.userEmail} /> },
  { path: ROUTES.issueForm, render: () => <IssueFormPage /> },
  { path: ROUTES.featureRequest, render: () => <FeatureRequestPage /> },
  { path: ROUTES.terms, render: () => <TermsPage /> },
  { path: ROUTES.privacy, render: () => <PrivacyPage /> },
  { path: ROUTES.invalidInput, render: () => <NoResultsPage /> },
  { path: ROUTES.searchToken, render: () => <SearchTokenPage /> },
  { path: ROUTES.verifyContract, render: (p) => <VerifyContractPage address={p.address ?? ''} /> },
  { path: ROUTES.gasTracker, render: () => <GasTrackerPage /> },
  { path: ROUTES.watchlist, render: () => <WatchlistPage /> },
  { path: ROUTES.advancedFilter, render: () => <AdvancedFilterPage /> },
  // EIP-3091 wallet links: the server answers them with a 301 (server/api/pageStatus.ts); the same here.
  { path: ROUTES.txAlias, render: (p) => <Redirect to={urls.transaction(p.hash ?? '')} replace /> },
  { path: ROUTES.tokenAlias, render: (p) => <Redirect to={urls.tokenDetail(p.address ?? '')} replace /> },
];

/** The landing screens a server render can show with their data (renderPage.tsx). */
type Preloadable = Pick<LazyComponent<object>, 'preload'>;
const LANDING: readonly { path: string; screen: Preloadable; also?: Preloadable[] }[] = [
  // The home's first screen draws two charts (its /aa variant, one).
  { path: ROUTES.home, screen: HomePage, also: [CountFeeLineChart, SimpleBarChart] },
  { path: ROUTES.aa, screen: HomePage, also: [CountFeeLineChart, SimpleBarChart] },
  { path: ROUTES.block, screen: BlockPage },
  { path: ROUTES.blockAlias, screen: BlockPage },
  { path: ROUTES.transaction, screen: TransactionPage },
  { path: ROUTES.address, screen: AddressPage },
];

/**
 * Loads a landing route's screen and what it draws lazily at once (matched as wouter matches: regexparam, any case); resolves
 * false for any other path. Before the first render of a server-rendered page, so that render
 * has the screen and not its skeleton.
 */
export async function preloadLandingScreen(pathname: string): Promise<boolean> {
  const hit = LANDING.find((r) => matchRoute(parse, r.path, pathname)[0]);
  if (!hit) return false;
  await Promise.all([hit.screen, ...(hit.also ?? [])].map((c) => c.preload()));
  return true;
}

export function AppRoutes() {
  return (
    <Switch>
      {ROUTE_TABLE.map((r) => (
        <Route key={r.path} path={r.path}>
          {(params: Params) => r.render(params)}
        </Route>
      ))}
      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  );
}
