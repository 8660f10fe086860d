/**
 * CSV export benchmark (issue #19): every transaction of the busy address (100,000 of its own)
 * streamed from GET /api/export/transactions/<address>.csv by the API as its own process, on
 * PostgreSQL or PGlite, read by a plain HTTP client. Measures rows per second and the API process's
 * resident memory from just before the request to its end (VmRSS sampled every 20 ms, and VmHWM,
 * the kernel's peak, reset before each run): the target is a flat line (growth ≤ 30 MB) at
 * ≥ 50,000 rows/s. A second run reads slowly (a pause after every chunk) to show back-pressure:
 * the server must wait for the reader, not buffer ahead. Each file is then checked as CSV by
 * Python's csv module (a reader nobody here wrote): one header, every row with the header's field
 * count, the row count equal to the address's transactions.
 *
 * The API process runs with the environment and node flags of package.json's `start` (the
 * allocator's mmap threshold, V8's young generation size), as users run it.
 *
 *   npm run bench:export   BENCH_DATABASE=pg|pglite (default pg, a fresh database on TEST_DATABASE_URL's server);
 *                          BENCH_DATABASE_URL=<postgres URL>: a database kept between runs, seeded and indexed
 *                          only when it lacks the busy address (PGlite: always a fresh folder, the API process
 *                          being `start`, which follows the seeded chain);
 *                          BENCH_RUNS (each export this many times; the table gives every run and the median),
 *                          BENCH_COPIES (the busy address's history copied in the database: 10 for 1,000,000 rows),
 *                          BENCH_NODE_FLAGS (more node flags for the API process: --trace-gc),
 *                          BENCH_TXS, BENCH_BUSY_TXS, BENCH_SLOW_MS; BENCH_BEFORE_DIR=<a copy of older code
 *                          with node_modules linked> runs the same exports against an API process from there too
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, startDevnet, type Devnet } from '../server/chain/devnet';
import { RpcClient } from '../server/chain/rpc';
import { openDatabase } from '../server/db/database';
import { Indexer } from '../server/indexer/indexer';
import { paths } from '../common/api/paths';
import { BUSY_ADDRESS, seedChain } from './seed';
import { waitForOk } from './waitFor';
import { checkCsv, exportOnce, median, replicateHistory, startFlags, type RunResult } from './lib/exportRun';

const trafficTxs = Number(process.env.BENCH_TXS ?? 2_000);
const busyTxs = Number(process.env.BENCH_BUSY_TXS ?? 100_000);
const slowMs = Number(process.env.BENCH_SLOW_MS ?? 2);
const pgAdmin = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const beforeDir = process.env.BENCH_BEFORE_DIR ?? '';
const kind = process.env.BENCH_DATABASE === 'pglite' ? 'pglite' : 'pg';
const keptUrl = process.env.BENCH_DATABASE_URL ?? '';
const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 1));
/** The busy address's history copied this many times in the database (1,000,000 rows: BENCH_COPIES=10). */
const copies = Math.max(1, Number(process.env.BENCH_COPIES ?? 1));
/** More node flags for the API process, for a diagnosis ('--trace-gc'). */
const extraFlags = (process.env.BENCH_NODE_FLAGS ?? '').split(/\s+/).filter((f) => f !== '');

const mb = (n: number) => (n / 1024 / 1024).toFixed(1);

/** The bench database: a kept one (BENCH_DATABASE_URL) or a fresh one dropped at the end. */
async function benchDatabase(dir: string): Promise<{ url: string | null; dataDir: string | null; drop: () => Promise<void> }> {
  if (kind === 'pglite') return { url: null, dataDir: path.join(dir, 'data'), drop: async () => {} };
  if (keptUrl) return { url: keptUrl, dataDir: null, drop: async () => {} };
  const admin = new pg.Client({ connectionString: pgAdmin });
  await admin.connect();
  const dbName = `ruby_bench_export_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${dbName}`);
  const u = new URL(pgAdmin);
  u.pathname = `/${dbName}`;
  return {
    url: u.toString(),
    dataDir: null,
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
      await admin.end().catch(() => {});
    },
  };
}

