/**
 * Migrations: applied once, in numeric order, atomically per file, guarded against edits, and
 * exactly once when several processes start together on PostgreSQL.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, readMigrations } from '../../../server/db/migrate';
import { openDatabase, rawQuery } from '../../../server/db/database';
import { describeEachDatabase, openTestDatabase, pgAvailable } from '../../helpers/db';

const countMigrations = async (db: Parameters<typeof migrate>[0]): Promise<number> =>
  (await rawQuery<{ n: number }>(db, 'SELECT count(*) AS n FROM schema_migrations'))[0]?.n ?? -1;

describeEachDatabase('migrate', (getDb) => {
  it('applies every file once; running again is a no-op', async () => {
    const { db } = getDb();
    const files = await readMigrations();
    expect(files.length).toBeGreaterThan(0);
    expect(await countMigrations(db)).toBe(files.length);
    expect(await migrate(db)).toEqual({ applied: [] });
    expect(await migrate(db)).toEqual({ applied: [] });
    expect(await countMigrations(db)).toBe(files.length);
    // The seed row of 001 exists exactly once.
    expect(await rawQuery(db, 'SELECT id FROM indexer_state')).toEqual([{ id: 1 }]);
  });
});

describe('migrate with a custom folder (PGlite)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ruby-migrations-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('orders numerically, is atomic per file, and refuses edited files', async () => {
    const database = await openDatabase({ databaseUrl: null, dataDir: null, migrate: false });
    try {
      const { db } = database;
      await writeFile(path.join(dir, '2_second.sql'), 'ALTER TABLE t ADD COLUMN b int;\nINSERT INTO t (a, b) VALUES (2, 2);');
      await writeFile(path.join(dir, '10_tenth.sql'), 'INSERT INTO t (a, b) VALUES (10, 10);');
      await writeFile(
        path.join(dir, '1_first.sql'),
        '-- a comment; with a semicolon\nCREATE TABLE t (a int PRIMARY KEY);\nINSERT INTO t VALUES (1);',
      );
      await writeFile(path.join(dir, 'README.md'), 'not a migration');
      expect(await migrate(db, { dir })).toEqual({ applied: ['1_first.sql', '2_second.sql', '10_tenth.sql'] });
      expect(await rawQuery(db, 'SELECT a, b FROM t ORDER BY a')).toEqual([
        { a: 1, b: null },
        { a: 2, b: 2 },
        { a: 10, b: 10 },
      ]);

      // A failing file leaves nothing behind: not its first statement, not its record.
      await writeFile(path.join(dir, '11_broken.sql'), 'CREATE TABLE u (x int);\nINSERT INTO t VALUES (1, 1);');
      await expect(migrate(db, { dir })).rejects.toMatchObject({ code: '23505' });
      expect(await rawQuery(db, "SELECT to_regclass('u') IS NULL AS gone")).toEqual([{ gone: true }]);
      expect(await countMigrations(db)).toBe(3);

      await writeFile(path.join(dir, '11_broken.sql'), 'CREATE TABLE u (x int);');
      expect(await migrate(db, { dir })).toEqual({ applied: ['11_broken.sql'] });

      await writeFile(path.join(dir, '2_second.sql'), 'ALTER TABLE t ADD COLUMN b int; -- edited');
      await expect(migrate(db, { dir })).rejects.toThrow(/2_second\.sql was changed/);

      await writeFile(path.join(dir, '02_again.sql'), 'SELECT 1;');
      await expect(readMigrations(dir)).rejects.toThrow(/two migrations numbered 2/);
    } finally {
      await database.close();
    }
  });
});

describe.skipIf(!pgAvailable)('concurrent migrate on PostgreSQL', () => {
  it('five processes starting together apply each file exactly once', async () => {
    const first = await openTestDatabase('pg', { migrate: false });
    try {
      const url = (await rawQuery<{ db: string }>(first.db, 'SELECT current_database() AS db'))[0]?.db;
      expect(url).toMatch(/^ruby_test_/);
      // Four more pools on the same database, as separate processes would have.
      const base = new URL(process.env.TEST_DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/postgres');
      base.pathname = `/${url}`;
      const others = await Promise.all(
        Array.from({ length: 4 }, () => openDatabase({ databaseUrl: base.toString(), dataDir: null, migrate: false })),
      );
      try {
        const results = await Promise.all([first, ...others].map((d) => migrate(d.db)));
        const files = await readMigrations();
        const appliedBy = results.flatMap((r) => r.applied);
        expect(appliedBy.sort()).toEqual(files.map((f) => f.name).sort());
        expect(await countMigrations(first.db)).toBe(files.length);
        expect(await rawQuery(first.db, 'SELECT id FROM indexer_state')).toEqual([{ id: 1 }]);
      } finally {
        await Promise.all(others.map((d) => d.close()));
      }
    } finally {
      await first.close();
    }
  });
});
