/**
 * A node outage as the issue measured it: anvil stopped with SIGSTOP (the port still accepts
 * connections, nothing answers). On a real devnet and PGlite: the home data keeps answering from
 * the database with the last-known gas price and pending count (marked with their age) without
 * waiting on the node, /indexing-status says the node is down and as of which block, a route
 * that needs the node answers 503 at once, and after SIGCONT the status clears by itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomePageResponse, RubyPriceResponse } from '../../../common/api/home';
import { openDatabase, type Database } from '../../../server/db/database';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';
import { continueProcess, stopProcess } from '../../helpers/stopProcess';
import { apiPaths } from '../../../common/api/paths';

interface StatusAnswer {
  status: boolean;
  result: { indexedBlock: number | null; node: { reachable: boolean; downSince: number | null; lastBlock: number | null } };
}

/** The outage length. */
const OUTAGE_MS = 30_000;
/** Requests measured during the outage (spread over it). */
const REQUESTS = 60;
/** The product's target is 100 ms; this machine is shared by several test runs, hence the margin. */
const P99_LIMIT_MS = 300;

let chain: IndexedChain;
let database: Database;
let api: TestApi;
let stopped = false;

function resume(): void {
  const pid = chain?.devnet.pid;
  if (stopped && pid !== undefined) continueProcess(pid);
  stopped = false;
}

beforeAll(async () => {
  chain = await startIndexedChain({ steps: 6 });
  database = await openDatabase({ databaseUrl: null, dataDir: null });
  api = await chain.api(database);
}, 180_000);

afterAll(async () => {
  resume();
  await api?.close();
  await database?.close();
  await chain?.stop();
}, 60_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function percentile(sorted: number[], p: number): number {
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? NaN;
}

async function timedGet<T>(url: string): Promise<{ ms: number; statusCode: number; body: T }> {
  const t = performance.now();
  const res = await api.get<T>(url);
  return { ms: performance.now() - t, ...res };
}

describe('node outage (anvil SIGSTOPped for 30 s)', () => {
  it('answers from the database and the last-known node values, says so, and recovers by itself', async () => {
    const before = await api.get<HomePageResponse>(apiPaths.homeData());
    expect(before.statusCode).toBe(200);
    expect(before.body.result.nodeReachable).toBe(true);
    expect(before.body.result.gasPriceWei).not.toBeNull();
    expect(before.body.result.nodeDataAge).toBeLessThanOrEqual(5);
    const known = before.body.result;
    const indexed = api.indexer.status().indexedBlock;
    const [somebody] = await chain.rpc.call<string[]>('eth_accounts');

    const pid = chain.devnet.pid;
    if (pid === undefined) throw new Error('no anvil pid');
    stopped = true;
    await stopProcess(pid);
    const t0 = Date.now();
    try {
      const latencies: number[] = [];
      let downSeenAfter: number | null = null;
      let balanceMs: number | null = null;
      for (let i = 0; i < REQUESTS; i++) {
        const home = await timedGet<HomePageResponse>(apiPaths.homeData());
        latencies.push(home.ms);
        expect(home.statusCode).toBe(200);
        const r = home.body.result;
        // The database part is all there, the node's part is the last-known one.
        expect(r.latestBlockNumber).toBe(indexed);
        expect(r.trx_length).toBe(known.trx_length);
        expect(r.gasPriceWei).toBe(known.gasPriceWei);
        expect(r.fee).toBe(known.fee);
        expect(r.pendingTransactions).toBe(known.pendingTransactions);
        expect(r.nodeDataAsOf).toBe(known.nodeDataAsOf);
        expect(r.nodeDataAge).toBeGreaterThanOrEqual(Math.floor((Date.now() - t0) / 1000) - 1);
        const st = await api.get<StatusAnswer>(apiPaths.indexingStatus());
        expect(st.statusCode).toBe(200);
        if (!st.body.result.node.reachable && downSeenAfter === null) {
          downSeenAfter = Date.now() - t0;
          expect(st.body.result.node.lastBlock).toBe(indexed);
          expect(st.body.result.node.downSince).toBeGreaterThanOrEqual(t0);
          expect((await api.get<HomePageResponse>(apiPaths.homeData())).body.result.nodeReachable).toBe(false);
          // A route that must ask the node: a 503 at once, not a wait on the time-out.
          const bal = await timedGet<{ status: boolean; message: string }>(apiPaths.balance(String(somebody)));
          expect(bal.statusCode).toBe(503);
          expect(bal.body.status).toBe(false);
          balanceMs = bal.ms;
          const price = await api.get<RubyPriceResponse>(apiPaths.rubyPrice());
          expect(price.body).toMatchObject({ gasPriceWei: known.gasPriceWei, nodeReachable: false });
        }
        await sleep(Math.max(0, t0 + ((i + 1) * OUTAGE_MS) / REQUESTS - Date.now()));
      }
      const sorted = [...latencies].sort((a, b) => a - b);
      const p50 = percentile(sorted, 0.5);
      const p99 = percentile(sorted, 0.99);
      console.log(
        `node outage: ${latencies.length} home-data requests over ${((Date.now() - t0) / 1000).toFixed(1)} s: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${sorted[sorted.length - 1]?.toFixed(1)} ms; node seen down after ${downSeenAfter} ms; getBalance 503 in ${balanceMs?.toFixed(1)} ms`,
      );
      expect(downSeenAfter).not.toBeNull();
      expect(downSeenAfter).toBeLessThan(15_000);
      expect(balanceMs).toBeLessThan(P99_LIMIT_MS);
      expect(p99).toBeLessThanOrEqual(P99_LIMIT_MS);
    } finally {
      resume();
    }

    const back = Date.now();
    let reachableAfter: number | null = null;
    while (Date.now() - back < 15_000) {
      const st = await api.get<StatusAnswer>(apiPaths.indexingStatus());
      if (st.body.result.node.reachable) {
        reachableAfter = Date.now() - back;
        expect(st.body.result.node.downSince).toBeNull();
        break;
      }
      await sleep(250);
    }
    console.log(`node outage: reachable again ${reachableAfter} ms after SIGCONT`);
    expect(reachableAfter).not.toBeNull();
    // Fresh node values again (the failed read of the outage is retried on the next block or within 5 s).
    await expect
      .poll(async () => (await api.get<HomePageResponse>(apiPaths.homeData())).body.result.nodeDataAge, { timeout: 15_000, interval: 500 })
      .toBeLessThanOrEqual(1);
    const bal = await api.get(apiPaths.balance(String(somebody)));
    expect(bal.statusCode).toBe(200);
  }, 120_000);
});
