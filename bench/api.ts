/**
 * API benchmark: requests per second and p50/p99 latency (autocannon, from this process) against
 * the API running as its own process (`server/main.ts api`, the scale-out mode) on PostgreSQL
 * holding at least 20,000 traffic transactions plus one address with 100,000 of its own.
 *
 *   npx tsx bench/api.ts            (BENCH_TXS, BENCH_BUSY_TXS, BENCH_SECONDS, BENCH_CONNECTIONS)
 *   BENCH_CASES='^v2|all transactions, page 1$|^block detail$' npx tsx bench/api.ts   (Blockscout's v2 lists, with our own beside them)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Request as AutocannonRequest } from 'autocannon';
import { sql } from 'kysely';
import pg from 'pg';
import { toRubyAddress } from '../common/address';
import { TX_TYPE } from '../common/txTypes';
import { freePort } from '../server/chain/devnet';
import { openDatabase } from '../server/db/database';
import { Indexer } from '../server/indexer/indexer';
import { BUSY_ADDRESS, seedChain } from './seed';
import { paths as relPaths } from '../common/api/paths';
import { waitFor } from './lib/waitFor';

const trafficTxs = Number(process.env.BENCH_TXS ?? 20_000);
const busyTxs = Number(process.env.BENCH_BUSY_TXS ?? 100_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
// BENCH_ACCEPT_ENCODING: the accept-encoding header to send, as a browser does; several separated
// by | run each case once per value, back to back (e.g. '|gzip, deflate, br': plain, then compressed).
const acceptEncodings = (process.env.BENCH_ACCEPT_ENCODING ?? '').split('|');
const pgAdmin = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

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
    const txCount = (
      await database.db
        .selectFrom('transactions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
    console.log(`indexed ${txCount} transactions in ${chain.head + 1} blocks in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    const sample = await database.db
      .selectFrom('transactions')
      .select(['hash', 'from_address', 'block_number'])
      .where('tx_type', '=', TX_TYPE.contractCall)
      .orderBy('block_number', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    // Many different keys, for the cases that must not be answered from a hot key: every
    // traffic block, 2,000 traffic transactions spread over the chain, 300 addresses.
    const spread = await database.db
      .selectFrom('transactions')
      .select(['hash', 'from_address', 'to_address', 'block_number'])
      .where('from_address', '<>', BUSY_ADDRESS.toLowerCase())
      .orderBy(sql`md5(hash)`)
      .limit(2000)
      .execute();
    const blockNumbers = [...new Set(spread.map((t) => t.block_number))];
    const addresses = [...new Set(spread.flatMap((t) => [t.from_address, t.to_address]).filter((a): a is string => !!a))].slice(0, 300);
    await database.close();

    const port = await freePort();
    // BENCH_PROFILE=dir: the API process writes a V8 CPU profile there when it stops.
    const prof = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
    child = spawn(process.execPath, [...prof, '--import', 'tsx', 'server/main.ts', 'api'], {
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
    await waitFor(`${base}${relPaths.indexingStatus()}`, 60_000);
    const busy = toRubyAddress(BUSY_ADDRESS);
    const cases: { name: string; path: string; paths?: string[]; target: string }[] = [
      { name: 'home data (cached)', path: relPaths.homeData(), target: '≥ 5,000 req/s, p99 < 25 ms' },
      { name: 'latest blocks (cached)', path: relPaths.latestBlocks(), target: '≥ 5,000 req/s, p99 < 25 ms' },
      { name: 'all transactions, page 1', path: relPaths.allTx({ page: 1, size: 20 }), target: '≥ 1,000 req/s, p99 < 50 ms' },
      { name: 'transaction detail', path: relPaths.txData(sample.hash), target: '≥ 1,000 req/s, p99 < 50 ms' },
      {
        name: 'transaction detail, 2,000 different',
        path: '',
        paths: spread.map((t) => relPaths.txData(t.hash)),
        target: '≥ 1,000 req/s, p99 < 50 ms',
      },
      { name: 'block detail', path: relPaths.block(sample.block_number), target: '≥ 1,000 req/s, p99 < 50 ms' },
      {
        name: `block detail, ${blockNumbers.length} different`,
        path: '',
        paths: blockNumbers.map((n) => relPaths.block(n)),
        target: '≥ 1,000 req/s, p99 < 50 ms',
      },
      {
        name: 'address page 1',
        path: relPaths.userTx({ address: toRubyAddress(sample.from_address), page: 1, size: 20 }),
        target: '≥ 1,000 req/s, p99 < 50 ms',
      },
      {
        name: `address page 1, ${addresses.length} different`,
        path: '',
        paths: addresses.map((a) => relPaths.userTx({ address: toRubyAddress(a), page: 1, size: 20 })),
        target: '≥ 1,000 req/s, p99 < 50 ms',
      },
      { name: `busy address (${busyTxs} tx), page 1`, path: relPaths.userTx({ address: busy, page: 1, size: 20 }), target: 'p99 < 100 ms' },
      {
        name: `busy address (${busyTxs} tx), page 500`,
        path: relPaths.userTx({ address: busy, page: 500, size: 20 }),
        target: 'p99 < 100 ms',
      },
      // Blockscout's REST API v2 (issue: speak the ecosystem's other languages): its lists at the detail-page target.
      ...[
        ['v2 stats', relPaths.bsStats()],
        ['v2 main-page blocks', relPaths.bsMainBlocks()],
        ['v2 main-page transactions', relPaths.bsMainTransactions()],
        ['v2 blocks, page 1', relPaths.bsBlocks()],
        ['v2 transactions, page 1', relPaths.bsTransactions()],
        ['v2 transactions, page 3', relPaths.bsTransactions({ items_count: 100 })],
        ['v2 address transactions, page 1', relPaths.bsAddressTransactions(sample.from_address)],
        [`v2 busy address (${busyTxs} tx) transactions, page 1`, relPaths.bsAddressTransactions(BUSY_ADDRESS)],
        ['v2 tokens', relPaths.bsTokens()],
        ['v2 transaction', relPaths.bsTransaction(sample.hash)],
        ['v2 block', relPaths.bsBlock(sample.block_number)],
        ['v2 address', relPaths.bsAddress(sample.from_address)],
      ].map(([name = '', path = '']) => ({ name, path, target: '≥ 1,000 req/s, p99 < 50 ms' })),
    ];
    const rows: string[] = [];
    const only = process.env.BENCH_CASES ? new RegExp(process.env.BENCH_CASES, 'i') : null; // a subset, by name
    for (const c of cases.filter((x) => !only || only.test(x.name))) {
      for (const p of c.paths ? c.paths.slice(0, 3) : [c.path]) {
        const check = await fetch(base + p);
        if (!check.ok) throw new Error(`${p}: HTTP ${check.status} ${await check.text()}`);
      }
      for (const enc of acceptEncodings) {
        // A rotating case sends each connection's next request to the next key of the list.
        let next = 0;
        const list = c.paths;
        const headers: Record<string, string> = enc ? { 'accept-encoding': enc } : {};
        const opts = list
          ? {
              url: base,
              headers,
              requests: [
                {
                  method: 'GET' as const,
                  setupRequest: (req: AutocannonRequest) => ({ ...req, path: `/api${list[next++ % list.length] ?? ''}` }),
                },
              ],
            }
          : { url: base + c.path, headers };
        await autocannon({ ...opts, connections, duration: 2 }); // warm-up
        const r = await autocannon({ ...opts, connections, duration: seconds });
        const name = acceptEncodings.length > 1 ? `${c.name} (${enc || 'no accept-encoding'})` : c.name;
        const line = `| ${name} | ${Math.round(r.requests.average).toLocaleString('en-US')} | ${r.latency.p50} | ${r.latency.p99} | ${r.non2xx + r.errors} | ${c.target} |`;
        console.log(line);
        rows.push(line);
      }
    }
    console.log(
      `\n${connections} connections, ${seconds} s per case, ${os.cpus().length} cores\n| case | req/s (mean) | p50 ms | p99 ms | errors | target |\n|---|---|---|---|---|---|\n${rows.join('\n')}`,
    );
  } finally {
    // The API must be gone before its database is dropped (else it logs reconnect attempts).
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child?.once('exit', r));
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
