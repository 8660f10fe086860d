/**
 * Prometheus metrics of one API server (GET /metrics, text format, prom-client).
 *
 * Each API server gets its own Registry, never prom-client's global one: tests build several apps
 * in one process, and a metric registered twice in one registry throws. Every name starts with
 * `ruby_`. Label values are bounded: HTTP routes are route patterns (`/api/getBlock/:block`),
 * never raw URLs, and every unmatched URL shares one label; RPC methods come from our own code.
 *
 * Indexer figures come from the event bus ('blocks' events, which reach the API process in the
 * all-in-one and in the scale-out mode alike) and from indexerStatus(), read at scrape time.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { RpcRequestInfo } from './chain/rpc';
import type { PoolStats } from './db/database';
import type { EventBus } from './events';
import type { IndexerStatus } from './indexer/indexer';
import { PROJECT_ROOT } from './paths';

export const METRICS_PREFIX = 'ruby_';
/** The route label of a request no route matched (404s, the SPA's client-side routes). */
export const UNMATCHED_ROUTE = '<unmatched>';

/** The product's version, from package.json (read once; the build does not bundle it). */
export const PRODUCT_VERSION: string = (() => {
  try {
    const pkg = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : 'unknown';
  } catch {
    return 'unknown';
  }
})();

/**
 * The build of React this process renders pages with, from the file Node loaded (its CommonJS
 * cache): 'production' or 'development', or 'none' before the first server-rendered page. Proof
 * from outside that production mode reached the renderer (server/main.ts).
 */
export function reactBuild(): 'production' | 'development' | 'none' {
  const loaded = Object.keys(createRequire(import.meta.url).cache);
  const server = loaded.find((f) => /[\\/]react-dom[\\/]cjs[\\/]react-dom-server\.node\.(production|development)\.js$/.test(f));
  if (!server) return 'none';
  return server.endsWith('.production.js') ? 'production' : 'development';
}

/** Seconds; from a cached page (a few ms) to a slow node call (the RPC time-out is 10 s). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface MetricsSources {
  bus: EventBus;
  indexerStatus: () => IndexerStatus;
  /** First block the indexer indexes (the lag before anything is indexed counts from it). */
  startBlock: number;
  /** The database pool (PostgreSQL); undefined with PGlite, which has none. */
  poolStats?: () => PoolStats;
}

export interface ApiMetrics {
  readonly registry: Registry;
  /** One HTTP request answered; `route` is the route pattern, or undefined when none matched. */
  observeHttp(method: string, route: string | undefined, statusCode: number, seconds: number): void;
  /** The RpcClient observer (RpcOptions.onRequest) of the API process's node calls. */
  readonly observeRpc: (info: RpcRequestInfo) => void;
  /** Where the socket.io client count comes from (set once the realtime channel is attached). */
  setSocketClients(count: () => number): void;
  /** The text Prometheus scrapes, and its content type. */
  scrape(): Promise<{ contentType: string; body: string }>;
  /** Stops listening to the bus. */
  close(): void;
}

/** Blocks the indexer is behind the head: head − indexed block (all of them when none is yet). */
export function indexerLag(st: IndexerStatus, startBlock: number, head: number = st.head): number {
  const indexed = st.indexedBlock ?? startBlock - 1;
  return Math.max(0, head - indexed);
}

