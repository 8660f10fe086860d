/**
 * Operations endpoints: /api/health (liveness), /api/ready (readiness) and /metrics (Prometheus),
 * plus the HTTP timing hook behind the request-duration histogram.
 *
 * - /api/health touches neither the database nor the node: it says the process answers.
 * - /api/ready checks the database (SELECT 1), the node (eth_blockNumber) and the indexer's lag,
 *   each with a short time-out, so a probe never hangs on a dead backend. Each probe's result is
 *   kept PROBE_CACHE_MS and shared by concurrent requests: a burst of probes costs one call.
 * - None of them is rate-limited (a prober told 429 would mark a healthy server down).
 */
import { ErrorBody } from '../../../common/api/base';
import { NotReadyResponse, type ReadyChecks } from '../../../common/api/ops';
import { patterns } from '../../../common/api/paths';
import { ANSWERS } from '../../../common/api/answers';
import { CapabilityMonitor, type NodeCapabilities } from '../../chain/capabilities';
import { RpcClient } from '../../chain/rpc';
import { blockNumber } from '../../chain/rpcActions';
import { PRODUCT_VERSION, bearerMatches, indexerLag, type ApiMetrics } from '../../metrics';
import type { Api, ApiContext, RouteModule } from '../../core/context';
import { pingDatabase } from '../../queries/ops';

/** Time-out of each readiness probe: well under a prober's usual 2-5 s. */
export const PROBE_TIMEOUT_MS = 1_500;
/** How long a probe's answer is reused. */
export const PROBE_CACHE_MS = 1_000;

const TAGS = ['Operations'];
/** Fastify route config that switches @fastify/rate-limit off for a route. */
const NOT_RATE_LIMITED = { rateLimit: false } as const;

const metricsByCtx = new WeakMap<ApiContext, ApiMetrics>();

/** The metrics of the API built with `ctx` (set by installOpsHttp), if any. */
export function metricsOf(ctx: ApiContext): ApiMetrics | undefined {
  return metricsByCtx.get(ctx);
}

const capabilitiesByCtx = new WeakMap<ApiContext, CapabilityMonitor>();

/** This API process's last probe of what the node offers; null before the first answer. */
export function nodeCapabilitiesOf(ctx: ApiContext): NodeCapabilities | null {
  return capabilitiesByCtx.get(ctx)?.current() ?? null;
}

/**
 * `fn`'s last answer for `ttlMs` after it came, and one shared call while it runs. Timed on the
 * monotonic clock: a wall clock stepped back (NTP on a VM) must not keep a stale answer alive.
 */
function cachedProbe<T>(ttlMs: number, fn: () => Promise<T>): () => Promise<T> {
  let inflight: Promise<T> | null = null;
  let last: { at: number; value: T } | null = null;
  return () => {
    if (last && performance.now() - last.at < ttlMs) return Promise.resolve(last.value);
    inflight ??= fn()
      .then((value) => {
        last = { at: performance.now(), value };
        return value;
      })
      .finally(() => {
        inflight = null;
      });
    return inflight;
  };
}

