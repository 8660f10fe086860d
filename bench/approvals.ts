/**
 * The Approvals tab's one request at scale: an owner with 1,000 approvals over 200 tokens (800
 * allowances, some unlimited, 100 single NFTs, 100 operators), among BENCH_OTHERS approvals of
 * other owners, BENCH_CONTRACTS contracts and a token balance per (token, owner) pair, seeded with
 * SQL into a PostgreSQL database of its own (dropped at the end). Measures GET
 * /getApprovals/{owner}/1/25 (riskiest first), page 40 and the erc20 filter through the API
 * (in-process, app.inject), sequentially: median and p99 of BENCH_RUNS requests each.
 * Transactions are not seeded: the request reads only approvals, contracts, contract_sources and
 * token_balances, whose sizes are what matter.
 *
 *   BENCH_OTHERS=1000000 BENCH_RUNS=500 npx tsx bench/approvals.ts   (BENCH_KEEP=1 keeps the database)
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { apiPaths } from '../common/api/paths';
import { toRubyAddress } from '../common/address';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { LocalBus } from '../server/events';
import { buildApi } from '../server/api/server';

const others = Number(process.env.BENCH_OTHERS ?? 1_000_000);
const contractsN = Number(process.env.BENCH_CONTRACTS ?? 50_000);
const runs = Number(process.env.BENCH_RUNS ?? 500);
const pgAdmin = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const OWNER = `0x${'ab'.repeat(20)}`;
const hex40 = (expr: string) => sql.raw(`'0x' || lpad(to_hex(${expr}), 40, '0')`);

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ruby-bench-approvals-'));
const admin = new pg.Client({ connectionString: pgAdmin });
await admin.connect();
const name = `ruby_bench_approvals_${Date.now()}`;
await admin.query(`CREATE DATABASE ${name}`);
const u = new URL(pgAdmin);
u.pathname = `/${name}`;
const database = await openDatabase({ databaseUrl: u.toString(), dataDir: null });
const db = database.db;
try {
  let t = performance.now();
  // Contracts: 1..contractsN; tokens of the owner are 1..200 (100 of them NFT collections).
  await sql`INSERT INTO contracts (address, block_number, tx_hash, creator, timestamp, contract_type, name, symbol, decimals, is_nft, nft_kind)
    SELECT ${hex40('i')}, i, '0x' || lpad(to_hex(i), 64, '0'), ${OWNER}, 1700000000 + i,
      CASE WHEN i % 2 = 0 AND i <= 200 THEN 'dapp' ELSE 'rbc20' END, 'Token ' || i, 'T' || i, 18,
      i % 2 = 0 AND i <= 200, CASE WHEN i % 2 = 0 AND i <= 200 THEN 'erc721' ELSE NULL END
    FROM generate_series(1, ${contractsN}) i`.execute(db);
  // Other owners' approvals: owner 1..others/10, ten each, over all contracts.
  await sql`INSERT INTO approvals (approval_key, token, kind, owner, spender, token_id, amount, block_number, tx_hash, timestamp)
    SELECT 'o' || i, ${hex40(`1 + i % ${contractsN}`)}, 'erc20', ${hex40('1000000 + i / 10')}, ${hex40('2000000 + i % 5000')}, NULL,
      (i * 1000)::numeric, i, '0x' || lpad(to_hex(i), 64, '0'), 1700000000 + i
    FROM generate_series(1, ${others}) i`.execute(db);
  await sql`INSERT INTO token_balances (token_address, holder, balance, last_block)
    SELECT token, owner, 10::numeric ^ 20, 1 FROM approvals ON CONFLICT DO NOTHING`.execute(db);
  // The owner: 1,000 approvals over tokens 1..200: 800 allowances on the odd (ERC-20) tokens, one
  // in ten unlimited; 100 single NFTs and 100 operators on the even (NFT) ones.
  await sql`INSERT INTO approvals (approval_key, token, kind, owner, spender, token_id, amount, block_number, tx_hash, timestamp)
    SELECT 'a' || i, ${hex40('1 + 2 * (i % 100)')}, 'erc20', ${OWNER}, ${hex40('3000000 + i')}, NULL,
      CASE WHEN i % 10 = 0 THEN 2::numeric ^ 256 - 1 ELSE (i * 10)::numeric ^ 15 END, i, '0x' || lpad(to_hex(i), 64, '0'), 1700000000 + i
    FROM generate_series(1, 800) i`.execute(db);
  await sql`INSERT INTO approvals (approval_key, token, kind, owner, spender, token_id, amount, block_number, tx_hash, timestamp)
    SELECT 'n' || i, ${hex40('2 + 2 * (i % 100)')}, CASE WHEN i <= 100 THEN 'erc721' ELSE 'operator' END, ${OWNER}, ${hex40('4000000 + i')},
      CASE WHEN i <= 100 THEN i::numeric ELSE NULL END, 1, i, '0x' || lpad(to_hex(i), 64, '0'), 1700000000 + i
    FROM generate_series(1, 200) i`.execute(db);
  await sql`INSERT INTO token_balances (token_address, holder, balance, last_block)
    SELECT DISTINCT token, owner, (10::numeric ^ 21), 1 FROM approvals WHERE owner = ${OWNER} AND kind = 'erc20'
    ON CONFLICT DO NOTHING`.execute(db);
  await sql`ANALYZE`.execute(db);
  const count = await sql<{ n: number }>`SELECT count(*)::int AS n FROM approvals`.execute(db);
  console.log(`seeded ${count.rows[0]?.n} approvals, ${contractsN} contracts in ${((performance.now() - t) / 1000).toFixed(1)} s`);

  const config = loadConfig({ DATA_DIR: dir, RUBY_RPC_URL: 'http://127.0.0.1:9', SOLC_BINARIES_URL: 'off', SOLC_NPM_REGISTRY: 'off' });
  const { app } = await buildApi({
    config,
    db: database,
    bus: new LocalBus(),
    rpcUrl: 'http://127.0.0.1:9',
    indexerStatus: () => ({ indexedBlock: 1, head: 1, percent: 100, catchingUp: false }) as never,
    log: () => {},
    distDir: dir,
  });
  await app.ready();
  const address = toRubyAddress(OWNER);
  const cases: [string, string][] = [
    ['page 1 of 25, riskiest first', apiPaths.approvals({ address, page: 1, size: 25 })],
    ['page 40 of 25', apiPaths.approvals({ address, page: 40, size: 25 })],
    ['erc20 only, page 1 of 100', apiPaths.approvals({ address, page: 1, size: 100 }, { kind: 'erc20' })],
  ];
  for (const [label, url] of cases) {
    const first = await app.inject({ method: 'GET', url });
    if (first.statusCode !== 200) throw new Error(`${label}: HTTP ${first.statusCode} ${first.body.slice(0, 200)}`);
    const body = first.json<{ result: unknown[]; totalTransactions: number }>();
    for (let i = 0; i < 20; i++) await app.inject({ method: 'GET', url });
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      t = performance.now();
      await app.inject({ method: 'GET', url });
      times.push(performance.now() - t);
    }
    console.log(
      `${label}: ${body.result.length} rows of ${body.totalTransactions}; median ${pct(times, 0.5).toFixed(1)} ms, p99 ${pct(times, 0.99).toFixed(1)} ms, max ${pct(times, 1).toFixed(1)} ms (${runs} requests)`,
    );
  }
  await app.close();
} finally {
  await database.close();
  if (process.env.BENCH_KEEP === '1') console.log(`kept database ${name}`);
  else await admin.query(`DROP DATABASE ${name}`);
  await admin.end();
  await fs.rm(dir, { recursive: true, force: true });
}
