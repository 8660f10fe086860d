/**
 * Every configuration variable of the server, read once from the environment.
 * The README's configuration table lists exactly these.
 */
import path from 'node:path';
import { DEVNET_KEEP_BLOCKS_DEFAULT, DEVNET_STATE_INTERVAL_DEFAULT } from './chain/devnetState';
import { decimal, int, bool, trustProxy, metricsToken, jwtSecret, connectSrc, databaseReadUrl, offOr } from './configParse';

/** The devnet's demo price (a made-up number: the devnet coin has no market). */
export const DEMO_PRICE_USD = 0.25;

/** The live channel's limits per client and per connection (enforced by server/realtime/socketLimits.ts). */
export interface SocketLimits {
  maxPerClient: number;
  requestsPerWindow: number;
  windowMs: number;
}

export const DEFAULT_SOCKET_LIMITS: SocketLimits = { maxPerClient: 50, requestsPerWindow: 40, windowMs: 10_000 };

export interface Config {
  /** HTTP port of the API + SPA. */
  port: number;
  host: string;
  /** Folder for the devnet state, the PGlite database and generated secrets. */
  dataDir: string;
  /** Node JSON-RPC URL; null = start the bundled anvil devnet. */
  rpcUrl: string | null;
  /** PostgreSQL URL; null = embedded PGlite in dataDir/pglite. */
  databaseUrl: string | null;
  /**
   * PostgreSQL URL of a streaming replica of databaseUrl: an `api` process reads there (writes,
   * LISTEN and NOTIFY stay on the primary; server/db/readRouting.ts). null = everything on the primary.
   */
  databaseReadUrl: string | null;
  /**
   * PostgreSQL statement_timeout of the API's own connections (API_STATEMENT_TIMEOUT_MS, ms): a
   * read that takes longer is cancelled and answered 503 with a message saying so. The indexer's
   * connections keep their own, longer one (server/db/database.ts). 0 = the indexer's too.
   */
  apiStatementTimeoutMs: number;
  chainId: number;
  devnet: {
    port: number;
    /** Seconds between blocks; 0 = mine only on demand (tests). */
    blockTime: number;
    /** Seconds between anvil's state dumps (DEVNET_STATE_INTERVAL). */
    stateIntervalSec: number;
    /** Blocks the devnet keeps with their transactions, the latest; 0 = all (DEVNET_KEEP_BLOCKS). */
    keepBlocks: number;
  };
  traffic: {
    enabled: boolean;
    seed: number;
    /** Verify the generator's sample contracts through the product's own API once deployed. */
    verify: boolean;
  };
  indexer: {
    startBlock: number;
    batchSize: number;
    batchTxs: number;
    concurrency: number;
    pollMs: number;
    /** Wake on the node's newHeads over WebSocket when offered (INDEXER_NEW_HEADS, default on). */
    newHeads: boolean;
  };
  price: {
    /** USD per RUBY when no feed is configured (and until the feed first answers). */
    fixedUsd: number;
    /** JSON price feed polled for the USD price; null = the fixed price. */
    url: string | null;
    pollSeconds: number;
  };
  /**
   * Rate limits of the API (issue 8), requests per window: callers with a valid API key are
   * counted per key, everyone else (the SPA included) per IP. 0 = no limit.
   */
  rateLimit: {
    anonymousMax: number;
    apiKeyMax: number;
    windowSeconds: number;
    /** Loopback callers (a reverse proxy on the same host, local tools) are not limited. */
    exemptLoopback: boolean;
  };
  /**
   * Fastify's `trustProxy`: which peers may set the client address with X-Forwarded-For (the
   * address the per-IP rate limits count). false = none (the socket's address is the client),
   * true = every hop, or a list of proxy addresses / CIDRs / proxy-addr's named ranges.
   */
  trustProxy: boolean | string[];
  /** Operations endpoints (/api/ready, /metrics). */
  ops: {
    /** /api/ready answers 503 when the indexer is more than this many blocks behind the node. */
    readyMaxLagBlocks: number;
    /** When set, /metrics requires `Authorization: Bearer <token>`; null = open. */
    metricsToken: string | null;
  };
  /** Where verification obtains the solc releases it is asked for (server/verify/solcStore.ts). */
  verify: {
    /** The Solidity binaries list (…/bin with list.json); null = not asked (SOLC_BINARIES_URL=off). */
    solcBinariesUrl: string | null;
    /** npm registry for `solc@<version>`; undefined = npm's configured one; null = not asked. */
    solcNpmRegistry: string | null | undefined;
  };
  /** Response headers of every answer (server/core/security.ts). */
  security: {
    /**
     * The site is served over TLS (by this process or a proxy in front): send
     * Strict-Transport-Security and the CSP's upgrade-insecure-requests. Off by default: over
     * plain HTTP the browser ignores HSTS, and upgrade-insecure-requests would break every request.
     */
    hsts: boolean;
    /**
     * Origins the SPA may connect to besides its own (the CSP's connect-src): the API and socket
     * hosts of a build with absolute VITE_API_BASE / VITE_SOCKET_URL. Each http(s) origin comes
     * with its ws(s) twin (socket.io's WebSocket), since CSP does not match wss: with https:.
     */
    connectSrc: string[];
  };
  /**
   * Supply the top-accounts percentage divides by (RUBY); null = the sum of all indexed balances
   * (the bundled devnet's default: its coins are the dev accounts' allocation, not the spec's
   * supply; docs/decisions.md#top-accounts-percentage).
   */
  totalSupply: number | null;
  /** JSON file of public name tags (address → tag) added to the devnet's own (server/core/nameTags.ts); null = none. */
  nameTagsFile: string | null;
  logLevel: string;
  /** The live channel's limits per client and per connection (server/realtime/socketLimits.ts). */
  socketLimits: SocketLimits;
  /** Serve the spec's GET routes that carry a password or key in the path (else 410). */
  legacySecretRoutes: boolean;
  auth: {
    /** HS256 secret of the login tokens; null = generated once and kept in dataDir/jwt-secret. */
    jwtSecret: string | null;
    /** Lifetime of a login token (seconds). */
    tokenTtlSeconds: number;
    /** Sign-up + log-in attempts allowed per client network (IPv4 address, IPv6 /64) per minute, all replicas together. */
    perIpPerMinute: number;
    /** Failed log-ins allowed per email per client network per 15 minutes, all replicas together. */
    failuresPer15Minutes: number;
  };
}

