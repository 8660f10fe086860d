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
 *
 * BENCH_ONLY=csv measures only the CSV, BENCH_CSV_RUNS times (3; each run's rows/s, RSS and the
 * body's sha256, so two builds' bytes can be compared, then the median). BENCH_KEEP_DB=1 keeps the
 * indexed database and prints its URL; BENCH_DATABASE_URL=<that URL> reuses it (no seeding, no
 * indexing, no node: the API is given an RPC address nothing listens on), for EXPLAIN ANALYZE or
 * before/after runs on the same rows.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
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
import { exportOnce, median, startFlags, type RunResult } from './lib/exportRun';

const trafficTxs = Number(process.env.BENCH_TXS ?? 5_000);
const busyTxs = Number(process.env.BENCH_BUSY_TXS ?? 50_000);
const requests = Number(process.env.BENCH_REQUESTS ?? 40);
const pgAdmin = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const only = process.env.BENCH_ONLY ?? '';
const csvRuns = Number(process.env.BENCH_CSV_RUNS ?? 3);
const keepDb = process.env.BENCH_KEEP_DB === '1';
const reuseUrl = process.env.BENCH_DATABASE_URL ?? '';
const beforeDir = process.env.BENCH_BEFORE_DIR ?? '';

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] ?? NaN;
const fmt = (xs: number[]) => `p50 ${pct(xs, 50).toFixed(1)} / p95 ${pct(xs, 95).toFixed(1)} / p99 ${pct(xs, 99).toFixed(1)} ms`;

async function timed(url: string): Promise<[number, unknown]> {
  const t = performance.now();
  const res = await fetch(url);
  const body: unknown = await res.json();
  if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
  return [performance.now() - t, body];
}

