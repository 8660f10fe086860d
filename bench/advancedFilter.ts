/**
 * Advanced filter and history-at-a-block benchmark: sequential request latency (p50 / p95 / p99)
 * of the API as its own process on PostgreSQL, for
 * - ten representative filters, the first page and a later one (five cursors deep);
 * - Etherscan's balancehistory of the busy address at random blocks;
 * - a token's holders at a block (tokenholderlist with blockno, 1,000 per page);
 * - the filter's CSV of a broad filter: rows per second and the API process's RSS before and after.
 * The chain: bench/seed.ts (traffic plus the busy address). The targets (bench/README.md) are at
 * 10 M transactions; this script runs at any size (BENCH_TXS, BENCH_BUSY_TXS), and says what it ran.
 *
 *   npx tsx bench/advancedFilter.ts    (BENCH_TXS, BENCH_BUSY_TXS, BENCH_REQUESTS)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../server/chain/devnet';
import { openDatabase } from '../server/db/database';
import { Indexer } from '../server/indexer/indexer';
import { BUSY_ADDRESS, seedChain } from './seed';
import { paths } from '../common/api/paths';
import type { AdvancedFilterPage } from '../common/api/advancedFilter';
import { waitFor } from './lib/waitFor';

const trafficTxs = Number(process.env.BENCH_TXS ?? 5_000);
const busyTxs = Number(process.env.BENCH_BUSY_TXS ?? 50_000);
const requests = Number(process.env.BENCH_REQUESTS ?? 40);
const pgAdmin = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] ?? NaN;
const fmt = (xs: number[]) => `p50 ${pct(xs, 50).toFixed(1)} / p95 ${pct(xs, 95).toFixed(1)} / p99 ${pct(xs, 99).toFixed(1)} ms`;

async function timed(url: string): Promise<[number, unknown]> {
  const t = performance.now();
  const res = await fetch(url);
  const body: unknown = await res.json();
  if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
  return [performance.now() - t, body];
}

async function main(): Promise<void> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ruby-bench-filter-'));
  const chain = await seedChain({ dir, trafficTxs, busyTxs });
  const head = Number(BigInt(await chain.rpc.call<string>('eth_blockNumber')));
  const admin = new pg.Client({ connectionString: pgAdmin });
  await admin.connect();
  const dbName = `ruby_bench_filter_${Date.now()}`;
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
    const count = await database.db
      .selectFrom('transactions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const token = await database.db
      .selectFrom('contracts')
      .select('address')
      .where('contract_type', '=', 'rbc20')
      .executeTakeFirstOrThrow();
    console.log(`indexed ${head + 1} blocks, ${count.n} transactions in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    await database.close();

    const port = await freePort();
    child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', 'api'], {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        RUBY_RPC_URL: chain.devnet.url,
        PORT: String(port),
        HOST: '127.0.0.1',
        TRAFFIC: 'false',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const base = `http://127.0.0.1:${port}/api`;
    await waitFor(`${base}${paths.indexingStatus()}`, 300_000);
    const busy = BUSY_ADDRESS;
    const filters: Record<string, string>[] = [
      {},
      { from: busy },
      { to: busy, mode: 'or', from: busy },
      { from: busy, to: '0x000000000000000000000000000000000000b0b0' },
      { method: '0xa9059cbb' },
      { method: 'transfer', kind: 'tx', status: 'success' },
      { token: token.address, min: '0.001' },
      { kind: 'nft,internal' },
      { status: 'failed' },
      { fromBlock: String(Math.floor(head / 3)), toBlock: String(Math.floor(head / 2)), kind: 'tx,token' },
    ];
    for (const f of filters) {
      const first: number[] = [];
      const later: number[] = [];
      let cursor: string | null = null;
      for (let i = 0; i < 5; i++) {
        const [, body] = await timed(`${base}${paths.advancedFilter({ ...f, ...(cursor ? { cursor } : {}) })}`);
        cursor = (body as AdvancedFilterPage).next;
        if (!cursor) break;
      }
      for (let i = 0; i < requests; i++) {
        first.push((await timed(`${base}${paths.advancedFilter(f)}`))[0]);
        if (cursor) later.push((await timed(`${base}${paths.advancedFilter({ ...f, cursor })}`))[0]);
      }
      console.log(`filter ${JSON.stringify(f)}: first page ${fmt(first)}; page 6 ${cursor ? fmt(later) : '(fewer than 6 pages)'}`);
    }
    const hist: number[] = [];
    for (let i = 0; i < requests * 5; i++) {
      const b = Math.floor(Math.random() * head);
      hist.push((await timed(`${base}${paths.etherscan({ module: 'account', action: 'balancehistory', address: busy, blockno: b })}`))[0]);
    }
    console.log(`balancehistory (busy address, random blocks): ${fmt(hist)}`);
    const holders: number[] = [];
    for (let i = 0; i < requests; i++) {
      const q = { module: 'token', action: 'tokenholderlist', contractaddress: token.address, blockno: head, page: 1, offset: 1000 };
      holders.push((await timed(`${base}${paths.etherscan(q)}`))[0]);
    }
    console.log(`holders at a block (tokenholderlist, blockno): ${fmt(holders)}`);
    const rss = async () => Number((await fs.readFile(`/proc/${child!.pid}/status`, 'utf8')).match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
    const before = await rss();
    const t1 = performance.now();
    const res = await fetch(`${base}${paths.advancedFilterCsv({})}`);
    const text = await res.text();
    const rows = text.split('\r\n').length - 2;
    const secs = (performance.now() - t1) / 1000;
    console.log(
      `CSV of every row: ${rows} rows in ${secs.toFixed(1)} s = ${Math.round(rows / secs)} rows/s; API RSS ${before.toFixed(0)} → ${(await rss()).toFixed(0)} MB`,
    );
  } finally {
    child?.kill('SIGTERM');
    await chain.devnet.stop();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

void main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
