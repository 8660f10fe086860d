/**
 * Operations endpoints against a real devnet and real databases: in the OpenAPI document, never
 * rate-limited, METRICS_TOKEN enforced, socket.io clients and the PostgreSQL pool in /metrics.
 */
import path from 'node:path';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_PATH } from '../../../common/api/socket';
import { openDatabase, type Database } from '../../../server/db/database';
import { startApiServer } from '../../../server/api/server';
import type { TestApi } from '../../helpers/apiFixture';
import { openTestDatabase, pgAvailable } from '../../helpers/db';
import { apiPaths, paths } from '../../../common/api/paths';
import { parseMetrics, value, chain, opsConfig, useOpsChain } from './opsFixture';

useOpsChain();

describe('operations endpoints [pglite]', () => {
  let database: Database;
  let api: TestApi;
  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: null, dataDir: null });
    api = await chain.api(database);
  }, 120_000);
  afterAll(async () => {
    await api?.close();
    await database?.close();
  });

  it('describes /api/health, /api/ready and /metrics in the OpenAPI document under Operations', async () => {
    const doc = (await api.get<{ paths: Record<string, { get?: { tags?: string[] } }> }>(apiPaths.openapi())).body;
    for (const p of [apiPaths.health(), apiPaths.ready(), paths.metrics()]) expect(doc.paths[p]?.get?.tags, p).toEqual(['Operations']);
  });

  it('never rate-limits /api/health, /api/ready or /metrics', async () => {
    const limited = await chain.api(database, { rateLimit: { anonymousMax: 2, apiKeyMax: 2, windowSeconds: 60, exemptLoopback: false } });
    try {
      const get = async (url: string) => (await limited.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.5' })).statusCode;
      for (let i = 0; i < 5; i++) {
        for (const url of [apiPaths.health(), apiPaths.ready(), paths.metrics()]) expect(await get(url), url).toBe(200);
      }
      // The control: an ordinary route is limited at the third request.
      expect([await get(apiPaths.indexingStatus()), await get(apiPaths.indexingStatus()), await get(apiPaths.indexingStatus())]).toEqual([
        200, 200, 429,
      ]);
    } finally {
      await limited.close();
    }
  }, 60_000);

  it('requires Authorization: Bearer <METRICS_TOKEN> when the token is set', async () => {
    const token = 'metrics-token-0123456789';
    const guarded = await chain.api(database, opsConfig(api.ctx.config, { metricsToken: token }));
    try {
      const get = (authorization?: string) =>
        guarded.app.inject({ method: 'GET', url: paths.metrics(), headers: authorization === undefined ? {} : { authorization } });
      const none = await get();
      expect(none.statusCode).toBe(401);
      expect(none.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(none.json()).toEqual({ status: false, message: 'Metrics need Authorization: Bearer <METRICS_TOKEN>' });
      expect((await get(`Bearer ${token}x`)).statusCode).toBe(401);
      expect((await get(`Basic ${token}`)).statusCode).toBe(401);
      const ok = await get(`Bearer ${token}`);
      expect(ok.statusCode).toBe(200);
      expect(parseMetrics(ok.body).length).toBeGreaterThan(10);
      // The other operations endpoints stay open to probes.
      expect((await guarded.get(apiPaths.health())).statusCode).toBe(200);
    } finally {
      await guarded.close();
    }
  }, 60_000);

  it('/metrics counts the connected socket.io clients of a listening server', async () => {
    const server = await startApiServer({
      config: { ...api.ctx.config, port: 0, host: '127.0.0.1' },
      db: database,
      bus: api.bus,
      rpcUrl: chain.devnet.url,
      indexerStatus: () => api.indexer.status(),
      log: () => {},
      distDir: path.join(chain.dir, 'no-dist'),
    });
    const socket = connect(server.url, { path: SOCKET_PATH, transports: ['websocket'], reconnection: false, forceNew: true });
    const clients = async () =>
      value(parseMetrics(await (await fetch(`${server.url}${apiPaths.metrics()}`)).text()), 'ruby_socket_clients');
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      expect(await clients()).toBe(1);
      socket.disconnect();
      await expect.poll(clients, { timeout: 10_000 }).toBe(0);
    } finally {
      socket.disconnect();
      await server.close();
    }
  }, 60_000);
});

describe.skipIf(!pgAvailable)('operations endpoints [pg]', () => {
  let database: Database;
  let api: TestApi;
  beforeAll(async () => {
    database = await openTestDatabase('pg');
    api = await chain.api(database);
  }, 120_000);
  afterAll(async () => {
    await api?.close();
    await database?.close();
  });

  it('/metrics shows the PostgreSQL pool, and /api/ready checks that database', async () => {
    expect((await api.get(apiPaths.ready())).statusCode).toBe(200);
    const samples = parseMetrics((await api.app.inject({ method: 'GET', url: paths.metrics() })).body);
    expect(value(samples, 'ruby_db_pool_max_connections')).toBe(10);
    const total = value(samples, 'ruby_db_pool_connections') ?? -1;
    const idle = value(samples, 'ruby_db_pool_idle_connections') ?? -1;
    expect(total).toBeGreaterThanOrEqual(1);
    expect(total).toBeLessThanOrEqual(10);
    expect(idle).toBeGreaterThanOrEqual(0);
    expect(idle).toBeLessThanOrEqual(total);
    expect(value(samples, 'ruby_db_pool_waiting_queries')).toBe(0);
  });
});