/** A fresh database with the seeded chain indexed into it; the node keeps running (the API is given its URL). */
async function seedDatabase(admin: pg.Client, dir: string) {
  const chain = await seedChain({ dir, trafficTxs, busyTxs });
  const head = Number(BigInt(await chain.rpc.call<string>('eth_blockNumber')));
  const dbName = `ruby_bench_filter_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${dbName}`);
  const u = new URL(pgAdmin);
  u.pathname = `/${dbName}`;
  const database = await openDatabase({ databaseUrl: u.toString(), dataDir: null });
  const t0 = Date.now();
  const indexer = new Indexer({ rpc: chain.rpc, db: database.db, batchSize: 50, concurrency: 3 });
  await indexer.init();
  await indexer.runOnce();
  const count = await database.db
    .selectFrom('transactions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  await database.close();
  console.log(`indexed ${head + 1} blocks, ${count.n} transactions in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  return { chain, dbName, databaseUrl: u.toString() };
}

async function headOf(databaseUrl: string): Promise<number> {
  const database = await openDatabase({ databaseUrl, dataDir: null });
  const head = await database.db
    .selectFrom('blocks')
    .select((eb) => eb.fn.max('number').as('n'))
    .executeTakeFirstOrThrow();
  await database.close();
  return Number(head.n);
}

/** Ten filters' first page and page 6, balancehistory and tokenholderlist at a block. */
async function pages(base: string, databaseUrl: string, head: number): Promise<void> {
  const database = await openDatabase({ databaseUrl, dataDir: null });
  const token = await database.db.selectFrom('contracts').select('address').where('contract_type', '=', 'rbc20').executeTakeFirstOrThrow();
  await database.close();
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
}

const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
function csvRow(label: string, r: RunResult, sha: string): string {
  return (
    `| ${label} | ${r.rows.toLocaleString('en-US')} | ${r.seconds.toFixed(2)} s | ${Math.round(r.rows / r.seconds).toLocaleString('en-US')} | ` +
    `${Math.round(r.rows / r.cpu).toLocaleString('en-US')} | ${mb(r.rssBefore)} → ${mb(r.rssPeak)} MB (+${mb(r.rssPeak - r.rssBefore)}) | ` +
    `${r.hwm === null ? 'n/a' : `${r.hwm >= r.rssBefore ? '+' : ''}${mb(r.hwm - r.rssBefore)} MB`} | ${sha} |`
  );
}

interface Api {
  label: string;
  base: string;
  pid: number;
}

/**
 * The CSV of every row from each API process, `csvRuns` rounds (the processes taking turns, so a
 * load spike falls on both): each run's rows/s, rows per API CPU second, RSS and the body's sha256
 * (every run must give the same bytes), then the medians. Each process first streams a shorter
 * CSV (the oldest quarter of the blocks), as bench/export.ts warms its API up.
 */
async function csv(apis: Api[], head: number, dir: string): Promise<void> {
  const file = path.join(dir, 'filter.csv');
  for (const api of apis) {
    const warm = await exportOnce(`${api.base}${paths.advancedFilterCsv({ toBlock: String(Math.floor(head / 4)) })}`, api.pid, file, 0);
    console.log(`${api.label}warm-up: ${warm.rows} rows`);
  }
  const results = new Map<Api, RunResult[]>(apis.map((a) => [a, []]));
  const lines: string[] = [];
  const shas = new Set<string>();
  for (let run = 1; run <= csvRuns; run++) {
    for (const api of apis) {
      const r = await exportOnce(`${api.base}${paths.advancedFilterCsv({})}`, api.pid, file, 0);
      const sha = createHash('sha256')
        .update(await fs.readFile(file))
        .digest('hex')
        .slice(0, 16);
      shas.add(sha);
      results.get(api)!.push(r);
      const line = csvRow(`${api.label}run ${run}`, r, sha);
      console.log(line);
      lines.push(line);
    }
  }
  for (const api of apis) {
    const rs = results.get(api)!;
    const m = (f: (r: RunResult) => number) => median(rs.map(f));
    const mid: RunResult = {
      rows: m((r) => r.rows),
      bytes: m((r) => r.bytes),
      seconds: m((r) => r.seconds),
      cpu: m((r) => r.cpu),
      rssBefore: m((r) => r.rssBefore),
      rssPeak: m((r) => r.rssBefore) + m((r) => r.rssPeak - r.rssBefore),
      hwm: rs.some((r) => r.hwm === null) ? null : m((r) => r.rssBefore) + m((r) => (r.hwm ?? 0) - r.rssBefore),
    };
    lines.push(csvRow(`**${api.label}median of ${csvRuns}**`, mid, ''));
  }
  console.log(
    `\nCSV of every row, ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}\n| run | rows | time | rows/s | rows per API CPU s | API RSS before → sampled peak | VmHWM growth | sha256 |\n` +
      `|---|---|---|---|---|---|---|---|\n${lines.join('\n')}`,
  );
  if (shas.size !== 1) throw new Error(`the CSVs differ: ${[...shas].join(', ')}`);
}

async function main(): Promise<void> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ruby-bench-filter-'));
  const admin = new pg.Client({ connectionString: pgAdmin });
  await admin.connect();
  const seeded = reuseUrl ? null : await seedDatabase(admin, dir);
  const databaseUrl = seeded?.databaseUrl ?? reuseUrl;
  const children: ReturnType<typeof spawn>[] = [];
  try {
    const flags = startFlags();
    const rpcUrl = seeded ? seeded.chain.devnet.url : `http://127.0.0.1:${await freePort()}`;
    const startApi = async (label: string, cwd: string): Promise<Api> => {
      const port = await freePort();
      const child = spawn(process.execPath, [...flags.nodeFlags, '--import', 'tsx', 'server/main.ts', 'api'], {
        cwd,
        env: {
          ...process.env,
          ...flags.env,
          DATABASE_URL: databaseUrl,
          RUBY_RPC_URL: rpcUrl,
          PORT: String(port),
          HOST: '127.0.0.1',
          TRAFFIC: 'false',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      children.push(child);
      const base = `http://127.0.0.1:${port}/api`;
      await waitFor(`${base}${paths.indexingStatus()}`, 300_000);
      return { label, base, pid: child.pid! };
    };
    const apis = [...(beforeDir ? [await startApi('before: ', beforeDir)] : []), await startApi('', process.cwd())];
    const head = await headOf(databaseUrl);
    if (only !== 'csv') await pages(apis[apis.length - 1]!.base, databaseUrl, head);
    await csv(apis, head, dir);
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await seeded?.chain.devnet.stop();
    if (seeded && keepDb) console.log(`kept the database: BENCH_DATABASE_URL=${seeded.databaseUrl}`);
    else if (seeded) await admin.query(`DROP DATABASE IF EXISTS ${seeded.dbName} WITH (FORCE)`).catch(() => undefined);
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
