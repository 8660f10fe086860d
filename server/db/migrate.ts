/**
 * Numbered SQL migrations: server/db/migrations/NNN_name.sql, applied in numeric order, each once,
 * each in its own transaction together with its row in `schema_migrations`, so a failed file
 * leaves neither half its changes nor a record. A file is one plain multi-statement script
 * without BEGIN/COMMIT of its own.
 *
 * Concurrency: every migration transaction first takes a transaction-scoped advisory lock, then
 * re-checks `schema_migrations`; two processes starting at once on PostgreSQL therefore apply each
 * file exactly once (the second waits, then sees it done). On PGlite the lock is trivially free.
 *
 * An applied file must not change: its SHA-256 is recorded, and a mismatch stops the start with
 * an error (edit history by adding a new file, or wipe the database in development).
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql, type Kysely, type Transaction } from 'kysely';
import { MIGRATIONS_DIR } from '../paths';
import type { DB } from './schema';

/** Arbitrary constant shared by every process of this app: the migration lock's key. */
const MIGRATION_LOCK_KEY = 1821500001;

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version    integer PRIMARY KEY,
  name       text NOT NULL,
  checksum   text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
)`;

export interface MigrationFile {
  version: number;
  name: string;
  sql: string;
  checksum: string;
}

export interface MigrateResult {
  /** File names applied by this call (empty when the database was up to date). */
  applied: string[];
}

/** The migration files of `dir`, sorted by number. Duplicate numbers are an error. */
export async function readMigrations(dir: string = MIGRATIONS_DIR): Promise<MigrationFile[]> {
  const files: MigrationFile[] = [];
  for (const name of await readdir(dir)) {
    const m = /^(\d+)_[\w-]+\.sql$/.exec(name);
    if (!m) continue;
    const text = await readFile(path.join(dir, name), 'utf8');
    files.push({ version: Number(m[1]), name, sql: text, checksum: createHash('sha256').update(text).digest('hex') });
  }
  files.sort((a, b) => a.version - b.version);
  for (let i = 1; i < files.length; i++) {
    const [prev, cur] = [files[i - 1], files[i]];
    if (prev && cur && prev.version === cur.version) throw new Error(`two migrations numbered ${cur.version}: ${prev.name}, ${cur.name}`);
  }
  return files;
}

async function lockAndRead(trx: Transaction<DB>): Promise<Map<number, string>> {
  await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`.execute(trx);
  await sql.raw(CREATE_TABLE).execute(trx);
  const rows = await trx.selectFrom('schema_migrations').select(['version', 'checksum']).execute();
  return new Map(rows.map((r) => [r.version, r.checksum]));
}

function checkUnchanged(file: MigrationFile, recorded: string | undefined): boolean {
  if (recorded === undefined) return false;
  if (recorded !== file.checksum) {
    throw new Error(
      `migration ${file.name} was changed after it had been applied (checksum mismatch): ` +
        'add a new migration instead, or wipe the database in development',
    );
  }
  return true;
}

export async function migrate(db: Kysely<DB>, opts: { dir?: string } = {}): Promise<MigrateResult> {
  const files = await readMigrations(opts.dir);
  const known = await db.transaction().execute(lockAndRead);
  const pending = files.filter((f) => !checkUnchanged(f, known.get(f.version)));
  const applied: string[] = [];
  for (const file of pending) {
    const done = await db.transaction().execute(async (trx) => {
      // Re-check under the lock: another process may have applied it meanwhile.
      if (checkUnchanged(file, (await lockAndRead(trx)).get(file.version))) return false;
      await sql.raw(file.sql).execute(trx);
      await trx.insertInto('schema_migrations').values({ version: file.version, name: file.name, checksum: file.checksum }).execute();
      return true;
    });
    if (done) applied.push(file.name);
  }
  return { applied };
}
