/**
 * CSV export benchmark (issue #19): every transaction of the busy address (100,000 of its own)
 * streamed from GET /api/export/transactions/<address>.csv by the API as its own process on
 * PostgreSQL, read by a plain HTTP client. Measures rows per second and the API process's
 * resident memory (VmRSS from /proc, sampled every 20 ms) from just before the request to its end:
 * the target is a flat line (growth ≤ 30 MB) at ≥ 50,000 rows/s. A second run reads slowly (a pause
 * after every chunk) to show back-pressure: the server must wait for the reader, not buffer ahead.
 * The file is then checked as CSV by Python's csv module (a reader nobody here wrote): one header,
 * every row with the header's field count, the row count equal to the address's transactions.
 *
 * The API process runs with the environment and node flags of package.json's `start` (the
 * allocator's mmap threshold, V8's young generation size), as users run it.
 *
 *   npm run bench:export        (BENCH_TXS, BENCH_BUSY_TXS, BENCH_SLOW_MS; BENCH_BEFORE_DIR=<a copy
 *                                of older code with node_modules linked> runs the same exports
 *                                against an API process from there too, on the same database)
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../server/chain/devnet';
import { openDatabase } from '../server/db/database';
import { Indexer } from '../server/indexer/indexer';
import { paths } from '../common/api/paths';
import { BUSY_ADDRESS, seedChain } from './seed';
import { waitForOk } from './waitFor';

const trafficTxs = Number(process.env.BENCH_TXS ?? 2_000);
const busyTxs = Number(process.env.BENCH_BUSY_TXS ?? 100_000);
const slowMs = Number(process.env.BENCH_SLOW_MS ?? 2);
const pgAdmin = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const beforeDir = process.env.BENCH_BEFORE_DIR ?? '';

/** The leading VAR=value words and the node flags of package.json's `start` (its last step). */
function startFlags(): { env: Record<string, string>; nodeFlags: string[] } {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> };
  const words = (pkg.scripts.start ?? '').split('&&').pop()?.trim().split(/\s+/) ?? [];
  const env: Record<string, string> = {};
  while (words[0] !== undefined && /^[A-Z_][A-Z0-9_]*=/.test(words[0])) {
    const [name, ...value] = (words.shift() as string).split('=');
    env[name as string] = value.join('=');
  }
  if (words.shift() !== 'node') throw new Error(`package.json "start" should end with "[VAR=value …] node …": ${pkg.scripts.start}`);
  const nodeFlags: string[] = [];
  while (words[0] !== undefined && words[0].startsWith('--')) nodeFlags.push(words.shift() as string);
  return { env, nodeFlags };
}

/** The resident set of a process in bytes (Linux /proc). */
async function rssOf(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status);
  if (!kb) throw new Error(`no VmRSS for ${pid}`);
  return Number(kb[1]) * 1024;
}

interface RunResult {
  rows: number;
  bytes: number;
  seconds: number;
  rssBefore: number;
  rssPeak: number;
}

/** Streams one export to `file`, sampling the server's memory meanwhile. */
async function exportOnce(url: string, pid: number, file: string, pauseMs: number): Promise<RunResult> {
  const rssBefore = await rssOf(pid);
  let rssPeak = rssBefore;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      rssPeak = Math.max(rssPeak, await rssOf(pid));
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const t0 = performance.now();
  const res = await fetch(url);
  if (!res.ok || !res.body) throw new Error(`${url}: HTTP ${res.status}`);
  const out = await fs.open(file, 'w');
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body) {
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) lines++;
    await out.write(chunk);
    if (pauseMs > 0) await new Promise((r) => setTimeout(r, pauseMs));
  }
  const seconds = (performance.now() - t0) / 1000;
  await out.close();
  sampling = false;
  await sampler;
  return { rows: lines - 1, bytes, seconds, rssBefore, rssPeak };
}

