/**
 * DATABASE_READ_URL: an API process's reads from a PostgreSQL streaming replica, everything else
 * on the primary (DATABASE_URL). One Kysely instance; its driver picks the pool per statement:
 *
 * - the replica: SELECT (and SHOW / SET LOCAL / EXPLAIN) statements that neither lock rows
 *   (FOR UPDATE / SHARE) nor touch a table the API itself writes (API_TABLES). The indexer is the
 *   only writer of the chain tables, and its commits reach the replica in milliseconds; the
 *   realtime pushes wait for them (ReplicaGatedBus in replicaBus.ts).
 * - the primary: every write, every statement on API_TABLES (a user who just signed up must be
 *   found at the log-in a moment later, whatever the replica's lag), and COPY.
 * - a transaction goes where its first statement goes (the API's only one, inIndexOrder, starts
 *   with SET LOCAL and reads); BEGIN is sent once that statement is known.
 *
 * The LISTEN/NOTIFY bus and socket.io's adapter connect to the primary themselves (a replica can
 * neither NOTIFY nor LISTEN).
 */
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

/** Tables the API process writes (accounts, wallets, feedback, keys, verification). */
export const API_TABLES = [
  'users',
  'sessions',
  'wallet_tokens',
  'feedback',
  'api_keys',
  'verification_jobs',
  'sourcify_jobs',
  'contract_sources',
  'schema_migrations',
  'watchlist',
  'watchlist_notifications',
  'auth_attempts',
];
const API_TABLE_RE = new RegExp(`\\b(${API_TABLES.join('|')})\\b`, 'i');
const READ_RE = /^\s*(select|show|explain|set\s+local)\b/i;
const LOCKING_RE = /\bfor\s+(update|share|no\s+key\s+update|key\s+share)\b/i;

/** Whether a statement may run on the replica. */
export function isReplicaSafe(sqlText: string): boolean {
  return READ_RE.test(sqlText) && !LOCKING_RE.test(sqlText) && !API_TABLE_RE.test(sqlText);
}

type Target = 'primary' | 'replica';

/** One logical connection: a connection of either pool, taken when first needed. */
class RoutingConnection implements DatabaseConnection {
  private readonly held: Partial<Record<Target, DatabaseConnection>> = {};
  /** Set while a transaction runs: where it runs (null until its first statement). */
  tx: { target: Target | null; settings: TransactionSettings } | null = null;

  constructor(
    private readonly drivers: Record<Target, Driver>,
    private readonly counts: Record<Target, number>,
  ) {}

  async on(target: Target): Promise<DatabaseConnection> {
    let c = this.held[target];
    if (!c) {
      c = await this.drivers[target].acquireConnection();
      this.held[target] = c;
    }
    return c;
  }

  private async route(query: CompiledQuery): Promise<DatabaseConnection> {
    if (this.tx === null) {
      const target: Target = isReplicaSafe(query.sql) ? 'replica' : 'primary';
      this.counts[target]++;
      return this.on(target);
    }
    if (this.tx.target === null) {
      this.tx.target = isReplicaSafe(query.sql) ? 'replica' : 'primary';
      this.counts[this.tx.target]++;
      const c = await this.on(this.tx.target);
      await this.drivers[this.tx.target].beginTransaction(c, this.tx.settings);
      return c;
    }
    return this.on(this.tx.target);
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return (await this.route(query)).executeQuery<R>(query);
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    yield* (await this.route(query)).streamQuery<R>(query, chunkSize);
  }

  async release(): Promise<void> {
    for (const target of ['primary', 'replica'] as const) {
      const c = this.held[target];
      delete this.held[target];
      if (c) await this.drivers[target].releaseConnection(c);
    }
  }

  heldOn(target: Target): DatabaseConnection | undefined {
    return this.held[target];
  }
}

class RoutingDriver implements Driver {
  constructor(
    private readonly drivers: Record<Target, Driver>,
    private readonly counts: Record<Target, number>,
  ) {}

  async init(): Promise<void> {
    await Promise.all([this.drivers.primary.init(), this.drivers.replica.init()]);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new RoutingConnection(this.drivers, this.counts);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    (connection as RoutingConnection).tx = { target: null, settings };
  }

  private async end(connection: DatabaseConnection, how: 'commitTransaction' | 'rollbackTransaction'): Promise<void> {
    const conn = connection as RoutingConnection;
    const target = conn.tx?.target ?? null;
    conn.tx = null;
    const c = target === null ? undefined : conn.heldOn(target);
    // A transaction that ran no statement never sent BEGIN: nothing to end.
    if (target !== null && c) await this.drivers[target][how](c);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.end(connection, 'commitTransaction');
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.end(connection, 'rollbackTransaction');
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    await (connection as RoutingConnection).release();
  }

  async destroy(): Promise<void> {
    await Promise.all([this.drivers.primary.destroy(), this.drivers.replica.destroy()]);
  }
}

/** A PostgreSQL dialect whose statements go to `primary` or `replica` as above. */
export class ReadRoutingDialect implements Dialect {
  /** Statements (or transactions) sent to each side so far: for tests and logs. */
  readonly counts: Record<Target, number> = { primary: 0, replica: 0 };

  constructor(
    private readonly primary: Dialect,
    private readonly replica: Dialect,
  ) {}

  createDriver(): Driver {
    return new RoutingDriver({ primary: this.primary.createDriver(), replica: this.replica.createDriver() }, this.counts);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }

  // Kysely's own type parameter is `Kysely<any>` here.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}
