/**
 * The one registry of API paths: each REST route the server serves, as its Fastify
 * pattern and HTTP methods, and a typed builder derived from the pattern. The server registers
 * `patterns.x`; the SPA, the wallet client, the tests and the bench build `paths.x(...)` (under
 * the API base, /api) or `apiPaths.x(...)` (the full path on the server). No other file writes
 * an API path as a string: tests/common/apiPaths.test.ts greps for them and checks that the
 * routes Fastify registers are exactly these. packages/rubyweb3 keeps a checked copy of the few
 * it uses (src/apiPaths.ts), since it builds on its own.
 *
 * Builders: no parameter → `()`; one → the bare value (`paths.txData(hash)`); several → an
 * object with the pattern's names (`paths.userTx({ address, page, size })`). Every value is
 * encoded as one path segment (`seg`). An optional last argument adds a query string.
 */

import { BLOCKSCOUT_ROUTES } from './blockscoutPaths';

/** Where the API is mounted on the server: every route below is under it unless `root`. */
export const API_PREFIX = '/api';

/** A path parameter's value: written as text and encoded as a single segment. */
export type Segment = string | number | bigint;
/** A query string's fields; undefined ones are left out. */
export type Query = Readonly<Record<string, Segment | boolean | undefined>>;

/** One path segment, encoded (a '/' or '?' inside a value cannot change the route). */
export function seg(value: Segment): string {
  return encodeURIComponent(String(value));
}

/** 'ALL': every method (the credential catch-alls). */
type Method = 'GET' | 'POST' | 'DELETE' | 'ALL';
interface RouteDef {
  readonly pattern: string;
  readonly methods: readonly Method[];
  /** Served at the server's root, not under API_PREFIX. */
  readonly root?: true;
  /** Its request or answer carries a password, key, keystore or login token: answered `Cache-Control: no-store`. */
  readonly secret?: true;
}

const GET = ['GET'] as const;
const POST = ['POST'] as const;
const BOTH = ['GET', 'POST'] as const;
const ALL = ['ALL'] as const;

