/**
 * Run one suite against every database kind: PGlite (in memory, always) and PostgreSQL (when a
 * server is reachable; see pg.ts, and always in CI). Each kind gets a fresh migrated database
 * for the suite, closed (and dropped) in afterAll.
 *
 *   describeEachDatabase('blocks API', (getDb, kind) => {
 *     it('lists blocks', async () => { const { db } = getDb(); ... });
 *   });
 */
import { afterAll, beforeAll, describe } from 'vitest';
import { openDatabase, type Database } from '../../server/db/database';
import { createTestPgDatabase, probePg, type TestPgDatabase } from './pg';

export type TestDatabaseKind = 'pglite' | 'pg';

/** Probed once per test file (vitest runs each file in its own process or worker). */
export const pgAvailable: boolean = await probePg();

export interface DescribeEachOptions {
  /** Apply the migrations (default true). */
  migrate?: boolean;
  /** Restrict to some kinds (default both). */
  kinds?: ReadonlyArray<TestDatabaseKind>;
}

/** A fresh database of one kind; call close() when done. */
export async function openTestDatabase(kind: TestDatabaseKind, opts: { migrate?: boolean } = {}): Promise<Database> {
  if (kind === 'pglite') return openDatabase({ databaseUrl: null, dataDir: null, migrate: opts.migrate });
  const pg: TestPgDatabase | null = await createTestPgDatabase();
  if (!pg) throw new Error('no PostgreSQL server for tests (see tests/helpers/pg.ts)');
  try {
    const database = await openDatabase({ databaseUrl: pg.url, dataDir: null, migrate: opts.migrate });
    return {
      ...database,
      close: async () => {
        await database.close();
        await pg.drop();
      },
    };
  } catch (err) {
    await pg.drop();
    throw err;
  }
}

export function describeEachDatabase(
  name: string,
  fn: (getDb: () => Database, kind: TestDatabaseKind) => void,
  opts: DescribeEachOptions = {},
): void {
  for (const kind of opts.kinds ?? (['pglite', 'pg'] as const)) {
    describe.skipIf(kind === 'pg' && !pgAvailable)(`${name} [${kind}]`, () => {
      let database: Database | null = null;
      beforeAll(async () => {
        database = await openTestDatabase(kind, { migrate: opts.migrate });
      });
      afterAll(async () => {
        await database?.close();
      });
      fn(() => {
        if (!database) throw new Error('the test database is not open yet (use getDb() inside tests and hooks)');
        return database;
      }, kind);
    });
  }
}
