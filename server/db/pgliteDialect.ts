/**
 * A Kysely dialect over an in-thread PGlite instance (kysely-pglite-dialect refuses PGlite 0.5).
 *
 * PGlite is ONE Postgres session, so the driver hands out one connection guarded by a FIFO
 * mutex: a Kysely transaction acquires it at BEGIN and keeps it, across awaits, until COMMIT or
 * ROLLBACK; every other query (plain ones, other transactions, remote ones from serveDatabase)
 * waits its turn. Invariant: a statement never runs inside someone else's transaction.
 * Consequence: inside `db.transaction().execute(trx => ...)`, use `trx`, never `db` (it would
 * wait for the transaction that is waiting for it).
 */
import type { PGlite, Results } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { copyFromBlobSql, isCopyFromStdin } from './copy';
import { Mutex } from './mutex';
import { quoteIdent } from './schema';

export interface PGliteDialectConfig {
  pglite: PGlite;
  /** Close the PGlite instance when the Kysely instance is destroyed (default true). */
  closeOnDestroy?: boolean;
}

export class PGliteDialect implements Dialect {
  readonly #config: PGliteDialectConfig;
  constructor(config: PGliteDialectConfig) {
    this.#config = config;
  }
  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.#config);
  }
  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}

const SLOW_WAIT_MS = 30_000;
const AFFECTING = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'COPY']);

/** Kysely's result shape from a PGlite result (the last one, for a multi-statement script). */
export function toQueryResult<R>(result: Results<R> | undefined): QueryResult<R> {
  if (!result) return { rows: [] };
  const affected = result.command !== undefined && AFFECTING.has(result.command);
  return {
    rows: result.rows,
    ...(affected ? { numAffectedRows: BigInt(result.rowCount ?? result.affectedRows ?? 0) } : {}),
  };
}

/** SQL to open a transaction with Kysely's settings (same text as Kysely's Postgres driver). */
export function beginSql(settings: TransactionSettings): string {
  let text = settings.isolationLevel || settings.accessMode ? 'start transaction' : 'begin';
  if (settings.isolationLevel) text += ` isolation level ${settings.isolationLevel}`;
  if (settings.accessMode) text += ` ${settings.accessMode}`;
  return text;
}

/** Savepoints as SQL on the driver's connection (as Kysely's Postgres driver does them): PGlite's and the remote driver's. */
export abstract class SqlSavepoints {
  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteIdent(name)}`));
  }
  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint ${quoteIdent(name)}`));
  }
  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release savepoint ${quoteIdent(name)}`));
  }
}

class PGliteConnection implements DatabaseConnection {
  readonly #pglite: PGlite;
  /** Release of the mutex while this connection is handed out. */
  release: (() => void) | null = null;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (isCopyFromStdin(query.sql, query.parameters)) {
      // copy.ts: the COPY text travels as the one parameter (bytes over a plain ArrayBuffer, never a
      // SharedArrayBuffer: hence the cast); PGlite reads it from /dev/blob.
      return toQueryResult(
        await this.#pglite.query<R>(copyFromBlobSql(query.sql), [], { blob: new Blob([query.parameters[0] as Uint8Array<ArrayBuffer>]) }),
      );
    }
    // Without parameters use the simple protocol: one round trip, and multi-statement scripts
    // (migrations) work, as they do with node-postgres.
    if (query.parameters.length === 0) {
      const results = await this.#pglite.exec(query.sql);
      return toQueryResult(results[results.length - 1] as Results<R> | undefined);
    }
    return toQueryResult(await this.#pglite.query<R>(query.sql, [...query.parameters]));
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize = 1000): AsyncIterableIterator<QueryResult<R>> {
    // PGlite has no cursors over this interface: run the query, hand the rows out in chunks.
    const { rows } = await this.executeQuery<R>(query);
    for (let i = 0; i < rows.length; i += chunkSize) yield { rows: rows.slice(i, i + chunkSize) };
  }
}

class PGliteDriver extends SqlSavepoints implements Driver {
  readonly #config: PGliteDialectConfig;
  readonly #mutex = new Mutex();
  readonly #connection: PGliteConnection;
  #destroyed = false;

  constructor(config: PGliteDialectConfig) {
    super();
    this.#config = config;
    this.#connection = new PGliteConnection(config.pglite);
  }

  async init(): Promise<void> {
    await this.#config.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    // A wait this long is almost always a deadlock: `db` used inside a `trx` callback.
    const warn = setTimeout(
      () =>
        console.warn(
          `[db] a query has waited ${SLOW_WAIT_MS / 1000} s for the PGlite ` +
            'connection: is code inside db.transaction() querying through `db` instead of `trx`?',
        ),
      SLOW_WAIT_MS,
    );
    warn.unref();
    const release = await this.#mutex.acquire().finally(() => clearTimeout(warn));
    if (this.#destroyed) {
      release();
      throw new Error('the PGlite database has been closed');
    }
    this.#connection.release = release;
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(beginSql(settings)));
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const conn = connection as PGliteConnection;
    const release = conn.release;
    conn.release = null;
    release?.();
  }

  async destroy(): Promise<void> {
    if (this.#destroyed) return;
    // Wait for the current holder (and everyone queued before us) to finish.
    const release = await this.#mutex.acquire();
    this.#destroyed = true;
    try {
      if (this.#config.closeOnDestroy !== false && !this.#config.pglite.closed) await this.#config.pglite.close();
    } finally {
      release();
    }
  }
}
