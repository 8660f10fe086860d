/**
 * Issue #40: what the transaction summary costs a list page and the detail, measured at read time
 * (docs/decisions.md#transaction-summaries). A devnet seeded with traffic, indexed into PGlite and
 * PostgreSQL; per database, the median time of a page of the all-transactions list without the
 * summaries (the rows and the token moves, as before) and of the summaries of the same page
 * (their one statement plus the contracts' one), and of one transaction's detail, after a warm-up
 * that also asks the node once about each failed transaction.
 *
 *   BENCH_TXS=5000 BENCH_RUNS=40 npx tsx bench/txSummary.ts
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { RpcClient } from '../server/chain/rpc';
import { loadConfig } from '../server/config';
import { openDatabase, type Database } from '../server/db/database';
import { Indexer } from '../server/indexer/indexer';
import { LocalBus } from '../server/events';
import { buildApi } from '../server/api/server';
import { withTokenMoves } from '../server/queries/tokenMoves';
import { summariesFor } from '../server/queries/txSummaries';
import { transactionDetail } from '../server/queries/transactionDetail';
import { TX_LIST_COLUMNS, toTransactionListItem } from '../server/queries/transactionRows';
import { seedChain } from './seed';

const trafficTxs = Number(process.env.BENCH_TXS ?? 5000);
const runs = Number(process.env.BENCH_RUNS ?? 40);
const pgAdmin = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
async function time(f: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await f();
    times.push(performance.now() - t);
  }
  return median(times);
}

async function measure(label: string, database: Database, rpcUrl: string, dir: string): Promise<void> {
  const indexer = new Indexer({ rpc: new RpcClient(rpcUrl), db: database.db, batchSize: 50, concurrency: 3 });
  await indexer.init();
  await indexer.runOnce();
  const config = loadConfig({ DATA_DIR: dir, RUBY_RPC_URL: rpcUrl, SOLC_BINARIES_URL: 'off', SOLC_NPM_REGISTRY: 'off' });
  const { app, ctx } = await buildApi({
    config,
    db: database,
    bus: new LocalBus(),
    rpcUrl,
    indexerStatus: () => indexer.status(),
    log: () => {},
    distDir: dir,
  });
  for (const size of [25, 100]) {
    const rows = await database.db
      .selectFrom('transactions')
      .select(TX_LIST_COLUMNS)
      .orderBy('block_number', 'desc')
      .orderBy('tx_index', 'desc')
      .offset(200)
      .limit(size)
      .execute();
    const hashes = rows.map((r) => r.hash);
    await summariesFor(ctx, hashes, 30_000); // warm-up: the node asked once about the failed ones
    const list = await time(async () => {
      const again = await database.db.selectFrom('transactions').select(TX_LIST_COLUMNS).where('hash', 'in', hashes).execute();
      await withTokenMoves(ctx, again.map(toTransactionListItem));
    });
    const summaries = await time(() => summariesFor(ctx, hashes, 1500));
    console.log(
      `${label} page of ${size}: rows + token moves ${list.toFixed(1)} ms, summaries ${summaries.toFixed(1)} ms (median of ${runs})`,
    );
  }
  const [one] = await database.db.selectFrom('transactions').select('hash').where('status', '=', 0).limit(1).execute();
  if (one) {
    await transactionDetail(ctx, one.hash);
    const d = await time(() => transactionDetail(ctx, one.hash));
    const s = await time(() => summariesFor(ctx, [one.hash], 5000));
    console.log(`${label} detail of a failed transaction: ${d.toFixed(1)} ms with its summary (the summary alone ${s.toFixed(1)} ms)`);
  }
  await app.close();
}

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ruby-bench-summary-'));
const chain = await seedChain({ dir, trafficTxs, busyTxs: 0 });
console.log(`chain: ${chain.txs} transactions in ${chain.head} blocks`);
try {
  const lite = await openDatabase({ databaseUrl: null, dataDir: null });
  await measure('PGlite', lite, chain.devnet.url, dir);
  await lite.close();
  const admin = new pg.Client({ connectionString: pgAdmin });
  await admin.connect();
  const name = `ruby_bench_summary_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(pgAdmin);
  u.pathname = `/${name}`;
  const pgDb = await openDatabase({ databaseUrl: u.toString(), dataDir: null });
  await measure('PostgreSQL', pgDb, chain.devnet.url, dir);
  await pgDb.close();
  await admin.query(`DROP DATABASE ${name}`);
  await admin.end();
} finally {
  await chain.devnet.stop();
  await fs.rm(dir, { recursive: true, force: true });
}
