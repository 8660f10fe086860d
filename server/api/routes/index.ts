/**
 * Every route module, registered under /api in this order. The logged-in user's routes go in the
 * one authenticated scope (server/auth/scope.ts): a route listed there cannot skip the token check.
 */
import { authenticated, refuseStrayBearerRoutes } from '../../auth/scope';
import type { RouteModule } from '../../core/context';
import { accountsAuthenticatedRoutes, accountsRoutes } from './accounts';
import { sessionsRoutes } from './sessions';
import { addressesRoutes } from './addresses';
import { advancedFilterRoutes } from './advancedFilter';
import { holdersAtRoutes } from './holdersAt';
import { apiKeysRoutes } from './apiKeysRoutes';
import { blockRoutes } from './blocks';
import { blockscoutV2Routes } from './blockscoutV2';
import { callTreeRoutes } from './callTree';
import { chartsRoutes } from './charts';
import { contractWriteRoutes } from './contractWrite';
import { delegationRoutes } from './delegation';
import { approvalsRoutes } from './approvals';
import { deployRoutes } from './deploy';
import { deployCompileRoutes } from './deployCompile';
import { etherscanRoutes } from './etherscan';
import { exportRoutes } from './export';
import { feedbackRoutes } from './feedback';
import { homeRoutes } from './home';
import { logsRoutes } from './logs';
import { opsRoutes } from './ops';
import { pendingRoutes } from './pending';
import { gasTrackerRoutes } from './gasTracker';
import { tokenHoldersRoutes } from './tokenHolders';
import { nameTagsRoutes } from './nameTags';
import { nftRoutes } from './nfts';
import { searchRoutes } from './search';
import { sourcifyRoutes } from './sourcify';
import { stateChangesRoutes } from './stateChanges';
import { statusRoutes } from './status';
import { tokensRoutes } from './tokens';
import { transactionsRoutes } from './transactions';
import { verifyRoutes } from './verify';
import { verifyOptionsRoutes } from './verifyOptions';
import { walletAuthenticatedRoutes, walletRoutes } from './wallet';
import { watchlistRoutes } from './watchlist';
import { withdrawalsRoutes } from './withdrawals';

export const ROUTE_MODULES: ReadonlyArray<RouteModule> = [
  refuseStrayBearerRoutes,
  opsRoutes,
  statusRoutes,
  homeRoutes,
  blockRoutes,
  transactionsRoutes,
  stateChangesRoutes,
  callTreeRoutes,
  searchRoutes,
  chartsRoutes,
  addressesRoutes,
  delegationRoutes,
  approvalsRoutes,
  tokensRoutes,
  deployRoutes,
  deployCompileRoutes,
  verifyRoutes,
  verifyOptionsRoutes,
  etherscanRoutes,
  sourcifyRoutes,
  blockscoutV2Routes,
  feedbackRoutes,
  accountsRoutes,
  walletRoutes,
  contractWriteRoutes,
  authenticated([accountsAuthenticatedRoutes, sessionsRoutes, walletAuthenticatedRoutes, apiKeysRoutes, watchlistRoutes]),
  withdrawalsRoutes,
  exportRoutes,
  advancedFilterRoutes,
  logsRoutes,
  pendingRoutes,
  gasTrackerRoutes,
  tokenHoldersRoutes,
  holdersAtRoutes,
  nftRoutes,
  nameTagsRoutes,
];
