/**
 * openDatabase: PGlite on disk keeps its data across restarts, `migrate: false` opens bare, the
 * pg pool identifies itself and leaves pg's global type parsers alone.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { initDataFolder, openDatabase, rawQuery } from '../../../server/db/database';
import { openTestDatabase, pgAvailable } from '../../helpers/db';

describe('openDatabase', () => {
  it('keeps PGlite data in <dataDir>/pglite across a restart, migrating once', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ruby-data-'));
    try {
      const first = await openDatabase({ databaseUrl: null, dataDir });
      expect(first.kind).toBe('pglite');
      // A smaller buffer pool than PostgreSQL's default (its WebAssembly memory never shrinks).
      expect(await rawQuery(first.db, 'SHOW shared_buffers')).toEqual([{ shared_buffers: '32MB' }]);
      await first.db.updateTable('indexer_state').set({ last_block: 1234 }).execute();
      await first.close();
      await first.close(); // idempotent
      expect(await readdir(path.join(dataDir, 'pglite'))).toContain('PG_VERSION');

      const second = await openDatabase({ databaseUrl: null, dataDir });
      try {
        const st = await second.db.selectFrom('indexer_state').select('last_block').executeTakeFirstOrThrow();
        expect(st.last_block).toBe(1234);
        // Each migration file applied once, none again on the second open.
        const files = (await readdir(path.resolve(import.meta.dirname, '../../../server/db/migrations'))).filter((f) => f.endsWith('.sql'));
        expect(await rawQuery(second.db, 'SELECT count(*) AS n FROM schema_migrations')).toEqual([{ n: files.length }]);
      } finally {
        await second.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('creates a new PGlite folder in a child process, or here when no child can run', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ruby-init-'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      await initDataFolder(path.join(dataDir, 'child', 'pglite'), {});
      expect(await readdir(path.join(dataDir, 'child', 'pglite'))).toContain('PG_VERSION');
      expect(warn).not.toHaveBeenCalled();

      await initDataFolder(path.join(dataDir, 'here', 'pglite'), {}, path.join(dataDir, 'no-such-node'));
      expect(await readdir(path.join(dataDir, 'here', 'pglite'))).toContain('PG_VERSION');
      expect(String(warn.mock.calls[0]?.[0])).toMatch(/child process failed \(.*ENOENT/);

      // Both are complete databases: opening them migrates and answers.
      for (const root of ['child', 'here']) {
        const db = await openDatabase({ databaseUrl: null, dataDir: path.join(dataDir, root) });
        try {
          expect(await rawQuery(db.db, 'SELECT last_block FROM indexer_state')).toEqual([{ last_block: null }]);
        } finally {
          await db.close();
        }
      }
    } finally {
      warn.mockRestore();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('opens without migrating when told to', async () => {
    const bare = await openDatabase({ databaseUrl: null, dataDir: null, migrate: false });
    try {
      expect(await rawQuery(bare.db, "SELECT to_regclass('blocks') IS NULL AS missing")).toEqual([{ missing: true }]);
    } finally {
      await bare.close();
    }
  });

  it.skipIf(!pgAvailable)('pg: names its connections and does not touch pg global parsers', async () => {
    const database = await openTestDatabase('pg');
    try {
      expect(database.kind).toBe('pg');
      expect(await rawQuery(database.db, "SELECT current_setting('application_name') AS app")).toEqual([{ app: 'ruby-explorer' }]);
      const parseInt8 = pg.types.getTypeParser(20) as (text: string) => unknown;
      expect(parseInt8('5')).toBe('5'); // pg's own default, untouched
    } finally {
      await database.close();
    }
  });
});