export function createApiMetrics(src: MetricsSources): ApiMetrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry, prefix: METRICS_PREFIX });

  new Gauge({
    name: `${METRICS_PREFIX}build_info`,
    help: "Always 1; the version, NODE_ENV and the build of React the pages are rendered with ('none' before the first) are labels",
    labelNames: ['version', 'node_env', 'react'],
    registers,
    collect() {
      this.reset();
      this.set({ version: PRODUCT_VERSION, node_env: process.env.NODE_ENV ?? '', react: reactBuild() }, 1);
    },
  });

  const http = new Histogram({
    name: `${METRICS_PREFIX}http_request_duration_seconds`,
    help: 'HTTP requests by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'],
    buckets: LATENCY_BUCKETS,
    registers,
  });

  const rpcRequests = new Counter({
    name: `${METRICS_PREFIX}rpc_requests_total`,
    help: 'HTTP posts of the API process to the node, by JSON-RPC method (a batch: its first method) and outcome',
    labelNames: ['method', 'outcome'],
    registers,
  });
  const rpcErrors = new Counter({
    name: `${METRICS_PREFIX}rpc_errors_total`,
    help: 'Node posts that failed (timeout, unreachable, HTTP error, JSON-RPC error answer), by method',
    labelNames: ['method'],
    registers,
  });
  const rpcLatency = new Histogram({
    name: `${METRICS_PREFIX}rpc_request_duration_seconds`,
    help: 'Time of one HTTP post to the node, by method',
    labelNames: ['method'],
    buckets: LATENCY_BUCKETS,
    registers,
  });

  // Read at scrape time, so the figures are those of the moment Prometheus asks.
  new Gauge({
    name: `${METRICS_PREFIX}indexer_head_block`,
    help: 'Head block of the node as the indexer last saw it',
    registers,
    collect() {
      this.set(src.indexerStatus().head);
    },
  });
  new Gauge({
    name: `${METRICS_PREFIX}indexer_indexed_block`,
    help: 'Last block indexed (-1 before the first)',
    registers,
    collect() {
      this.set(src.indexerStatus().indexedBlock ?? -1);
    },
  });
  new Gauge({
    name: `${METRICS_PREFIX}indexer_lag_blocks`,
    help: 'Blocks the indexer is behind the head',
    registers,
    collect() {
      this.set(indexerLag(src.indexerStatus(), src.startBlock));
    },
  });
  const blocks = new Counter({
    name: `${METRICS_PREFIX}indexer_blocks_indexed_total`,
    help: 'Blocks indexed (rate() gives blocks per second)',
    registers,
  });
  const txs = new Counter({
    name: `${METRICS_PREFIX}indexer_transactions_indexed_total`,
    help: 'Transactions indexed (rate() gives transactions per second)',
    registers,
  });
  const unsubscribe = src.bus.subscribe((e) => {
    if (e.type !== 'blocks') return;
    blocks.inc(Math.max(0, e.to - e.from + 1));
    txs.inc(Math.max(0, e.txCount));
  });

  let socketClients: () => number = () => 0;
  new Gauge({
    name: `${METRICS_PREFIX}socket_clients`,
    help: 'Connected socket.io (realtime) clients',
    registers,
    collect() {
      this.set(socketClients());
    },
  });

  const pool = src.poolStats;
  if (pool) {
    const poolGauge = (name: string, help: string, read: (s: PoolStats) => number) =>
      new Gauge({
        name: `${METRICS_PREFIX}db_pool_${name}`,
        help,
        registers,
        collect() {
          this.set(read(pool()));
        },
      });
    poolGauge('connections', 'Open PostgreSQL connections of the pool, busy or idle', (s) => s.total);
    poolGauge('idle_connections', 'Idle PostgreSQL connections of the pool', (s) => s.idle);
    poolGauge('waiting_queries', 'Queries waiting for a pool connection', (s) => s.waiting);
    poolGauge('max_connections', 'Size of the pool', (s) => s.max);
  }

  return {
    registry,
    observeHttp(method, route, statusCode, seconds) {
      http.observe({ method, route: route ?? UNMATCHED_ROUTE, status_code: String(statusCode) }, seconds);
    },
    observeRpc(info) {
      rpcRequests.inc({ method: info.method, outcome: info.outcome });
      if (info.outcome !== 'ok') rpcErrors.inc({ method: info.method });
      rpcLatency.observe({ method: info.method }, info.seconds);
    },
    setSocketClients(count) {
      socketClients = count;
    },
    async scrape() {
      // prom-client writes NaN (an event-loop figure before its first sample) as "Nan"; the
      // text format spells it "NaN", and stricter parsers than Prometheus's refuse the rest.
      return { contentType: registry.contentType, body: (await registry.metrics()).replace(/ Nan$/gm, ' NaN') };
    },
    close() {
      unsubscribe();
    },
  };
}

/**
 * Does an Authorization header carry `Bearer <token>`? Compared in constant time (over SHA-256
 * digests, so the lengths match) to leak nothing of the token through timing.
 */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const m = /^Bearer[ ]+(\S+)\s*$/i.exec(header ?? '');
  if (!m?.[1]) return false;
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(m[1]), digest(token));
}