/** A page the API reads in more than this is a query to stop. */
export const API_STATEMENT_TIMEOUT_DEFAULT_MS = 10_000;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const rpcUrl = env.RUBY_RPC_URL?.trim() || null;
  return {
    port: int('PORT', 8080, env),
    host: env.HOST?.trim() || '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR?.trim() || 'data'),
    rpcUrl,
    databaseUrl: env.DATABASE_URL?.trim() || null,
    databaseReadUrl: databaseReadUrl(env),
    apiStatementTimeoutMs: int('API_STATEMENT_TIMEOUT_MS', API_STATEMENT_TIMEOUT_DEFAULT_MS, env),
    chainId: int('CHAIN_ID', 18215, env),
    devnet: {
      port: int('DEVNET_PORT', 8545, env),
      blockTime: int('DEVNET_BLOCK_TIME', 10, env),
      stateIntervalSec: Math.max(1, int('DEVNET_STATE_INTERVAL', DEVNET_STATE_INTERVAL_DEFAULT, env)),
      keepBlocks: int('DEVNET_KEEP_BLOCKS', DEVNET_KEEP_BLOCKS_DEFAULT, env),
    },
    traffic: {
      // On by default with the bundled devnet, off against a real node.
      enabled: bool('TRAFFIC', rpcUrl === null, env),
      seed: int('TRAFFIC_SEED', 18215, env),
      verify: bool('TRAFFIC_VERIFY', true, env),
    },
    indexer: {
      startBlock: int('INDEXER_START_BLOCK', 0, env),
      batchSize: Math.max(1, int('INDEXER_BATCH_SIZE', 50, env)),
      batchTxs: Math.max(1, int('INDEXER_BATCH_TXS', 500, env)),
      concurrency: Math.max(1, int('INDEXER_CONCURRENCY', 3, env)),
      pollMs: Math.max(50, int('INDEXER_POLL_MS', 500, env)),
      newHeads: bool('INDEXER_NEW_HEADS', true, env),
    },
    price: {
      fixedUsd: decimal('RUBY_PRICE_USD', DEMO_PRICE_USD, env),
      url: env.RUBY_PRICE_URL?.trim() || null,
      pollSeconds: Math.max(5, int('RUBY_PRICE_POLL_SECONDS', 60, env)),
    },
    rateLimit: {
      // Generous: one SPA page asks for 5 to 20 answers; a user never gets near 1,200 a minute.
      anonymousMax: int('RATE_LIMIT_ANONYMOUS', 1200, env),
      apiKeyMax: int('RATE_LIMIT_API_KEY', 12000, env),
      windowSeconds: Math.max(1, int('RATE_LIMIT_WINDOW_SECONDS', 60, env)),
      exemptLoopback: bool('RATE_LIMIT_EXEMPT_LOOPBACK', true, env),
    },
    trustProxy: trustProxy(env),
    ops: {
      readyMaxLagBlocks: int('READY_MAX_LAG_BLOCKS', 20, env),
      metricsToken: metricsToken(env),
    },
    verify: {
      solcBinariesUrl: offOr('SOLC_BINARIES_URL', env.SOLC_BINARIES_URL, 'https://binaries.soliditylang.org/bin'),
      solcNpmRegistry: env.SOLC_NPM_REGISTRY?.trim() ? offOr('SOLC_NPM_REGISTRY', env.SOLC_NPM_REGISTRY, null) : undefined,
    },
    security: {
      hsts: bool('HSTS', false, env),
      connectSrc: connectSrc(env),
    },
    totalSupply: env.RUBY_TOTAL_SUPPLY?.trim() || rpcUrl !== null ? decimal('RUBY_TOTAL_SUPPLY', 271822351, env) || 271822351 : null,
    nameTagsFile: env.NAME_TAGS_FILE?.trim() || null,
    logLevel: env.LOG_LEVEL?.trim() || 'info',
    // The spec's GET forms with a password or key in the path: on with the bundled devnet (a demo
    // chain), off against a real node unless asked for (server/auth/legacyRoutes.ts).
    socketLimits: {
      maxPerClient: int('SOCKET_MAX_PER_CLIENT', DEFAULT_SOCKET_LIMITS.maxPerClient, env),
      requestsPerWindow: int('SOCKET_REQUESTS_PER_10S', DEFAULT_SOCKET_LIMITS.requestsPerWindow, env),
      windowMs: DEFAULT_SOCKET_LIMITS.windowMs,
    },
    legacySecretRoutes: bool('LEGACY_SECRET_ROUTES', rpcUrl === null, env),
    auth: {
      jwtSecret: jwtSecret(env),
      tokenTtlSeconds: Math.max(60, int('JWT_TTL_SECONDS', 86_400, env)),
      perIpPerMinute: Math.max(1, int('AUTH_LIMIT_PER_IP_PER_MINUTE', 30, env)),
      // AUTH_LIMIT_PER_EMAIL_PER_15_MIN: the older name (it then counted every attempt of an email from anywhere).
      failuresPer15Minutes: Math.max(1, int('AUTH_LIMIT_FAILURES_PER_15_MIN', int('AUTH_LIMIT_PER_EMAIL_PER_15_MIN', 10, env), env)),
    },
  };
}