/** Every REST route (the specification's API list, common/spec.ts letter for letter, and ours). */
export const API_ROUTES = {
  // Operations (routes/ops.ts, routes/status.ts, server.ts)
  health: { pattern: '/health', methods: GET },
  ready: { pattern: '/ready', methods: GET },
  metrics: { pattern: '/metrics', methods: GET, root: true },
  /** The MCP server for agents (server/api/mcp/): streamable HTTP, stateless; GET and DELETE answer 405. */
  mcp: { pattern: '/mcp', methods: ['GET', 'POST', 'DELETE'], root: true },
  /** What the explorer serves to programs, for language models (llmstxt.org). */
  llmsTxt: { pattern: '/llms.txt', methods: GET, root: true },
  indexingStatus: { pattern: '/indexing-status', methods: GET },
  openapi: { pattern: '/openapi.json', methods: GET },
  // Home, blocks, transactions, search, charts
  homeData: { pattern: '/getHomepagedata', methods: GET },
  rubyPrice: { pattern: '/getrubyprice', methods: GET },
  /** The home page's first screen in one answer (data in at most two requests). */
  homeScreen: { pattern: '/getHomeScreen', methods: GET },
  blocks: { pattern: '/getBlocks/:page/:size', methods: GET },
  latestBlocks: { pattern: '/getLatestBlocks', methods: GET },
  blockChart: { pattern: '/getBlockdatadataforchart', methods: GET },
  block: { pattern: '/getBlockNumberdata/:block', methods: GET },
  blockWithdrawals: { pattern: '/getblockwithdrawals/:block', methods: GET },
  allTx: { pattern: '/getAllTransction/:page/:size', methods: GET },
  txData: { pattern: '/getTransactionData/:hash', methods: GET },
  txLogs: { pattern: '/getTransactionLogs/:hash', methods: GET },
  /** What a transaction changed: balances, nonces, token balances, storage (the State tab). */
  txStateChanges: { pattern: '/getTransactionStateChanges/:hash', methods: GET },
  /** Every frame of a transaction, decoded, with the source line of a revert (routes/callTree.ts). */
  txCallTree: { pattern: '/getTransactionCallTree/:hash', methods: GET },
  /** Public name tags of known addresses. */
  nameTags: { pattern: '/getNameTags', methods: GET },
  /** The node's pending pool. */
  pendingTx: { pattern: '/getPendingTransactions', methods: GET },
  /** One transaction as the node knows it before it is indexed: pending in its pool, or just mined. */
  pendingTxOne: { pattern: '/getPendingTransaction/:hash', methods: GET },
  gasTracker: { pattern: '/getGasTracker', methods: GET },
  searchContract: { pattern: '/searchcontract', methods: GET },
  searchData: { pattern: '/searchdata/:term', methods: GET },
  /** A term holding '/': answered as no result (registered, never built). */
  searchDataRest: { pattern: '/searchdata/*', methods: GET },
  /** The advanced filter over transactions, internal and token transfers (routes/advancedFilter.ts), and its CSV. */
  advancedFilter: { pattern: '/advancedFilter', methods: GET },
  advancedFilterCsv: { pattern: '/advancedFilterCsv', methods: GET },
  transactionGraph: { pattern: '/getTransactionGraph', methods: GET },
  tokenTransactionGraph: { pattern: '/getTokenTransactionGraph', methods: GET },
  contractTransactionGraph: { pattern: '/getContractTransactionGraph', methods: GET },
  tokenDeploy: { pattern: '/getTokendeploy', methods: GET },
  contractDeploy: { pattern: '/getContractdeploy', methods: GET },
  // Addresses
  userTx: { pattern: '/getuserTransction/:address/:page/:size', methods: GET },
  userTokenTx: { pattern: '/getuserTokenTransction/:address/:page/:size', methods: GET },
  internalTx: { pattern: '/getinternaltrx/:address/:page/:size', methods: GET },
  withdrawals: { pattern: '/getwithdrawals/:address/:page/:size', methods: GET },
  addressEvents: { pattern: '/getAddressEvents/:address/:page/:size', methods: GET },
  allTokenBalance: { pattern: '/getallTokenBalance/:address', methods: GET },
  addressCounters: { pattern: '/getAddressCounters/:address', methods: GET },
  /** An account's EIP-7702 delegation and its history. */
  addressDelegation: { pattern: '/getDelegation/:address', methods: GET },
  /** The approvals an address has given that are in force, riskiest first (?kind=erc20|erc721|operator). */
  approvals: { pattern: '/getApprovals/:address/:page/:size', methods: GET },
  balance: { pattern: '/getBalance/:address', methods: GET },
  tokenBalance: { pattern: '/tokenbalance/:address/:contractAddr', methods: GET },
  topAccounts: { pattern: '/getTopaccounts', methods: GET },
  topAccountsPage: { pattern: '/getTopaccounts/:page/:size', methods: GET },
  // Tokens and contracts
  tokens: { pattern: '/getTokens', methods: GET },
  tokensPage: { pattern: '/getTokens/:page/:size', methods: GET },
  contracts: { pattern: '/getContracts', methods: GET },
  contractsPage: { pattern: '/getContracts/:page/:size', methods: GET },
  tokenData: { pattern: '/getTokenData/:contractAddress', methods: GET },
  tokenTx: { pattern: '/getTokenTransction/:contractAddress/:page/:size', methods: GET },
  /** A token's holders, largest first. */
  tokenHolders: { pattern: '/getTokenHolders/:contractAddress/:page/:size', methods: GET },
  /** A token's holders at a past block or day, from the sum of its transfers (routes/holdersAt.ts), and as CSV. */
  tokenHoldersAt: { pattern: '/getTokenHoldersAt/:contractAddress', methods: GET },
  tokenHoldersAtCsv: { pattern: '/getTokenHoldersAtCsv/:contractAddress', methods: GET },
  /** An NFT collection's items with owner, last transfer and metadata URI. */
  nftInventory: { pattern: '/getTokenInventory/:contractAddress/:page/:size', methods: GET },
  /** The NFT items an address holds. */
  addressNfts: { pattern: '/getAddressNfts/:address/:page/:size', methods: GET },
  contractDetail: { pattern: '/getContractDetail/:contractAddress', methods: GET },
  contractsData: { pattern: '/getContractsData/:address', methods: GET },
  deploy: { pattern: '/deploy', methods: POST, secret: true },
  /** Compile a .sol upload for the Deploy page to sign in the browser (no key; routes/deployCompile.ts). */
  compileContract: { pattern: '/compileContract', methods: POST },
  verifyContract: { pattern: '/verifyContract', methods: POST },
  readContract: { pattern: '/readContract', methods: POST },
  /** The Verify & Publish page's choices: chain id, compilers, EVM versions (routes/verifyOptions.ts). */
  verifyOptions: { pattern: '/verify/options', methods: GET },
  /** Etherscan-style module/action API: /api?module=…&action=… (built as '' + the query). */
  etherscan: { pattern: '/', methods: BOTH },
  etherscanV2: { pattern: '/v2/api', methods: BOTH },
  // Sourcify's v2 API (routes/sourcify.ts), for forge verify-contract --verifier sourcify
  sourcifyVerify: { pattern: '/sourcify/v2/verify/:chainId/:address', methods: POST },
  sourcifyJob: { pattern: '/sourcify/v2/verify/:verificationId', methods: GET },
  sourcifyContract: { pattern: '/sourcify/v2/contract/:chainId/:address', methods: GET },
  /** The link Hardhat prints after a Sourcify verification ({apiUrl}/repo-ui/…): a redirect to the contract's code. */
  sourcifyRepoUi: { pattern: '/sourcify/repo-ui/:chainId/:address', methods: GET },
  feedback: { pattern: '/feedback', methods: POST },
  // Accounts and the wallet
  register: { pattern: '/registration', methods: POST, secret: true },
  registerInPath: { pattern: '/registration/:email/:password', methods: GET, secret: true },
  login: { pattern: '/login', methods: POST, secret: true },
  /** Swap the log-in secret's hash and the keystore in one call (moving over, password change). */
  rekey: { pattern: '/rekey', methods: POST, secret: true },
  /** End this token's session, or every session of the account (routes/sessions.ts). */
  logout: { pattern: '/logout', methods: POST },
  logoutAll: { pattern: '/logout/all', methods: POST },
  importWallet: { pattern: '/importwallet', methods: POST, secret: true },
  walletChallenge: { pattern: '/walletchallenge', methods: GET },
  walletData: { pattern: '/getwalletdata/:email', methods: GET, secret: true },
  createWallet: { pattern: '/createwallet', methods: GET, secret: true },
  send: { pattern: '/send', methods: POST, secret: true },
  sendInPath: { pattern: '/send/:privateKey/:recipient/:amount', methods: GET, secret: true },
  sendToken: { pattern: '/sendtoken', methods: POST, secret: true },
  sendTokenInPath: { pattern: '/sendtoken/:privateKey/:recipient/:tokenContract/:amount', methods: GET, secret: true },
  /** Wrong segment counts of the routes carrying credentials: a 404 that echoes no key (registered, never built). */
  sendRest: { pattern: '/send/*', methods: ALL, secret: true },
  sendTokenRest: { pattern: '/sendtoken/*', methods: ALL, secret: true },
  registerRest: { pattern: '/registration/*', methods: ALL, secret: true },
  importWalletRest: { pattern: '/importwallet/*', methods: ALL, secret: true },
  allTokens: { pattern: '/getallTokens/:address', methods: GET },
  oneTokenTx: { pattern: '/getoneTokenTransction/:address/:tokenContract/:page/:size', methods: GET },
  searchToken: { pattern: '/searchtoken', methods: GET },
  importToken: { pattern: '/importtokenaddress/:walletAddress/:tokenAddress', methods: GET },
  prepareTx: { pattern: '/preparetx', methods: POST },
  sendRawTx: { pattern: '/sendrawtransaction', methods: POST },
  txStatus: { pattern: '/txstatus/:hash', methods: GET },
  /** The node's chain id, for the wallet's EIP-681 QR code. */
  chainId: { pattern: '/chainid', methods: GET },
  /** The gas of a contract write, or its revert data (the Write contract forms). */
  estimateCall: { pattern: '/estimatecall', methods: POST },
  apiKeys: { pattern: '/apikeys', methods: BOTH, secret: true },
  apiKey: { pattern: '/apikeys/:id', methods: ['DELETE'], secret: true },
  // CSV export of an address's history (:file is <address>.csv)
  exportCsv: { pattern: '/export/:kind/:file', methods: GET },
  // The logged-in user's watchlist and its alerts (routes/watchlist.ts)
  watchlist: { pattern: '/watchlist', methods: BOTH },
  watchlistItem: { pattern: '/watchlist/:address', methods: ['DELETE'] },
  watchlistNotifications: { pattern: '/watchlist/notifications', methods: GET },
  watchlistRead: { pattern: '/watchlist/notifications/read', methods: POST },
  // Blockscout's REST API v2, read-only (its own section: common/api/blockscoutPaths.ts)
  ...BLOCKSCOUT_ROUTES,
} as const satisfies Record<string, RouteDef>;

