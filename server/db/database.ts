/**
 * Opening the database: PostgreSQL through a pg Pool when a URL is configured, otherwise an
 * embedded PGlite (in `<dataDir>/pglite`, or in memory when dataDir is null). Both are migrated
 * on open (unless told not to) and return rows typed the same way (see typeParsers.ts).
 *
 * PGlite runs on the thread that opens it and blocks that thread's event loop while it works:
 * the HTTP thread should not open it, but reach it through remote.ts (openRemoteDatabase).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { CompiledQuery, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { copyingPool } from './copy';
import { migrate as runMigrations } from './migrate';
import { PGliteDialect } from './pgliteDialect';
import { ReadRoutingDialect } from './readRouting';
import type { DB } from './schema';
import { pgliteParsers, pgTypes } from './typeParsers';

export interface Database {
  db: Kysely<DB>;
  kind: 'pg' | 'pglite' | 'remote';
  /** Ends the pool / closes PGlite after the queries in flight; idempotent. */
  close(): Promise<void>;
  /** The pg pool's connections now (PostgreSQL only; PGlite has no pool), for metrics. */
  poolStats?: () => PoolStats;
  /** With a read URL: statements sent to the primary and to the replica so far (readRouting.ts). */
  routed?: () => { primary: number; replica: number };
}

export interface PoolStats {
  /** Open connections, busy or idle. */
  total: number;
  idle: number;
  /** Queries waiting for a connection (the pool is at its size). */
  waiting: number;
  /** The pool's size. */
  max: number;
}

export interface OpenDatabaseOptions {
  /** postgres://… → PostgreSQL; null → embedded PGlite. */
  databaseUrl: string | null;
  /** Data folder for PGlite (`<dataDir>/pglite`); null = PGlite in memory. Ignored for pg. */
  dataDir: string | null;
  /** Apply pending migrations before returning (default true). */
  migrate?: boolean;
  /** pg pool size (default 10). */
  poolSize?: number;
  /**
   * postgres://… of a streaming replica of databaseUrl (DATABASE_READ_URL): reads go there,
   * writes to the primary (readRouting.ts). Ignored for PGlite.
   */
  readUrl?: string | null;
  /**
   * PostgreSQL statement_timeout of this pool's connections (ms); default PG_STATEMENT_TIMEOUT_MS.
   * The API opens its pool with a short one (API_STATEMENT_TIMEOUT_MS), the indexer with the default.
   */
  statementTimeoutMs?: number;
}

export const APPLICATION_NAME = 'ruby-explorer';

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  const timeout = opts.statementTimeoutMs || PG_STATEMENT_TIMEOUT_MS;
  const database = opts.databaseUrl
    ? openPg(opts.databaseUrl, opts.poolSize ?? 10, opts.readUrl ?? null, timeout)
    : await openPglite(opts.dataDir);
  if (opts.migrate !== false) {
    try {
      await runMigrations(database.db);
    } catch (err) {
      await database.close();
      throw err;
    }
  }
  return database;
}

/**
 * Bounds on every wait for PostgreSQL, so a request during an outage fails fast (the API answers
 * 503) instead of hanging: connecting, or waiting for a free client of a full pool, gives up
 * after PG_CONNECT_TIMEOUT_MS; one statement after PG_STATEMENT_TIMEOUT_MS (generous: the
 * indexer's batch writes and the migrations run on this pool too; the API's own pool gets a short
 * one instead, OpenDatabaseOptions.statementTimeoutMs); an open transaction left idle
 * is ended by the server. TCP keep-alive finds a connection whose server vanished.
 */
export const PG_CONNECT_TIMEOUT_MS = 5_000;
export const PG_STATEMENT_TIMEOUT_MS = 120_000;

function openPg(url: string, max: number, readUrl: string | null, statementTimeoutMs: number): Database {
  const pool = pgPool(url, max, statementTimeoutMs);
  if (readUrl !== null) {
    const routing = new ReadRoutingDialect(
      new PostgresDialect({ pool: copyingPool(pool) }),
      new PostgresDialect({ pool: pgPool(readUrl, max, statementTimeoutMs) }),
    );
    const database = withClose(new Kysely<DB>({ dialect: routing }), 'pg');
    return {
      ...database,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
      routed: () => ({ ...routing.counts }),
    };
  }
  const database = withClose(new Kysely<DB>({ dialect: new PostgresDialect({ pool: copyingPool(pool) }) }), 'pg');
  return { ...database, poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }) };
}