/** Python's csv module reads the file: [header fields, rows, rows whose field count differs]. */
function checkCsv(file: string): { header: number; rows: number; ragged: number } {
  const script =
    'import csv,json,sys\n' +
    'with open(sys.argv[1], newline="", encoding="utf-8") as f:\n' +
    '    r = csv.reader(f, strict=True)\n' +
    '    head = next(r); n = 0; bad = 0\n' +
    '    for row in r:\n' +
    '        n += 1\n' +
    '        bad += len(row) != len(head)\n' +
    'print(json.dumps({"header": len(head), "rows": n, "ragged": bad}))\n';
  const py = spawnSync('python3', ['-c', script, file], { encoding: 'utf8' });
  if (py.status !== 0) throw new Error(`python3 csv: ${py.stderr}`);
  return JSON.parse(py.stdout) as { header: number; rows: number; ragged: number };
}

const mb = (n: number) => (n / 1024 / 1024).toFixed(1);

async function main(): Promise<void> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ruby-bench-export-'));
  const chain = await seedChain({ dir, trafficTxs, busyTxs });
  const admin = new pg.Client({ connectionString: pgAdmin });
  await admin.connect();
  const dbName = `ruby_bench_export_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${dbName}`);
  const u = new URL(pgAdmin);
  u.pathname = `/${dbName}`;
  const children: Array<ReturnType<typeof spawn>> = [];
  try {
    const database = await openDatabase({ databaseUrl: u.toString(), dataDir: null });
    const t0 = Date.now();
    const indexer = new Indexer({ rpc: chain.rpc, db: database.db, batchSize: 50, concurrency: 3 });
    await indexer.init();
    await indexer.runOnce();
    const { n } = await database.db
      .selectFrom('address_transactions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('address', '=', BUSY_ADDRESS)
      .executeTakeFirstOrThrow();
    console.log(`indexed ${chain.head + 1} blocks in ${((Date.now() - t0) / 1000).toFixed(0)} s; the busy address has ${n} transactions`);
    await database.close();

    const flags = startFlags();
    console.log(
      `API process: ${Object.entries(flags.env)
        .map(([k, v]) => `${k}=${v} `)
        .join('')}node ${flags.nodeFlags.join(' ')} (package.json "start")`,
    );
    /** An API process from `cwd` (this checkout, or BENCH_BEFORE_DIR) on the bench database; its base URL and pid. */
    const startApi = async (cwd: string): Promise<{ base: string; pid: number }> => {
      const port = await freePort();
      const child = spawn(process.execPath, [...flags.nodeFlags, '--import', 'tsx', 'server/main.ts', 'api'], {
        cwd,
        env: {
          ...process.env,
          ...flags.env,
          DATABASE_URL: u.toString(),
          RUBY_RPC_URL: chain.devnet.url,
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
    const apis = [{ label: '', ...(await startApi(process.cwd())) }];
    if (beforeDir !== '') apis.unshift({ label: 'before: ', ...(await startApi(beforeDir)) });

    const lines: string[] = [];
    for (const [label, pause] of [
      ['fast reader', 0],
      [`slow reader (${slowMs} ms pause per chunk)`, slowMs],
    ] as const) {
      for (const api of apis) {
        const file = path.join(dir, `export-${pause}.csv`);
        const url = `${api.base}${paths.exportCsv({ kind: 'transactions', file: `${BUSY_ADDRESS}.csv` })}`;
        const r = await exportOnce(url, api.pid, file, pause);
        const check = checkCsv(file);
        if (check.rows !== Number(n) || check.ragged !== 0)
          throw new Error(`CSV check failed: ${JSON.stringify(check)}, expected ${n} rows`);
        const line =
          `| ${api.label}${label} | ${r.rows.toLocaleString('en-US')} | ${mb(r.bytes)} MB | ${r.seconds.toFixed(2)} s | ` +
          `${Math.round(r.rows / r.seconds).toLocaleString('en-US')} | ${mb(r.rssBefore)} → ${mb(r.rssPeak)} MB (+${mb(r.rssPeak - r.rssBefore)}) | ` +
          `${check.header} fields × ${check.rows.toLocaleString('en-US')} rows, 0 ragged |`;
        console.log(line);
        lines.push(line);
      }
    }
    console.log(
      `\n${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(
          ' ',
        )}\n| run | rows | size | time | rows/s | API RSS before → peak | Python csv |\n|---|---|---|---|---|---|---|\n${lines.join('\n')}`,
    );
  } finally {
    for (const child of children) {
      if (child.exitCode !== null) continue;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    }
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