export type ApiRouteName = keyof typeof API_ROUTES;
type PatternOf<K extends ApiRouteName> = (typeof API_ROUTES)[K]['pattern'];

/** The `:name` parameters of a pattern, as a union of names. */
export type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type IsUnion<T, U = T> = T extends unknown ? ([U] extends [T] ? false : true) : never;

/** A builder's arguments, derived from its pattern (see the file's comment). */
export type BuilderArgs<P extends string> = [ParamNames<P>] extends [never]
  ? [query?: Query]
  : true extends IsUnion<ParamNames<P>>
    ? [params: { readonly [N in ParamNames<P>]: Segment }, query?: Query]
    : [value: Segment, query?: Query];

export type Builder<P extends string> = (...args: BuilderArgs<P>) => string;
type Builders = { readonly [K in ApiRouteName]: Builder<PatternOf<K>> };

/** The query string for `query` ('' when it has no defined field). */
export function queryString(query: Query | undefined): string {
  if (!query) return '';
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) q.append(k, String(v));
  const s = q.toString();
  return s === '' ? '' : `?${s}`;
}

/** `pattern` with each `:name` replaced by its value, encoded unless `encode` is false. */
export function fillPattern(pattern: string, values: Readonly<Record<string, Segment>>, encode = true): string {
  const filled = pattern.replace(/:([A-Za-z]+)/g, (_m, name: string) => {
    const v = values[name];
    if (v === undefined) throw new Error(`${pattern}: no value for :${name}`);
    return encode ? seg(v) : String(v);
  });
  return filled === '/' ? '' : filled;
}

