/**
 * API benchmark: requests per second and p50/p99 latency (autocannon, from this process) against
 * the API running as its own process (`server/main.ts api`, the scale-out mode) on PostgreSQL
 * holding at least 20,000 traffic transactions plus one address with 100,000 of its own.
 *
 *   npx tsx bench/api.ts            (BENCH_TXS, BENCH_BUSY_TXS, BENCH_SECONDS, BENCH_CONNECTIONS)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { toRubyAddress } from '../common/address';
import { openDatabase } from '../server/db/database';
import { Indexer } from '../server/indexer/indexer';
import { BUSY_ADDRESS, seedChain } from './seed';

const trafficTxs = Number(process.env.BENCH_TXS ?? 20_000);
const busyTxs = Number(process.env.BENCH_BUSY_TXS ?? 100_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const pgAdmin = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

async function waitFor(url: string, ms: number): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > end) throw new Error(`${url} did not answer within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function main(): Promise<void> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ruby-bench-api-'));
  const chain = await seedChain({ dir, trafficTxs, busyTxs });
  const admin = new pg.Client({ connectionString: pgAdmin });
  await admin.connect();
  const dbName = `ruby_bench_api_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${dbName}`);
  const u = new URL(pgAdmin);
  u.pathname = `/${dbName}`;
  const databaseUrl = u.toString();
  let child: ReturnType<typeof spawn> | null = null;
  try {
    const database = await openDatabase({ databaseUrl, dataDir: null });
    const t0 = Date.now();
    const indexer = new Indexer({ rpc: chain.rpc, db: database.db, batchSize: 50, concurrency: 3 });
    await indexer.init();
    await indexer.runOnce();
    const txCount = (await database.db.selectFrom('transactions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    console.log(`indexed ${txCount} transactions in ${chain.head + 1} blocks in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    const sample = await database.db.selectFrom('transactions').select(['hash', 'from_address', 'block_number'])
      .where('tx_type', '=', 3).orderBy('block_number', 'desc').limit(1).executeTakeFirstOrThrow();
    await database.close();

    const port = await freePort();
    child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', 'api'], {
      env: { ...process.env, DATABASE_URL: databaseUrl, RUBY_RPC_URL: chain.devnet.url, PORT: String(port), HOST: '127.0.0.1', TRAFFIC: 'false' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const base = `http://127.0.0.1:${port}/api`;
    await waitFor(`${base}/indexing-status`, 60_000);
    const busy = toRubyAddress(BUSY_ADDRESS);
    const cases: { name: string; path: string; target: string }[] = [
      { name: 'home data (cached)', path: '/getHomepagedata', target: '≥ 5,000 req/s, p99 < 25 ms' },
      { name: 'latest blocks (cached)', path: '/getLatestBlocks', target: '≥ 5,000 req/s, p99 < 25 ms' },
      { name: 'all transactions, page 1', path: '/getAllTransction/1/20', target: '≥ 1,000 req/s, p99 < 50 ms' },
      { name: 'transaction detail', path: `/getTransactionData/${sample.hash}`, target: '≥ 1,000 req/s, p99 < 50 ms' },
      { name: 'block detail', path: `/getBlockNumberdata/${sample.block_number}`, target: '≥ 1,000 req/s, p99 < 50 ms' },
      { name: 'address page 1', path: `/getuserTransction/${toRubyAddress(sample.from_address)}/1/20`, target: '≥ 1,000 req/s, p99 < 50 ms' },
      { name: `busy address (${busyTxs} tx), page 1`, path: `/getuserTransction/${busy}/1/20`, target: 'p99 < 100 ms' },
      { name: `busy address (${busyTxs} tx), page 500`, path: `/getuserTransction/${busy}/500/20`, target: 'p99 < 100 ms' },
    ];
    const rows: string[] = [];
    for (const c of cases) {
      const check = await fetch(base + c.path);
      if (!check.ok) throw new Error(`${c.path}: HTTP ${check.status} ${await check.text()}`);
      await autocannon({ url: base + c.path, connections, duration: 2 }); // warm-up
      const r = await autocannon({ url: base + c.path, connections, duration: seconds });
      const line = `| ${c.name} | ${Math.round(r.requests.average).toLocaleString('en-US')} | ${r.latency.p50} | ${r.latency.p99} | ${r.non2xx + r.errors} | ${c.target} |`;
      console.log(line);
      rows.push(line);
    }
    console.log(`\n${connections} connections, ${seconds} s per case, ${os.cpus().length} cores\n| case | req/s (mean) | p50 ms | p99 ms | errors | target |\n|---|---|---|---|---|---|\n${rows.join('\n')}`);
  } finally {
    child?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
    await admin.end().catch(() => {});
    await chain.devnet.stop();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
