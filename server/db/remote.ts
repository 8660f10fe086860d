/**
 * The embedded database across threads. PGlite blocks the event loop of the thread it runs on,
 * so in the embedded mode it lives in a worker (the indexer's) and the HTTP thread queries it by
 * message passing:
 *
 *   worker:  const stop = serveDatabase(port, await openDatabase({ ... }))
 *   main:    const { db } = openRemoteDatabase(port)     // a Kysely<DB> like any other
 *
 * Remote queries take the worker database's own mutex (they run through its Kysely instance), so
 * they interleave with the worker's queries and never land inside the worker's transactions. A
 * remote transaction holds that mutex from BEGIN to COMMIT/ROLLBACK; if the port closes (or the
 * client closes) first, the worker rolls it back, so a dead main thread cannot wedge the database.
 * Errors come back as DatabaseError with the SQLSTATE in `code` (e.g. '23505').
 *
 * Start-up order is the caller's: queries sent before serveDatabase listens wait in the port, and
 * the worker should migrate before serving (openDatabase does).
 */
import { randomUUID } from 'node:crypto';
import {
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type { Database } from './database';
import { DatabaseError } from './errors';
import { SqlSavepoints } from './pgliteDialect';
import { CHANNEL, isReply, type Body, type PortLike, type Request } from './remoteProtocol';
import type { DB } from './schema';

export type { PortLike } from './remoteProtocol';
// The worker side lives in its own file; importing it from here keeps one entry point.
export { serveDatabase } from './remoteServer';

/** Main side: the request/reply bookkeeping of one client. */
class RemoteClient {
  readonly id = randomUUID();
  #nextId = 1;
  #nextTx = 1;
  #closedReason: string | null = null;
  readonly #pending = new Map<number, { resolve: (r: QueryResult<unknown>) => void; reject: (e: Error) => void }>();

  constructor(readonly port: PortLike) {
    port.on('message', this.#onMessage);
    port.on('close', this.#onGone);
    port.on('exit', this.#onGone);
  }

  newTx(): number {
    return this.#nextTx++;
  }

  request(body: Body<Request>): Promise<QueryResult<unknown>> {
    if (this.#closedReason) return Promise.reject(new Error(this.#closedReason));
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      try {
        this.port.postMessage({ ch: CHANNEL, client: this.id, id, ...body });
      } catch (err) {
        this.#pending.delete(id);
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    });
  }

  close(reason: string): void {
    if (this.#closedReason) return;
    try {
      this.port.postMessage({ ch: CHANNEL, client: this.id, id: 0, op: 'bye' });
    } catch {
      // The port is already gone; the server side rolls back on its own 'close'.
    }
    this.#shutdown(reason);
  }

  readonly #onMessage = (msg: unknown): void => {
    if (!isReply(msg) || msg.client !== this.id) return;
    const waiter = this.#pending.get(msg.id);
    if (!waiter) return;
    this.#pending.delete(msg.id);
    if (msg.ok) waiter.resolve(msg.result);
    else waiter.reject(new DatabaseError(msg.error));
  };

  readonly #onGone = (): void => this.#shutdown('the remote database port closed');

  #shutdown(reason: string): void {
    this.#closedReason = reason;
    this.port.off('message', this.#onMessage);
    this.port.off('close', this.#onGone);
    this.port.off('exit', this.#onGone);
    for (const waiter of this.#pending.values()) waiter.reject(new Error(reason));
    this.#pending.clear();
  }
}

class RemoteConnection implements DatabaseConnection {
  /** Set between beginTransaction and commit/rollback: queries then run in that transaction. */
  tx: number | null = null;
  constructor(readonly client: RemoteClient) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.client.request({ op: 'query', sql: query.sql, params: [...query.parameters], tx: this.tx });
    return result as QueryResult<R>;
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize = 1000): AsyncIterableIterator<QueryResult<R>> {
    const { rows } = await this.executeQuery<R>(query);
    for (let i = 0; i < rows.length; i += chunkSize) yield { rows: rows.slice(i, i + chunkSize) };
  }
}

class RemoteDriver extends SqlSavepoints implements Driver {
  constructor(readonly client: RemoteClient) {
    super();
  }
  async init(): Promise<void> {}
  // Cheap: the worker reserves nothing until a transaction begins.
  async acquireConnection(): Promise<DatabaseConnection> {
    return new RemoteConnection(this.client);
  }
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const conn = connection as RemoteConnection;
    const tx = this.client.newTx();
    await this.client.request({ op: 'begin', tx, settings: { ...settings } });
    conn.tx = tx;
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const conn = connection as RemoteConnection;
    if (conn.tx === null) throw new Error('no transaction to commit');
    await this.client.request({ op: 'commit', tx: conn.tx });
    conn.tx = null;
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const conn = connection as RemoteConnection;
    if (conn.tx === null) return;
    const tx = conn.tx;
    conn.tx = null;
    await this.client.request({ op: 'rollback', tx });
  }
  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    // Defensive: a connection handed back inside a transaction must not keep the worker locked.
    const conn = connection as RemoteConnection;
    if (conn.tx !== null) await this.rollbackTransaction(conn).catch(() => undefined);
  }
  async destroy(): Promise<void> {
    this.client.close('the remote database was closed');
  }
}

class RemoteDialect implements Dialect {
  constructor(readonly client: RemoteClient) {}
  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new RemoteDriver(this.client);
  }
  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}

/**
 * Main side: a Database whose queries run in the thread serving `port`. close() rolls back this
 * client's open transactions and stops listening; it does not close the port (its owner does).
 */
export function openRemoteDatabase(port: PortLike): Database {
  const db = new Kysely<DB>({ dialect: new RemoteDialect(new RemoteClient(port)) });
  let closing: Promise<void> | null = null;
  return { db, kind: 'remote', close: () => (closing ??= db.destroy()) };
}
