/**
 * The HTTP server: the API under /api (REST + OpenAPI at /api/openapi.json), the MCP server at
 * /mcp, /llms.txt, the socket.io channel at /socket.io, and the built SPA with client-side route
 * fallback, all on one port.
 */
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorBody } from '../../common/api/base';
import type { Config } from '../config';
import { GuardedRpcClient, NodeHealth } from '../chain/nodeHealth';
import { VisitorRpcClient } from '../chain/visitorRpc';
import type { Database } from '../db/database';
import type { EventBus } from '../events';
import type { IndexerStatus } from '../indexer/indexer';
import { createApiMetrics } from '../metrics';
import { sessionsEndedChannel } from '../core/sessionsEnded';
import { attachRealtime, type Realtime } from '../realtime/socket';
import { BlockCache } from '../core/blockCache';
import { LATEST_BLOCKS_KEY, nextLatestBlocks } from '../queries/blocks';
import { installCompression } from './compression';
import { API_KEY_SECURITY_SCHEMES, installApiAccess } from './apiKeys';
import type { Api, ApiContext } from '../core/context';
import { installErrorHandling, unknownRoute } from '../core/http';
import { createPriceSource } from '../core/price';
import { installSecurityHeaders, securityHeaders } from '../core/security';
import { ROUTE_MODULES } from './routes/index';
import { installOpsHttp, metricsOf } from './routes/ops';
import { pageStatus } from './pageStatus';
import { installStaticFiles, sendSpaShell } from './staticFiles';
import { installLlmsTxt } from './llmsTxt';
import { installMcp } from './mcp/route';
import { API_PREFIX, patterns } from '../../common/api/paths';

export { API_PREFIX };

export interface ApiDeps {
  config: Config;
  db: Database;
  bus: EventBus;
  rpcUrl: string;
  indexerStatus: () => IndexerStatus;
  log: (m: string) => void;
  /** Folder of the built SPA (default ./dist); served when it holds index.html. */
  distDir?: string;
}

export interface ApiServer {
  url: string;
  app: FastifyInstance;
  ctx: ApiContext;
  close(): Promise<void>;
}

