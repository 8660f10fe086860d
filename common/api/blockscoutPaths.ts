/**
 * Blockscout's REST API v2 (server/api/routes/blockscoutV2*.ts): the paths Blockscout serves under
 * /api/v2/, in its own hyphenated style, as a section of the one registry (common/api/paths.ts
 * spreads it into API_ROUTES, so builders, the route check and the path grep cover it). Read-only,
 * GET only; the answers are Blockscout's shapes (server/api/blockscout/).
 */
const GET = ['GET'] as const;

export const BLOCKSCOUT_ROUTES = {
  bsStats: { pattern: '/v2/stats', methods: GET },
  bsMainBlocks: { pattern: '/v2/main-page/blocks', methods: GET },
  bsMainTransactions: { pattern: '/v2/main-page/transactions', methods: GET },
  bsBlocks: { pattern: '/v2/blocks', methods: GET },
  bsBlock: { pattern: '/v2/blocks/:block', methods: GET },
  bsBlockTransactions: { pattern: '/v2/blocks/:block/transactions', methods: GET },
  bsTransactions: { pattern: '/v2/transactions', methods: GET },
  bsTransaction: { pattern: '/v2/transactions/:hash', methods: GET },
  bsTxTokenTransfers: { pattern: '/v2/transactions/:hash/token-transfers', methods: GET },
  bsTxLogs: { pattern: '/v2/transactions/:hash/logs', methods: GET },
  bsTxInternal: { pattern: '/v2/transactions/:hash/internal-transactions', methods: GET },
  bsTxRawTrace: { pattern: '/v2/transactions/:hash/raw-trace', methods: GET },
  bsTxStateChanges: { pattern: '/v2/transactions/:hash/state-changes', methods: GET },
  bsTxSummary: { pattern: '/v2/transactions/:hash/summary', methods: GET },
  bsAddress: { pattern: '/v2/addresses/:address', methods: GET },
  bsAddressTransactions: { pattern: '/v2/addresses/:address/transactions', methods: GET },
  bsAddressTokenTransfers: { pattern: '/v2/addresses/:address/token-transfers', methods: GET },
  bsAddressInternal: { pattern: '/v2/addresses/:address/internal-transactions', methods: GET },
  bsAddressLogs: { pattern: '/v2/addresses/:address/logs', methods: GET },
  bsAddressTokens: { pattern: '/v2/addresses/:address/tokens', methods: GET },
  bsAddressCounters: { pattern: '/v2/addresses/:address/counters', methods: GET },
  bsAddressCoinHistory: { pattern: '/v2/addresses/:address/coin-balance-history', methods: GET },
  bsTokens: { pattern: '/v2/tokens', methods: GET },
  /** Blockscout's OpenAPI keys the two catalogues with a trailing '/' (clients generated from it call that form). */
  bsTokensSlash: { pattern: '/v2/tokens/', methods: GET },
  bsToken: { pattern: '/v2/tokens/:address', methods: GET },
  bsTokenHolders: { pattern: '/v2/tokens/:address/holders', methods: GET },
  bsTokenTransfers: { pattern: '/v2/tokens/:address/transfers', methods: GET },
  bsTokenInstances: { pattern: '/v2/tokens/:address/instances', methods: GET },
  bsSmartContracts: { pattern: '/v2/smart-contracts', methods: GET },
  bsSmartContractsSlash: { pattern: '/v2/smart-contracts/', methods: GET },
  bsSmartContract: { pattern: '/v2/smart-contracts/:address', methods: GET },
  bsSearch: { pattern: '/v2/search', methods: GET },
  bsSearchRedirect: { pattern: '/v2/search/check-redirect', methods: GET },
} as const;
