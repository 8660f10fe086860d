/**
 * Etherscan-style API benchmark (issue #22): p50/p99 latency and requests per second (autocannon)
 * of the API as its own process on PostgreSQL, for
 * - account txlist of the address with 100,000 transactions of its own: page 1 and page 1,000 at
 *   offset 10 (the end of Etherscan's 10,000-record window), sorted asc and desc;
 * - logs getLogs for one topic (RBC20 Transfer) over a 10,000-block range, 1,000 per page.
 * The chain: bench/seed.ts (traffic plus the busy address), then empty blocks up to 10,000 and a
 * little more traffic, so the getLogs range is 10,000 blocks long with logs at both ends.
 * getLogs runs twice: the same range every request (served from the answer cache after the first)
 * and a different range each request (the range's start moves by one block per request, so every
 * answer is built by the database).
 * Target as the API bench's slow cases: p99 < 100 ms.
 *
 *   npx tsx bench/etherscan.ts        (BENCH_TXS, BENCH_BUSY_TXS, BENCH_SECONDS, BENCH_CONNECTIONS;
 *                                      BENCH_CASES=regex picks cases; BENCH_BEFORE_DIR=<a copy of
 *                                      older code, e.g. `git archive <commit> | tar -x -C dir` with
 *                                      node_modules linked> runs each case against an API process
 *                                      from there too, back to back on the same database)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Request as AutocannonRequest } from 'autocannon';
import pg from 'pg';
import { freePort } from '../server/chain/devnet';
import { TrafficGenerator } from '../server/chain/traffic';
import { openDatabase } from '../server/db/database';
import { TRANSFER_TOPIC } from '../server/indexer/decode';
import { Indexer } from '../server/indexer/indexer';
import { BUSY_ADDRESS, seedChain } from './seed';
import { paths } from '../common/api/paths';
import { waitFor } from './lib/waitFor';

const trafficTxs = Number(process.env.BENCH_TXS ?? 10_000);
const busyTxs = Number(process.env.BENCH_BUSY_TXS ?? 100_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const RANGE = 10_000;
const caseFilter = new RegExp(process.env.BENCH_CASES ?? '.');
const beforeDir = process.env.BENCH_BEFORE_DIR ?? '';
const pgAdmin = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function main(): Promise<void> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ruby-bench-es-'));
  const chain = await seedChain({ dir, trafficTxs, busyTxs });
  // Empty blocks up to a 10,000-block range, then some traffic at its far end.
  // In steps: one anvil_mine of thousands of blocks outlasts the RPC client's time-out.
  for (let n = chain.head; n < RANGE; n += 500) await chain.rpc.call('anvil_mine', [`0x${Math.min(500, RANGE - n).toString(16)}`]);
  const traffic = new TrafficGenerator({
    rpcUrl: chain.devnet.url,
    accounts: chain.devnet.accounts,
    seed: 2,
    cacheDir: path.join(dir, 'cache'),
  });
  await traffic.setup();
  for (let i = 0; i < 20; i++) {
    await traffic.step();
    await chain.rpc.call('evm_mine', []);
  }
  const head = Number(BigInt(await chain.rpc.call<string>('eth_blockNumber')));
  const admin = new pg.Client({ connectionString: pgAdmin });
  await admin.connect();
  const dbName = `ruby_bench_es_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${dbName}`);
  const u = new URL(pgAdmin);
  u.pathname = `/${dbName}`;
  const databaseUrl = u.toString();
  const children: Array<ReturnType<typeof spawn>> = [];
  try {
    const database = await openDatabase({ databaseUrl, dataDir: null });
    const t0 = Date.now();
    const indexer = new Indexer({ rpc: chain.rpc, db: database.db, batchSize: 50, concurrency: 3 });
    await indexer.init();
    await indexer.runOnce();
    const from = head - RANGE + 1;
    const inRange = await database.db
      .selectFrom('logs')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('topic0', '=', TRANSFER_TOPIC)
      .where('block_number', '>=', from)
      .executeTakeFirstOrThrow();
    console.log(
      `indexed ${head + 1} blocks in ${((Date.now() - t0) / 1000).toFixed(0)} s; ${inRange.n} Transfer logs in blocks ${from}–${head}`,
    );
    await database.close();

    /** An API process from `cwd` (this checkout, or BENCH_BEFORE_DIR) on the bench database. */
    const startApi = async (cwd: string): Promise<string> => {
      const port = await freePort();
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', 'api'], {
        cwd,
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
      children.push(child);
      const base = `http://127.0.0.1:${port}/api`;
      await waitFor(`${base}${paths.indexingStatus()}`, 300_000);
      return base;
    };
    const apis = [{ label: '', base: await startApi(process.cwd()) }];
    if (beforeDir !== '') apis.unshift({ label: 'before: ', base: await startApi(beforeDir) });
    const txlist = (page: number, sort: string) =>
      `?module=account&action=txlist&address=${BUSY_ADDRESS}&page=${page}&offset=10&sort=${sort}`;
    const getLogs = (fromBlock: number) =>
      `?module=logs&action=getLogs&fromBlock=${fromBlock}&toBlock=${head}&topic0=${TRANSFER_TOPIC}&page=1&offset=1000`;
    // Ranges that start one block later each (all still 9,000+ blocks long, 1,000 logs each).
    let shift = 0;
    const nextRange = () => getLogs(from + (shift++ % 1000));
    const cases: Array<{ name: string; query: string; next?: () => string }> = [
      { name: `txlist, ${busyTxs} tx address, page 1 (offset 10, asc)`, query: txlist(1, 'asc') },
      { name: `txlist, ${busyTxs} tx address, page 1 (offset 10, desc)`, query: txlist(1, 'desc') },
      { name: `txlist, ${busyTxs} tx address, page 1,000 (offset 10, asc)`, query: txlist(1000, 'asc') },
      { name: `txlist, ${busyTxs} tx address, page 1,000 (offset 10, desc)`, query: txlist(1000, 'desc') },
      {
        name: `getLogs, Transfer topic over ${RANGE.toLocaleString('en-US')} blocks (1,000 per page)`,
        query: getLogs(from),
      },
      {
        name: `getLogs, Transfer topic over ~${RANGE.toLocaleString('en-US')} blocks (1,000 per page), a different range each request`,
        query: getLogs(from),
        next: nextRange,
      },
    ];
    const rows: string[] = [];
    for (const c of cases.filter((x) => caseFilter.test(x.name))) {
      for (const api of apis) {
        const check = await fetch(api.base + c.query);
        const body = (await check.json()) as { status: string; result: unknown };
        if (!check.ok || body.status !== '1' || !Array.isArray(body.result))
          throw new Error(`${c.query}: ${JSON.stringify(body).slice(0, 300)}`);
        const next = c.next;
        const requests = next ? [{ setupRequest: (req: AutocannonRequest) => ({ ...req, path: `/api${next()}` }) }] : undefined;
        const url = api.base + c.query;
        await autocannon({ url, connections, duration: 2, requests }); // warm-up
        const r = await autocannon({ url, connections, duration: seconds, requests });
        const line = `| ${api.label}${c.name} | ${body.result.length} | ${Math.round(r.requests.average).toLocaleString('en-US')} | ${r.latency.p50} | ${r.latency.p99} | ${r.non2xx + r.errors} | p99 < 100 ms | load ${os.loadavg()[0]!.toFixed(1)} |`;
        console.log(line);
        rows.push(line);
      }
    }
    console.log(
      `\n${connections} connections, ${seconds} s per case, ${os.cpus().length} cores\n| case | rows | req/s (mean) | p50 ms | p99 ms | errors | target | load average (1 min) |\n|---|---|---|---|---|---|---|---|\n${rows.join('\n')}`,
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
    await traffic.stop().catch(() => {});
    await chain.devnet.stop();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