function builder(pattern: string, prefix: string): (...args: unknown[]) => string {
  const names = [...pattern.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1] as string);
  return (...args: unknown[]) => {
    const [first, second] = args;
    if (names.length === 0) return prefix + fillPattern(pattern, {}) + queryString(first as Query | undefined);
    const values = names.length === 1 ? { [names[0] as string]: first as Segment } : (first as Record<string, Segment>);
    return prefix + fillPattern(pattern, values) + queryString(second as Query | undefined);
  };
}

function builders(prefixOf: (def: RouteDef) => string): Builders {
  const out: Record<string, (...args: unknown[]) => string> = {};
  for (const [name, def] of Object.entries(API_ROUTES) as [ApiRouteName, RouteDef][]) out[name] = builder(def.pattern, prefixOf(def));
  // The builders' types come from BuilderArgs; the runtime shape is checked by tests/common/apiPaths.test.ts.
  return out as unknown as Builders;
}

/** Paths under the API base (the SPA's /api or VITE_API_BASE, rubyweb3's apiUrl). */
export const paths: Builders = builders(() => '');
/** Full paths on the API server ('/api/getBlocks/1/20', '/metrics'). */
export const apiPaths: Builders = builders((def) => (def.root ? '' : API_PREFIX));
/** Fastify patterns, as the route modules register them (under API_PREFIX unless root). */
export const patterns: { readonly [K in ApiRouteName]: PatternOf<K> } = Object.fromEntries(
  Object.entries(API_ROUTES).map(([name, def]) => [name, def.pattern]),
) as { [K in ApiRouteName]: PatternOf<K> };

function openApiForm(prefixOf: (def: RouteDef) => string): { readonly [K in ApiRouteName]: string } {
  return Object.fromEntries(
    Object.entries(API_ROUTES).map(([name, def]: [string, RouteDef]) => [
      name,
      prefixOf(def) + def.pattern.replace(/:([A-Za-z]+)/g, '{$1}'),
    ]),
  ) as { [K in ApiRouteName]: string };
}
/** Paths as the OpenAPI document keys them ('/api/getBalance/{address}'). */
export const openApiPaths = openApiForm((def) => (def.root ? '' : API_PREFIX));
/** Paths as the /Api page shows them, under the base URL ('/getBalance/{address}'). */
export const docPaths = openApiForm(() => '');

/** The full server paths (Fastify patterns) whose answers must never be stored by a cache (`secret`). */
export const secretRoutePatterns: ReadonlySet<string> = new Set(
  Object.values(API_ROUTES)
    .filter((def: RouteDef) => def.secret)
    .map((def: RouteDef) => (def.root ? '' : API_PREFIX) + def.pattern),
);

/**
 * For tests of malformed requests only: the route's fixed part ('/getBlocks') followed by
 * `segments` exactly as given (not encoded, any number), e.g. a bad %-escape or a missing page.
 */
export function rawPath(name: ApiRouteName, ...segments: readonly string[]): string {
  const def: RouteDef = API_ROUTES[name];
  return (def.pattern.split('/:')[0] ?? def.pattern) + segments.map((s) => `/${s}`).join('');
}
/** rawPath as a full path on the server ('/api/getBlocks/1'). */
export function rawApiPath(name: ApiRouteName, ...segments: readonly string[]): string {
  const def: RouteDef = API_ROUTES[name];
  return (def.root ? '' : API_PREFIX) + rawPath(name, ...segments);
}

/**
 * For tests that stub fetch: the paths of a route under the API base, as a RegExp. A route without
 * parameters matches its whole path only ('^/getHomepagedata$'); one with parameters matches its
 * fixed part and a '/' ('^/getBlocks/'), whatever follows.
 */
export function pathMatcher(name: ApiRouteName): RegExp {
  const def: RouteDef = API_ROUTES[name];
  const fixed = def.pattern.split('/:')[0] ?? def.pattern;
  const escaped = fixed.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(fixed === def.pattern ? `^${escaped}$` : `^${escaped}/`);
}