/** Runs `work` with a time-out; resolves with its latency and error text (never rejects). */
async function timed<T>(work: () => Promise<T>, what: string): Promise<{ value: T | null; latencyMs: number; error?: string }> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${PROBE_TIMEOUT_MS} ms`)), PROBE_TIMEOUT_MS);
  });
  try {
    const value = await Promise.race([work(), timeout]);
    return { value, latencyMs: Math.round(performance.now() - started) };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return { value: null, latencyMs: Math.round(performance.now() - started), error: message.slice(0, 300) };
  } finally {
    clearTimeout(timer);
  }
}

export const opsRoutes: RouteModule = (app, ctx) => {
  const started = Date.now();
  app.get(
    patterns.health,
    {
      config: NOT_RATE_LIMITED,
      schema: {
        tags: TAGS,
        summary: 'Liveness: the process answers (touches neither the database nor the node)',
        response: { 200: ANSWERS.health },
      },
    },
    async (_req, reply) => {
      void reply.header('cache-control', 'no-store');
      return { status: true, result: { uptimeSeconds: Math.round((Date.now() - started) / 100) / 10, version: PRODUCT_VERSION } };
    },
  );

  // Its own client: no retry and a short time-out, unlike the pages' calls.
  const probeRpc = new RpcClient(ctx.rpc.url, { retries: 0, timeoutMs: PROBE_TIMEOUT_MS, onRequest: metricsOf(ctx)?.observeRpc });
  const probeDb = cachedProbe(PROBE_CACHE_MS, () => timed(() => pingDatabase(ctx.db), 'the database'));
  const probeNode = cachedProbe(PROBE_CACHE_MS, () => timed(() => blockNumber(probeRpc), 'the node'));
  // This process's own probe of what the node offers, at start and every few minutes:
  // an API process in the split mode talks to its node itself, whatever the indexer found.
  const capabilities = new CapabilityMonitor(new RpcClient(ctx.rpc.url, { retries: 0, timeoutMs: 5_000 }), ctx.log);
  capabilities.start();
  capabilitiesByCtx.set(ctx, capabilities);
  app.addHook('onClose', async () => capabilities.stop());

  app.get(
    patterns.ready,
    {
      config: NOT_RATE_LIMITED,
      schema: {
        tags: TAGS,
        summary:
          'Readiness: the database and the node answer, and the indexer is at most READY_MAX_LAG_BLOCKS behind; 503 with the same checks when not',
        response: { 200: ANSWERS.ready, 503: NotReadyResponse },
      },
    },
    async (_req, reply) => {
      const [db, node] = await Promise.all([probeDb(), probeNode()]);
      const st = ctx.indexerStatus();
      // The node's answer when there is one: an indexer that stopped following it still looks
      // caught up against the head it last saw.
      const head = Math.max(st.head, node.value ?? 0);
      const maxLagBlocks = ctx.config.ops.readyMaxLagBlocks;
      const lagBlocks = indexerLag(st, ctx.config.indexer.startBlock, head);
      const checks: ReadyChecks = {
        database: { ok: db.error === undefined, latencyMs: db.latencyMs, ...(db.error === undefined ? {} : { error: db.error }) },
        node: {
          ok: node.error === undefined,
          latencyMs: node.latencyMs,
          head: node.value,
          ...(node.error === undefined ? {} : { error: node.error }),
        },
        indexer: {
          ok: lagBlocks <= maxLagBlocks,
          indexedBlock: st.indexedBlock,
          head,
          lagBlocks,
          maxLagBlocks,
          ...(lagBlocks <= maxLagBlocks ? {} : { error: `${lagBlocks} blocks behind the head (most allowed: ${maxLagBlocks})` }),
        },
      };
      const failed = Object.entries(checks).filter(([, c]) => !c.ok);
      void reply.header('cache-control', 'no-store');
      const caps = capabilities.current();
      if (failed.length === 0) return { status: true, result: { ready: true, checks, capabilities: caps } };
      const message = `Not ready: ${failed.map(([name, c]) => `${name}: ${c.error ?? 'failed'}`).join('; ')}`;
      return reply.code(503).send({ status: false, message, result: { ready: false, checks, capabilities: caps } });
    },
  );
};

/**
 * On the root instance, before the /api scope is registered (a hook added later would not reach
 * routes already loaded): the HTTP timing hook and GET /metrics.
 */
export function installOpsHttp(app: Api, ctx: ApiContext, metrics: ApiMetrics): void {
  metricsByCtx.set(ctx, metrics);
  app.addHook('onResponse', async (req, reply) => {
    // The route pattern, never the URL: one series per route, whatever the parameters.
    metrics.observeHttp(req.method, req.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
  });
  const token = ctx.config.ops.metricsToken;
  app.get(
    patterns.metrics,
    {
      schema: {
        tags: TAGS,
        summary: 'Prometheus metrics (text format); with METRICS_TOKEN set, send Authorization: Bearer <token>',
        produces: ['text/plain'],
        // A string body skips Fastify's serializer: the schema only documents it.
        response: { 200: ANSWERS.metrics, 401: ErrorBody },
      },
    },
    async (req, reply) => {
      if (token !== null && !bearerMatches(req.headers.authorization, token)) {
        void reply.header('www-authenticate', 'Bearer realm="metrics"');
        return reply.code(401).send({ status: false, message: 'Metrics need Authorization: Bearer <METRICS_TOKEN>' });
      }
      const { contentType, body } = await metrics.scrape();
      void reply.header('cache-control', 'no-store');
      return reply.type(contentType).send(body);
    },
  );
}
