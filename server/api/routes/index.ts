/** Every route module, registered under /api in this order. */
import type { RouteModule } from '../context';
import { accountsRoutes } from './accounts';
import { addressesRoutes } from './addresses';
import { apiKeysRoutes } from './apiKeysRoutes';
import { blockRoutes } from './blocks';
import { chartsRoutes } from './charts';
import { deployRoutes } from './deploy';
import { etherscanRoutes } from './etherscan';
import { feedbackRoutes } from './feedback';
import { homeRoutes } from './home';
import { logsRoutes } from './logs';
import { opsRoutes } from './ops';
import { searchRoutes } from './search';
import { statusRoutes } from './status';
import { tokensRoutes } from './tokens';
import { transactionsRoutes } from './transactions';
import { verifyRoutes } from './verify';
import { walletRoutes } from './wallet';
import { withdrawalsRoutes } from './withdrawals';

export const ROUTE_MODULES: ReadonlyArray<RouteModule> = [
  opsRoutes, statusRoutes, homeRoutes, blockRoutes, transactionsRoutes, searchRoutes, chartsRoutes, addressesRoutes, tokensRoutes,
  deployRoutes, verifyRoutes, etherscanRoutes, feedbackRoutes, accountsRoutes, walletRoutes, apiKeysRoutes, withdrawalsRoutes, logsRoutes,
];