export async function buildApi(deps: ApiDeps): Promise<{ app: Api; ctx: ApiContext }> {
  const earlyHeaders = securityHeaders(deps.config); // framework errors run no hook
  const app: Api = Fastify({
    logger: false,
    bodyLimit: 1_048_576,
    routerOptions: { maxParamLength: 500 },
    // TRUST_PROXY: whose X-Forwarded-For sets req.ip, the key of the per-IP rate limits.
    trustProxy: deps.config.trustProxy,
    // A malformed URL (bad %-escape) or an over-long parameter: the API's error body, not Fastify's.
    frameworkErrors: (err, _req, reply) => {
      const message =
        err.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? 'Invalid request: a path parameter is too long'
          : err.code === 'FST_ERR_BAD_URL'
            ? 'Invalid request: malformed URL (bad % escape)'
            : `Invalid request: ${err.message.slice(0, 200)}`;
      void (reply as unknown as FastifyReply)
        .headers(earlyHeaders)
        .code(err.statusCode ?? 400)
        .send({ status: false, message });
    },
  }).withTypeProvider<TypeBoxTypeProvider>();
  const metrics = createApiMetrics({
    bus: deps.bus,
    indexerStatus: deps.indexerStatus,
    startBlock: deps.config.indexer.startBlock,
    poolStats: deps.db.poolStats,
  });
  const nodeHealth = new NodeHealth(deps.rpcUrl, { log: deps.log }).start();
  const ctx: ApiContext = {
    config: deps.config,
    db: deps.db.db,
    rpc: new GuardedRpcClient(deps.rpcUrl, { retries: 1, timeoutMs: 10_000, onRequest: metrics.observeRpc }, nodeHealth),
    visitorRpc: new VisitorRpcClient(deps.rpcUrl, { onRequest: metrics.observeRpc }, nodeHealth),
    nodeHealth,
    bus: deps.bus,
    cache: new BlockCache(deps.bus),
    price: createPriceSource({
      fixedUsd: deps.config.price.fixedUsd,
      url: deps.config.price.url,
      pollSeconds: deps.config.price.pollSeconds,
      log: deps.log,
    }),
    indexerStatus: deps.indexerStatus,
    sessionsEnded: sessionsEndedChannel(deps.log),
    log: deps.log,
  };
  // The latest blocks follow the events' summaries: the push after a block reads no table.
  ctx.cache.follow(LATEST_BLOCKS_KEY, nextLatestBlocks);
  app.addHook('onClose', async () => {
    ctx.cache.close();
    ctx.price.close();
    metrics.close();
    ctx.nodeHealth.close();
  });
  // First, so every answer below (API, errors, 404s, the SPA) carries the security headers.
  await installSecurityHeaders(app, deps.config);
  installErrorHandling(app, deps.log);
  // A global onSend hook: covers every route, the 404 handler and the SPA shell.
  installCompression(app);
  app.addSchema(ErrorBody);
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Ruby Explorer API',
        version: '1',
        description:
          'Explorer and wallet API of the Ruby chain. Every answer carries a boolean `status`; errors are `{ status: false, message }`. Addresses are r… (0x… also accepted); amounts are RUBY numbers with an exact wei string beside them.',
      },
      servers: [{ url: '/' }],
      // API keys (apiKeys.ts): optional; a key raises the caller's rate limit.
      // `bearer`: the login token (JWT) the account and wallet routes require.
      components: {
        securitySchemes: {
          ...API_KEY_SECURITY_SCHEMES,
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'login token from /login or /registration' },
        },
      },
      security: [{}, ...Object.keys(API_KEY_SECURITY_SCHEMES).map((name) => ({ [name]: [] }))],
    },
  });
  // GET /metrics and the HTTP timing hook (routes/ops.ts): before the /api scope, so it is timed too.
  installOpsHttp(app, ctx, metrics);
  // API keys (x-api-key / apikey) and rate limits, one budget for every /api route and /mcp: the
  // scope installs them before its routes, and the /api scope inside it inherits them.
  await app.register(async (limited) => {
    const access = limited.withTypeProvider<TypeBoxTypeProvider>();
    await installApiAccess(access, ctx);
    await access.register(
      async (api) => {
        const typed = api.withTypeProvider<TypeBoxTypeProvider>();
        for (const mod of ROUTE_MODULES) mod(typed, ctx);
        typed.get(patterns.openapi, { schema: { hide: true } }, async () => typed.swagger());
      },
      { prefix: API_PREFIX },
    );
    // The MCP server for agents (mcp/route.ts), at the root: /mcp.
    await installMcp(access, ctx);
  });
  installLlmsTxt(app, deps.config);

  const dist = path.resolve(deps.distDir ?? 'dist');
  const hasSpa = fs.existsSync(path.join(dist, 'index.html'));
  const shell = hasSpa ? await installStaticFiles(app, dist) : null;
  app.setNotFoundHandler((req, reply) => {
    const isApi = req.url === API_PREFIX || req.url.startsWith(`${API_PREFIX}/`) || req.url.startsWith(`${API_PREFIX}?`);
    // Client-side routes: every non-API GET that is not a file gets the SPA.
    if (shell && !isApi && (req.method === 'GET' || req.method === 'HEAD') && !req.url.startsWith('/socket.io')) {
      return sendSpaShell(req, reply, shell, (pathname) => pageStatus(ctx, pathname));
    }
    return reply.code(404).send(unknownRoute(req.method, req.url));
  });
  return { app, ctx };
}

export async function startApiServer(deps: ApiDeps): Promise<ApiServer> {
  const { app, ctx } = await buildApi(deps);
  const realtime: Realtime = attachRealtime(app.server, ctx);
  metricsOf(ctx)?.setSocketClients(() => realtime.io.engine.clientsCount);
  app.addHook('preClose', async () => {
    await realtime.close();
  });
  await app.listen({ port: deps.config.port, host: deps.config.host });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : deps.config.port;
  return { url: `http://${deps.config.host}:${port}`, app, ctx, close: () => app.close() };
}
