/**
 * Bulk loading with COPY, for pg, PGlite and remote alike.
 *
 *   await copyInsert(trx, 'logs', columns, rows)
 *
 * sends ONE statement, `COPY "logs" ("a", "b") FROM STDIN`, with the rows as COPY text (tab
 * separated, \N for NULL, UTF-8 bytes) in its single parameter. PostgreSQL never takes parameters
 * on COPY, so that shape is unambiguous, and each driver intercepts it (isCopyFromStdin):
 * - pg: the pool handed to Kysely wraps its clients (copyingPool) and streams the text with
 *   pg-copy-streams;
 * - PGlite: the dialect runs `COPY … FROM '/dev/blob'` with the text as the blob;
 * - remote (a PGlite on another thread): the statement crosses as it is and the PGlite dialect
 *   there runs it.
 *
 * Against the unnest INSERT of bulk.ts, COPY costs PostgreSQL about a third less CPU on the
 * indexer's tables (bench/README.md) and skips building one array literal per column. It has no
 * ON CONFLICT: use it for rows that cannot exist yet (the indexer deletes a block's rows before
 * it writes them again), and bulkInsert for upserts.
 */
import { CompiledQuery, type Kysely, type PostgresPool, type PostgresPoolClient, type PostgresQueryResult, type Transaction } from 'kysely';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { valueText, type BulkColumn } from './bulk';
import { quoteIdent, type DB } from './schema';

const COPY_FROM_STDIN_RE = /^COPY\s[^;]+\sFROM\s+STDIN$/i;

/**
 * Is this statement a copyInsert: COPY … FROM STDIN whose one parameter is the COPY text as
 * UTF-8 bytes (a Buffer here; a plain Uint8Array once it has crossed to a worker)?
 */
export function isCopyFromStdin(sqlText: string, parameters: ReadonlyArray<unknown>): parameters is [Uint8Array] {
  return parameters.length === 1 && parameters[0] instanceof Uint8Array && COPY_FROM_STDIN_RE.test(sqlText);
}

/** The same statement reading PGlite's /dev/blob device instead of STDIN. */
export function copyFromBlobSql(sqlText: string): string {
  return sqlText.replace(/STDIN$/i, "'/dev/blob'");
}

const COPY_ESCAPE_RE = /[\\\t\n\r]/g;
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/**
 * One field of COPY's text format: backslash, tab, newline and CR escaped (rare in chain data).
 * The check is four indexOf scans, not a regex test: on long calldata V8 scans a one-byte string
 * for one character several times faster than it runs a character-class regex over it.
 */
const field = (text: string): string =>
  text.indexOf('\\') < 0 && text.indexOf('\t') < 0 && text.indexOf('\n') < 0 && text.indexOf('\r') < 0
    ? text
    : text.replace(COPY_ESCAPE_RE, (c) => COPY_ESCAPES[c] as string);

/** A growing byte buffer that strings are written into as UTF-8. */
class ByteWriter {
  private buf = Buffer.allocUnsafe(1 << 16);
  private length = 0;

  write(text: string): void {
    const need = this.length + text.length * 3; // UTF-8 takes at most 3 bytes per UTF-16 unit
    if (need > this.buf.length) {
      const bigger = Buffer.allocUnsafe(Math.max(need, this.buf.length * 2));
      this.buf.copy(bigger, 0, 0, this.length);
      this.buf = bigger;
    }
    this.length += this.buf.write(text, this.length, 'utf8');
  }

  /** The bytes written, in a buffer of exactly that size (it may cross to a worker). */
  bytes(): Buffer {
    return Buffer.from(this.buf.subarray(0, this.length));
  }
}

/**
 * Rows as COPY text (UTF-8); values are checked and written as bulkInsert takes them (bulk.ts).
 * Each line goes into a byte buffer as soon as it is built, so the strings die young: holding
 * every line until one join made the garbage collector copy them all, which cost more than
 * building them. For the same reason `toRow` (when given) turns one item into its values only
 * when its line is written.
 */
export function copyText<T = ReadonlyArray<unknown>>(
  columns: ReadonlyArray<BulkColumn>,
  items: ReadonlyArray<T>,
  toRow: (item: T) => ReadonlyArray<unknown> = (item) => item as ReadonlyArray<unknown>,
): Buffer {
  const out = new ByteWriter();
  const width = columns.length;
  for (let i = 0; i < items.length; i++) {
    const row = toRow(items[i] as T);
    if (row.length !== width) throw new Error(`copyInsert: row ${i} has ${row.length} values for ${width} columns`);
    let line = '';
    for (let c = 0; c < width; c++) {
      const v = row[c];
      if (c > 0) line += '\t';
      line += v === null || v === undefined ? '\\N' : field(valueText(columns[c] as BulkColumn, v));
    }
    out.write(`${line}\n`);
  }
  return out.bytes();
}

/**
 * Appends rows to a table with one COPY; all-or-nothing like any single statement. `items` are
 * the rows' values, or anything `toRow` turns into them.
 */
export async function copyInsert<T = ReadonlyArray<unknown>>(
  db: Kysely<DB> | Transaction<DB>,
  table: string,
  columns: ReadonlyArray<BulkColumn>,
  items: ReadonlyArray<T>,
  toRow?: (item: T) => ReadonlyArray<unknown>,
): Promise<void> {
  if (columns.length === 0) throw new Error('copyInsert: no columns');
  if (items.length === 0) return;
  const target = table.split('.').map(quoteIdent).join('.');
  const names = columns.map((c) => quoteIdent(c.name)).join(', ');
  await db.executeQuery(CompiledQuery.raw(`COPY ${target} (${names}) FROM STDIN`, [copyText(columns, items, toRow)]));
}

/** Runs a copyInsert statement on a pg client (the text streamed with pg-copy-streams). */
async function copyOnPg(client: pg.PoolClient, sqlText: string, text: Uint8Array): Promise<number> {
  const stream = client.query(copyFrom(sqlText));
  await new Promise<void>((resolve, reject) => {
    stream.once('error', reject);
    stream.once('finish', resolve);
    stream.end(text);
  });
  return stream.rowCount;
}

/**
 * The pg pool as Kysely's PostgresDialect takes it, with copyInsert statements run as COPY
 * (everything else goes to pg unchanged). One wrapper per pg client, so Kysely keeps its
 * connection per client as it does with a bare pool.
 */
export function copyingPool(pool: pg.Pool): PostgresPool {
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    const query = (sqlOrCursor: unknown, parameters?: ReadonlyArray<unknown>): unknown => {
      if (typeof sqlOrCursor === 'string' && parameters && isCopyFromStdin(sqlOrCursor, parameters)) {
        return copyOnPg(client, sqlOrCursor, parameters[0]).then(
          // Kysely reads rows and rowCount; its command union has no COPY, and the count is what matters.
          (rowCount): PostgresQueryResult<never> => ({ command: 'INSERT', rowCount, rows: [] }),
        );
      }
      // Kysely's two overloads (text + parameters, or a cursor) are pg's own.
      return (client.query as (...args: unknown[]) => unknown).call(client, sqlOrCursor, parameters);
    };
    return { query: query as PostgresPoolClient['query'], release: () => client.release() };
  };
  return {
    connect: async () => {
      const client = await pool.connect();
      let w = wrappers.get(client);
      if (!w) wrappers.set(client, (w = wrap(client)));
      return w;
    },
    end: () => pool.end(),
  };
}