async function busyCount(target: { url: string | null; dataDir: string | null }): Promise<number> {
  const database = await openDatabase({ databaseUrl: target.url, dataDir: target.dataDir });
  try {
    const { n } = await database.db
      .selectFrom('address_transactions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('address', '=', BUSY_ADDRESS)
      .executeTakeFirstOrThrow();
    return Number(n);
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ruby-bench-export-'));
  const target = await benchDatabase(dir);
  const children: Array<ReturnType<typeof spawn>> = [];
  let devnet: Devnet | null = null;
  try {
    let n = await busyCount(target);
    if (n === 0) {
      const chain = await seedChain({ dir, trafficTxs, busyTxs });
      devnet = chain.devnet;
      const database = await openDatabase({ databaseUrl: target.url, dataDir: target.dataDir });
      const t0 = Date.now();
      const indexer = new Indexer({ rpc: chain.rpc, db: database.db, batchSize: 50, concurrency: 3 });
      await indexer.init();
      await indexer.runOnce();
      await database.close();
      n = await busyCount(target);
      console.log(`indexed ${chain.head + 1} blocks in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    } else {
      // A kept database: the API needs a node to answer, not the seeded chain (the export reads the database only).
      devnet = await startDevnet({ dataDir: dir, port: 0, chainId: 18215, blockTime: 0, persist: false });
      await new RpcClient(devnet.url).call('eth_blockNumber', []);
    }
    if (copies > 1 && n < busyTxs * copies) {
      const t0 = Date.now();
      const database = await openDatabase({ databaseUrl: target.url, dataDir: target.dataDir });
      await replicateHistory(database.db, BUSY_ADDRESS, copies);
      await database.close();
      n = await busyCount(target);
      console.log(`the busy address's history copied ${copies} times in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    }
    console.log(`${kind} database${target.url === keptUrl && keptUrl ? ' (kept)' : ''}: the busy address has ${n} transactions`);

    const flags = startFlags();
    console.log(
      `API process: ${Object.entries(flags.env)
        .map(([k, v]) => `${k}=${v} `)
        .join('')}node ${flags.nodeFlags.join(' ')} (package.json "start")`,
    );
    const rpcUrl = devnet.url;
    // PGlite is one process's: "api" runs on PostgreSQL only, so there the API is "start" (API and
    // indexer in one process, as users run it), following the seeded chain, all indexed already.
    const command = kind === 'pglite' ? 'start' : 'api';
    /** An API process from `cwd` (this checkout, or BENCH_BEFORE_DIR) on the bench database; its base URL and pid. */
    const startApi = async (cwd: string): Promise<{ base: string; pid: number }> => {
      const port = await freePort();
      const child = spawn(process.execPath, [...flags.nodeFlags, ...extraFlags, '--import', 'tsx', 'server/main.ts', command], {
        cwd,
        env: {
          ...process.env,
          ...flags.env,
          DATABASE_URL: target.url ?? '',
          DATA_DIR: target.dataDir ?? path.join(dir, 'api'),
          RUBY_RPC_URL: rpcUrl,
          PORT: String(port),
          HOST: '127.0.0.1',
          TRAFFIC: 'false',
        },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      children.push(child);
      if (child.pid === undefined) throw new Error('the API process did not start');
      const base = `http://127.0.0.1:${port}/api`;
      await waitForOk(`${base}${paths.indexingStatus()}`, 300_000);
      // Warm-up: a short export (a small address).
      await exportOnce(
        `${base}${paths.exportCsv({ kind: 'transactions', file: '0x0000000000000000000000000000000000000001.csv' })}`,
        child.pid,
        path.join(dir, 'w.csv'),
        0,
      );
      return { base, pid: child.pid };
    };
    // PGlite is one process's: API processes one after another (the "before" one first).
    const apiDirs = [...(beforeDir !== '' ? [{ label: 'before: ', cwd: beforeDir }] : []), { label: '', cwd: process.cwd() }];
    const lines: string[] = [];
    for (const { label: apiLabel, cwd } of apiDirs) {
      const api = await startApi(cwd);
      for (const [label, pause] of [
        ['fast reader', 0],
        [`slow reader (${slowMs} ms pause per chunk)`, slowMs],
      ] as const) {
        const results: RunResult[] = [];
        for (let i = 0; i < runs; i++) {
          const file = path.join(dir, `export-${pause}.csv`);
          const url = `${api.base}${paths.exportCsv({ kind: 'transactions', file: `${BUSY_ADDRESS}.csv` })}`;
          const r = await exportOnce(url, api.pid, file, pause);
          const check = checkCsv(file);
          if (check.rows !== n || check.ragged !== 0) throw new Error(`CSV check failed: ${JSON.stringify(check)}, expected ${n} rows`);
          await fs.rm(file);
          results.push(r);
          const line = row(
            `${apiLabel}${label}${runs > 1 ? `, run ${i + 1}` : ''}`,
            r,
            `${check.header} fields × ${check.rows.toLocaleString('en-US')} rows, 0 ragged`,
          );
          console.log(line);
          lines.push(line);
        }
        if (runs > 1) {
          const m = (f: (r: RunResult) => number) => median(results.map(f));
          const mid: RunResult = {
            rows: m((r) => r.rows),
            bytes: m((r) => r.bytes),
            seconds: m((r) => r.seconds),
            cpu: m((r) => r.cpu),
            rssBefore: m((r) => r.rssBefore),
            rssPeak: m((r) => r.rssBefore) + m((r) => r.rssPeak - r.rssBefore),
            hwm: results.some((r) => r.hwm === null) ? null : m((r) => r.rssBefore) + m((r) => (r.hwm ?? 0) - r.rssBefore),
          };
          lines.push(row(`**${apiLabel}${label}, median of ${runs}**`, mid, ''));
        }
      }
      await stop(children.pop()!);
    }
    console.log(
      `\n${kind}, ${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(
          ' ',
        )}\n| run | rows | size | time | rows/s | rows per API CPU s | API RSS before → sampled peak | VmHWM growth | Python csv |\n|---|---|---|---|---|---|---|---|---|\n${lines.join('\n')}`,
    );
  } finally {
    for (const child of children) await stop(child);
    await target.drop();
    await devnet?.stop();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** One table line; the medians line gives the median time, rows/s and growths. */
function row(label: string, r: RunResult, check: string): string {
  return (
    `| ${label} | ${r.rows.toLocaleString('en-US')} | ${mb(r.bytes)} MB | ${r.seconds.toFixed(2)} s | ` +
    `${Math.round(r.rows / r.seconds).toLocaleString('en-US')} | ${Math.round(r.rows / r.cpu).toLocaleString('en-US')} | ${mb(r.rssBefore)} → ${mb(r.rssPeak)} MB (+${mb(r.rssPeak - r.rssBefore)}) | ` +
    `${r.hwm === null ? 'n/a' : `${r.hwm >= r.rssBefore ? '+' : ''}${mb(r.hwm - r.rssBefore)} MB`} | ${check} |`
  );
}

async function stop(child: ReturnType<typeof spawn>): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
