/**
 * The capacity plan's synthetic chain (docs/capacity.md): millions of transactions written with
 * COPY into a database of their own, then its sizes and (bench/capacityMeasure.ts) the API's
 * latency on it.
 *
 *   npm run bench:capacity -- load    [--db ruby_capacity] [--txs 10000000] [--until 23:59]
 *   npm run bench:capacity -- finish  [--db …]   indexes, addresses, statistics (load runs it)
 *   npm run bench:capacity -- sizes   [--db …]   rows and bytes per table and index, per transaction
 *   npm run bench:capacity -- measure [--db …] [--connections 4] [--seconds 10]   a real API process against it
 *   npm run bench:capacity -- drop    [--db …]
 *
 * The server is TEST_DATABASE_URL (default the local one). `load` migrates the database, drops the
 * big tables' indexes (kept in capacity_indexes), appends blocks of 100 transactions in chunks of
 * 1,000 blocks from where the last run stopped, and at --txs or the --until time (UTC) stops and
 * runs `finish`: building an index once over sorted keys costs a fraction of maintaining it row by
 * row, which is what the indexer does (its rate is bench/README.md's business, not this tool's).
 */
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { openDatabase } from '../server/db/database';
import { chunkRows, COPY_COLUMNS, population, TXS_PER_BLOCK, type ChunkText } from './capacityRows';
import { measure } from './capacityMeasure';

const SEED = 'ruby-capacity-1';
const ADDRESSES = 1_000_000;
const CHUNK_BLOCKS = 1_000;
export const BIG_TABLES = ['blocks', 'transactions', 'address_transactions', 'logs', 'token_transfers', 'internal_transactions'] as const;

const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] !== undefined ? (process.argv[i + 1] as string) : fallback;
};
export const serverUrl = (): string => process.env.TEST_DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/postgres';
export function dbUrl(name: string): string {
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  return url.toString();
}
const log = (m: string): void => console.log(`[capacity ${new Date().toISOString().slice(11, 19)}] ${m}`);

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

async function ensureDatabase(name: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`--db must be a plain lower-case name, got "${name}"`);
  await withClient(serverUrl(), async (c) => {
    const exists = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await c.query(`CREATE DATABASE "${name}"`);
  });
  const database = await openDatabase({ databaseUrl: dbUrl(name), dataDir: null });
  await database.close();
}

/** Saves and drops the big tables' indexes and keys (once; a resumed load finds them saved). */
async function dropIndexes(c: pg.Client): Promise<void> {
  await c.query(
    'CREATE TABLE IF NOT EXISTS capacity_indexes (tbl text, name text, is_constraint boolean, def text, PRIMARY KEY (tbl, name))',
  );
  await c.query(
    `INSERT INTO capacity_indexes
    SELECT i.tablename, i.indexname, con.conname IS NOT NULL, COALESCE(pg_get_constraintdef(con.oid), i.indexdef)
    FROM pg_indexes i LEFT JOIN pg_constraint con ON con.conname = i.indexname
    WHERE i.schemaname = 'public' AND i.tablename = ANY($1) ON CONFLICT DO NOTHING`,
    [BIG_TABLES],
  );
  const saved = await c.query<{ tbl: string; name: string; is_constraint: boolean }>(
    'SELECT tbl, name, is_constraint FROM capacity_indexes',
  );
  for (const r of saved.rows) {
    await c.query(r.is_constraint ? `ALTER TABLE "${r.tbl}" DROP CONSTRAINT IF EXISTS "${r.name}"` : `DROP INDEX IF EXISTS "${r.name}"`);
  }
}

async function copyText(c: pg.Client, table: keyof typeof COPY_COLUMNS, text: string): Promise<void> {
  if (text === '') return;
  const stream = c.query(copyFrom(`COPY "${table}" (${COPY_COLUMNS[table].map((n) => `"${n}"`).join(', ')}) FROM STDIN`));
  await pipeline(Readable.from([Buffer.from(text)]), stream);
}

async function load(name: string, targetTxs: number, until: Date | null): Promise<void> {
  await ensureDatabase(name);
  const url = dbUrl(name);
  const pop = population(SEED, ADDRESSES);
  const clients = await Promise.all(
    [0, 1].map(async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query('SET synchronous_commit = off');
      return c;
    }),
  );
  const [a, b] = clients as [pg.Client, pg.Client];
  try {
    await dropIndexes(a);
    const next = Number((await a.query<{ n: string | null }>('SELECT max(number) AS n FROM blocks')).rows[0]?.n ?? -1) + 1;
    const lastBlock = Math.ceil(targetTxs / TXS_PER_BLOCK);
    log(`loading blocks ${next}..${lastBlock - 1} (${TXS_PER_BLOCK} transactions each) into ${name}`);
    const t0 = Date.now();
    let done = 0;
    for (let first = next; first < lastBlock; first += CHUNK_BLOCKS) {
      if (until && Date.now() > until.getTime()) {
        log(`--until reached: stopping at block ${first}`);
        break;
      }
      const chunk: ChunkText = chunkRows(SEED, pop, first, Math.min(CHUNK_BLOCKS, lastBlock - first));
      // Two connections: PostgreSQL parses one table's COPY while the other writes.
      await a.query('BEGIN');
      await b.query('BEGIN');
      await Promise.all([
        (async () => {
          for (const t of ['transactions', 'blocks', 'internal_transactions'] as const) await copyText(a, t, chunk[t]);
        })(),
        (async () => {
          for (const t of ['address_transactions', 'logs', 'token_transfers'] as const) await copyText(b, t, chunk[t]);
        })(),
      ]);
      await a.query('COMMIT');
      await b.query('COMMIT');
      done += chunk.txs;
      const s = (Date.now() - t0) / 1000;
      log(
        `${((first + CHUNK_BLOCKS) * TXS_PER_BLOCK).toLocaleString('en-US')} transactions stored (${Math.round(done / s).toLocaleString('en-US')} tx/s this run)`,
      );
    }
  } finally {
    await Promise.all(clients.map((c) => c.end()));
  }
  await finish(name);
}