function pgPool(url: string, max: number, statementTimeoutMs: number): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    application_name: APPLICATION_NAME,
    types: pgTypes,
    connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
    statement_timeout: statementTimeoutMs,
    idle_in_transaction_session_timeout: PG_STATEMENT_TIMEOUT_MS,
    keepAlive: true,
  });
  // An idle client losing its server (a PostgreSQL restart) emits 'error' on the pool;
  // unhandled, it would kill the process. The pool drops that client, as it drops a client
  // released after its connection broke, and the next query opens a fresh one.
  pool.on('error', (err) => console.warn(`[db] idle PostgreSQL connection failed: ${err.message}`));
  // The pool listens for errors only on idle clients. A checked-out client whose server goes
  // away between two queries (inside a transaction, say) emits 'error' with nobody listening,
  // which would kill the process; the caller's next query fails anyway (the API answers 503),
  // and on release the pool drops the client, so this listener only has to exist.
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

async function openPglite(dataDir: string | null): Promise<Database> {
  let dir: string | undefined;
  if (dataDir !== null) {
    dir = path.join(dataDir, 'pglite');
    await mkdir(dir, { recursive: true });
  }
  // Options form on purpose: `new PGlite(undefined, options)` silently drops the options.
  const options = { ...(dir === undefined ? {} : { dataDir: dir }), parsers: pgliteParsers, startParams: PGLITE_START_PARAMS };
  if (dir !== undefined && !existsSync(path.join(dir, 'PG_VERSION'))) await initDataFolder(dir, options);
  const pglite = new PGlite(options);
  await pglite.waitReady;
  return withClose(new Kysely<DB>({ dialect: new PGliteDialect({ pglite }) }), 'pglite');
}

/**
 * A new data folder: PGlite runs initdb first, which takes about 700 MB. In the process that did
 * it, about 170 MB of that stays resident for good, even after closing the instance and a garbage
 * collection (the C heap does not shrink). So a short-lived child process creates the folder, and
 * this process opens a finished one (bench/README.md, memory). If the child cannot run, the
 * folder is created here, and closed and opened again, which gives back part of it.
 */
export async function initDataFolder(dir: string, options: PGliteOptions, nodePath: string = process.execPath): Promise<void> {
  await mkdir(dir, { recursive: true });
  const moduleUrl = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href;
  const script = [
    'const m = await import(process.env.RUBY_PGLITE_MODULE);',
    'const startParams = JSON.parse(process.env.RUBY_PGLITE_PARAMS);',
    'const db = new (m.PGlite ?? m.default.PGlite)({ dataDir: process.env.RUBY_PGLITE_DIR, ...(startParams.length > 0 ? { startParams } : {}) });',
    'await db.waitReady;',
    'await db.close();',
  ].join('\n');
  const failure = await new Promise<string | null>((resolve) => {
    const child = spawn(nodePath, ['--input-type=module', '-e', script], {
      env: {
        ...process.env,
        RUBY_PGLITE_MODULE: moduleUrl,
        RUBY_PGLITE_DIR: dir,
        RUBY_PGLITE_PARAMS: JSON.stringify(options.startParams ?? []),
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-2000);
    });
    child.once('error', (err) => resolve(err.message));
    child.once('exit', (code, signal) => resolve(code === 0 ? null : `exit ${code ?? signal}: ${stderr.trim()}`));
  });
  if (failure === null && existsSync(path.join(dir, 'PG_VERSION'))) return;
  console.warn(`[db] creating the PGlite folder in a child process failed (${failure ?? 'no PG_VERSION'}); creating it here`);
  const first = new PGlite({ ...options, dataDir: dir });
  await first.waitReady;
  await first.close();
}

/**
 * PostgreSQL's default 128 MB of shared buffers live in PGlite's WebAssembly memory, which never
 * shrinks; the data files stay in the operating system's page cache either way. 32 MB holds the
 * hot indexes of an explorer database and keeps the all-in-one process's memory down
 * (bench/README.md, memory).
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/** Wraps a Kysely instance whose destroy() releases everything it holds. */
export function withClose(db: Kysely<DB>, kind: Database['kind']): Database {
  let closing: Promise<void> | null = null;
  return {
    db,
    kind,
    close: () => (closing ??= db.destroy()),
  };
}

/**
 * Runs one SQL text with $1… parameters on a Kysely instance or transaction and returns its rows
 * (typed as the caller says; nothing checks it). For statements Kysely's builders cannot express.
 */
export async function rawQuery<R = Record<string, unknown>>(
  db: Pick<Kysely<DB>, 'executeQuery'>,
  sqlText: string,
  params: ReadonlyArray<unknown> = [],
): Promise<R[]> {
  const result = await db.executeQuery<R>(CompiledQuery.raw(sqlText, [...params]));
  return result.rows;
}
