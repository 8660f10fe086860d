/**
 * Operations endpoints against a real devnet and real databases: /api/health, /api/ready (its
 * database, node and indexer-lag checks, 503 naming the failing one, probes cached) and /metrics
 * (Prometheus text: HTTP, RPC and indexer figures, the failed probes of the stopped node among
 * them, so it runs after them).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotReadyResponse, ReadyResponse } from '../../../common/api/ops';
import { devWallet } from '../../helpers/devKeys';
import { openDatabase, type Database } from '../../../server/db/database';
import type { TestApi } from '../../helpers/apiFixture';
import { API_PREFIX, apiPaths, paths, patterns } from '../../../common/api/paths';
import { sleep, PAST_PROBE_CACHE_MS, type IndexingStatusResponse, parseMetrics, value, chain, opsConfig, useOpsChain } from './opsFixture';

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

  it('/api/health answers 200 with the uptime and version', async () => {
    const res = await api.get<{ status: boolean; result: { uptimeSeconds: number; version: string } }>(apiPaths.health());
    expect(res.statusCode).toBe(200);
    expect(res.body.status).toBe(true);
    expect(res.body.result.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(res.body.result.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('/api/ready answers 200 when the database and node answer and the indexer is caught up', async () => {
    const res = await api.get<ReadyResponse>(apiPaths.ready());
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    const { checks } = res.body.result;
    expect(res.body.result.ready).toBe(true);
    expect(checks.database.ok).toBe(true);
    expect(checks.node).toMatchObject({ ok: true, head: api.indexer.status().indexedBlock });
    expect(checks.indexer).toMatchObject({ ok: true, lagBlocks: 0, maxLagBlocks: 20 });
  });

  it('/api/indexing-status carries the node capabilities /api/ready shows (issue #28)', async () => {
    // The process probes at start; wait for its first answer rather than compare two nulls.
    let ready = await api.get<ReadyResponse>(apiPaths.ready());
    for (let i = 0; i < 100 && !ready.body.result.capabilities; i++) {
      await sleep(100);
      ready = await api.get<ReadyResponse>(apiPaths.ready());
    }
    const st = await api.get<IndexingStatusResponse>(apiPaths.indexingStatus());
    expect(st.statusCode).toBe(200);
    expect(ready.body.result.capabilities).toMatchObject({ missing: expect.any(Array) });
    expect(st.body.result.capabilities).toEqual(ready.body.result.capabilities);
  });

  it('/api/ready answers 503 naming the node when the node is stopped, within the probe time-out', async () => {
    const pid = chain.devnet.pid;
    if (pid === undefined) throw new Error('the devnet has no pid');
    await sleep(PAST_PROBE_CACHE_MS);
    process.kill(pid, 'SIGSTOP');
    let res: { statusCode: number; body: NotReadyResponse };
    let slowest = 0;
    try {
      // A probe answered just before the stop may still be cached: ask again past the cache
      // (at most twice more); every answer must come within the probe's time-out.
      for (let attempt = 0; ; attempt++) {
        const started = Date.now();
        res = await api.get<NotReadyResponse>(apiPaths.ready());
        slowest = Math.max(slowest, Date.now() - started);
        if (res.statusCode === 503 || attempt === 2) break;
        await sleep(PAST_PROBE_CACHE_MS);
      }
      // /api/health does not depend on the node.
      expect((await api.get(apiPaths.health())).statusCode).toBe(200);
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    // The probe gives up after 1.5 s; a generous bound for a loaded machine.
    expect(slowest).toBeLessThan(8_000);
    expect(res.statusCode, JSON.stringify(res.body)).toBe(503);
    expect(res.body.status).toBe(false);
    expect(res.body.message).toMatch(/^Not ready: node: /);
    expect(res.body.result.checks.node).toMatchObject({ ok: false, head: null });
    expect(res.body.result.checks.node.error).toMatch(/node/);
    expect(res.body.result.checks.database.ok).toBe(true);
    // Back by itself once the node answers again.
    await sleep(PAST_PROBE_CACHE_MS);
    expect((await api.get(apiPaths.ready())).statusCode).toBe(200);
  }, 60_000);

  it('/api/ready answers 503 naming the indexer when it is more than READY_MAX_LAG_BLOCKS behind', async () => {
    const lagApi = await chain.api(database, opsConfig(api.ctx.config, { readyMaxLagBlocks: 1 }));
    try {
      expect((await lagApi.get(apiPaths.ready())).statusCode).toBe(200);
      // Two blocks the indexer has not seen: the node's head is two ahead.
      await chain.rpc.call('evm_mine', []);
      await chain.rpc.call('evm_mine', []);
      await sleep(PAST_PROBE_CACHE_MS);
      const res = await lagApi.get<NotReadyResponse>(apiPaths.ready());
      expect(res.statusCode).toBe(503);
      expect(res.body.message).toMatch(/^Not ready: indexer: 2 blocks behind the head \(most allowed: 1\)$/);
      expect(res.body.result.checks).toMatchObject({
        database: { ok: true },
        node: { ok: true },
        indexer: { ok: false, lagBlocks: 2, maxLagBlocks: 1 },
      });
      await lagApi.indexer.runOnce();
      await sleep(PAST_PROBE_CACHE_MS);
      expect((await lagApi.get(apiPaths.ready())).statusCode).toBe(200);
    } finally {
      await lagApi.close();
    }
    // The fixture's first indexer keeps its checkpoint in memory: reload it after the other one wrote.
    await api.indexer.init();
    await api.indexer.runOnce();
  }, 60_000);

  it('/metrics is Prometheus text with HTTP, RPC, indexer and process figures', async () => {
    expect((await api.get(apiPaths.blocks({ page: 1, size: 5 }))).statusCode).toBe(200);
    expect((await api.get(apiPaths.balance(devWallet(0).address))).statusCode).toBe(200);
    expect((await api.get('/api/no-such-route/123')).statusCode).toBe(404);
    await api.mine();
    api.bus.publish({ type: 'blocks', from: 1000, to: 1004, hash: '', head: 1004, txCount: 7 });
    const res = await api.app.inject({ method: 'GET', url: paths.metrics() });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const samples = parseMetrics(res.body);
    // The route pattern, not the URL; every unmatched URL under one label.
    expect(value(samples, 'ruby_http_request_duration_seconds_count', `route="${API_PREFIX}${patterns.blocks}",status_code="200"`)).toBe(1);
    expect(samples.some((s) => s.labels.includes(apiPaths.blocks({ page: 1, size: 5 })))).toBe(false);
    expect(value(samples, 'ruby_http_request_duration_seconds_count', 'route="<unmatched>",status_code="404"')).toBeGreaterThanOrEqual(1);
    expect(
      value(samples, 'ruby_http_request_duration_seconds_bucket', `le="+Inf",method="GET",route="${API_PREFIX}${patterns.blocks}"`),
    ).toBe(1);
    // The balance route's node call.
    expect(value(samples, 'ruby_rpc_requests_total', 'method="eth_getBalance",outcome="ok"')).toBe(1);
    expect(value(samples, 'ruby_rpc_request_duration_seconds_count', 'method="eth_getBalance"')).toBe(1);
    // The stopped node earlier made the ready probe fail.
    expect(value(samples, 'ruby_rpc_errors_total', 'method="eth_blockNumber"')).toBeGreaterThanOrEqual(1);
    const st = api.indexer.status();
    expect(value(samples, 'ruby_indexer_indexed_block')).toBe(st.indexedBlock);
    expect(value(samples, 'ruby_indexer_head_block')).toBe(st.head);
    expect(value(samples, 'ruby_indexer_lag_blocks')).toBe(0);
    // api.mine() announced one block; the made-up event five blocks and seven transactions.
    expect(value(samples, 'ruby_indexer_blocks_indexed_total')).toBe(6);
    expect(value(samples, 'ruby_indexer_transactions_indexed_total')).toBe(7);
    expect(value(samples, 'ruby_socket_clients')).toBe(0);
    expect(value(samples, 'ruby_process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(value(samples, 'ruby_build_info', 'version="')).toBe(1);
    // PGlite has no pool.
    expect(samples.some((s) => s.name.startsWith('ruby_db_pool_'))).toBe(false);
  });

  it('a burst of /api/ready probes costs one node call', async () => {
    const calls = async () =>
      value(
        parseMetrics((await api.app.inject({ method: 'GET', url: paths.metrics() })).body),
        'ruby_rpc_requests_total',
        'method="eth_blockNumber",outcome="ok"',
      ) ?? 0;
    await sleep(PAST_PROBE_CACHE_MS);
    const before = await calls();
    const answers = await Promise.all(Array.from({ length: 20 }, () => api.get(apiPaths.ready())));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(await calls()).toBe(before + 1);
  });
});