/** Indexes back, the addresses table and the indexer's checkpoint from the rows, statistics. */
async function finish(name: string): Promise<void> {
  await withClient(dbUrl(name), async (c) => {
    await c.query("SET maintenance_work_mem = '1GB'");
    await c.query('SET max_parallel_maintenance_workers = 1');
    await c.query(
      'CREATE TABLE IF NOT EXISTS capacity_indexes (tbl text, name text, is_constraint boolean, def text, PRIMARY KEY (tbl, name))',
    );
    const saved = await c.query<{ tbl: string; name: string; is_constraint: boolean; def: string }>(
      'SELECT * FROM capacity_indexes ORDER BY is_constraint DESC, tbl, name',
    );
    for (const r of saved.rows) {
      const t0 = Date.now();
      await c.query(r.is_constraint ? `ALTER TABLE "${r.tbl}" ADD CONSTRAINT "${r.name}" ${r.def}` : r.def);
      await c.query('DELETE FROM capacity_indexes WHERE tbl = $1 AND name = $2', [r.tbl, r.name]);
      log(`index ${r.name} built in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    }
    const t1 = Date.now();
    await c.query('TRUNCATE addresses');
    await c.query(`INSERT INTO addresses (address, balance, tx_count, gas_used, first_block, last_block, is_contract)
      SELECT address, 1000000000000000000, count(*), 0, min(block_number), max(block_number), false
      FROM address_transactions GROUP BY address`);
    await c.query(`UPDATE indexer_state SET last_block = b.number, last_hash = b.hash, node_head = b.number, updated_at = now()
      FROM (SELECT number, hash FROM blocks ORDER BY number DESC LIMIT 1) b WHERE id = 1`);
    log(`addresses and checkpoint in ${((Date.now() - t1) / 1000).toFixed(0)} s`);
    await c.query('VACUUM ANALYZE');
    log('vacuum analyze done');
  });
}

/** Rows and bytes per table and per index, and per stored transaction. */
export async function sizes(name: string): Promise<string> {
  return withClient(dbUrl(name), async (c) => {
    const txs = Number((await c.query<{ n: string }>('SELECT count(*) AS n FROM transactions')).rows[0]?.n ?? 0);
    const rows = await c.query<{ rel: string; tbl: string; kind: string; rows: string; bytes: string }>(`
      SELECT c.relname AS rel, COALESCE(t.relname, c.relname) AS tbl, c.relkind AS kind,
        CASE WHEN c.relkind = 'r' THEN c.reltuples::bigint ELSE NULL END AS rows,
        CASE WHEN c.relkind = 'r' THEN pg_table_size(c.oid) ELSE pg_relation_size(c.oid) END AS bytes
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      LEFT JOIN pg_index i ON i.indexrelid = c.oid LEFT JOIN pg_class t ON t.oid = i.indrelid
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'i') ORDER BY tbl, c.relkind DESC, bytes DESC`);
    const lines = [
      `transactions: ${txs.toLocaleString('en-US')}`,
      '| table / index | rows | MB | bytes per transaction |',
      '|---|---:|---:|---:|',
    ];
    let total = 0;
    for (const r of rows.rows) {
      const bytes = Number(r.bytes);
      if (bytes < 1_000_000) continue;
      total += bytes;
      const label = r.kind === 'r' ? `**${r.rel}**` : `  ${r.rel}`;
      lines.push(
        `| ${label} | ${r.rows === null ? '' : Number(r.rows).toLocaleString('en-US')} | ${(bytes / 1e6).toFixed(0)} | ${txs > 0 ? (bytes / txs).toFixed(1) : '-'} |`,
      );
    }
    lines.push(`| total | | ${(total / 1e6).toFixed(0)} | ${txs > 0 ? (total / txs).toFixed(1) : '-'} |`);
    return lines.join('\n');
  });
}

async function drop(name: string): Promise<void> {
  await withClient(serverUrl(), async (c) => {
    await c.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
    await c.query(`DROP DATABASE IF EXISTS "${name}"`);
  });
}

async function main(): Promise<void> {
  const cmd = process.argv[2];
  const name = arg('db', 'ruby_capacity');
  if (cmd === 'load') {
    const untilArg = arg('until', '');
    const until = untilArg === '' ? null : new Date(`${new Date().toISOString().slice(0, 10)}T${untilArg}:00Z`);
    await load(name, Number(arg('txs', '10000000')), until);
  } else if (cmd === 'finish') await finish(name);
  else if (cmd === 'sizes') console.log(await sizes(name));
  else if (cmd === 'measure')
    console.log(await measure(dbUrl(name), { seconds: Number(arg('seconds', '10')), connections: Number(arg('connections', '4')) }));
  else if (cmd === 'drop') await drop(name);
  else throw new Error('usage: capacity load|finish|sizes|measure|drop [--db name] [--txs n] [--until HH:MM]');
}

if (process.argv[1]?.endsWith('capacity.ts')) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
