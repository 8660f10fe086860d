/**
 * The PGlite dialect's single connection: a transaction holds it across awaits (other queries
 * wait, and never run inside it), rollback undoes, savepoints work, close waits for work in flight.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, rawQuery, type Database } from '../../../server/db/database';

const tick = (ms = 20): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('PGlite dialect', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: null, dataDir: null });
  });
  afterAll(async () => {
    await database.close();
  });

  const checkpoint = async (): Promise<number | null> =>
    (await database.db.selectFrom('indexer_state').select('last_block').executeTakeFirstOrThrow()).last_block;

  it('makes other queries wait until the transaction commits', async () => {
    const { db } = database;
    const events: string[] = [];
    let outside: Promise<number | null> | null = null;
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('indexer_state').set({ last_block: 10 }).execute();
      outside = checkpoint().then((v) => {
        events.push(`outside read ${v}`);
        return v;
      });
      await tick(50); // the outside query is queued, not run inside our transaction
      events.push('still in transaction');
      await trx.updateTable('indexer_state').set({ last_block: 11 }).execute();
    });
    events.push('committed');
    expect(await outside).toBe(11);
    expect(events).toEqual(['still in transaction', 'committed', 'outside read 11']);
  });

  it('rolls back on error and the connection is free again', async () => {
    const { db } = database;
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.updateTable('indexer_state').set({ last_block: 99 }).execute();
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await checkpoint()).toBe(11);
  });

  it('serialises concurrent transactions (no lost update)', async () => {
    const { db } = database;
    await Promise.all(
      Array.from({ length: 10 }, () =>
        db.transaction().execute(async (trx) => {
          const v = (await trx.selectFrom('indexer_state').select('node_head').executeTakeFirstOrThrow()).node_head;
          await tick(2);
          await trx
            .updateTable('indexer_state')
            .set({ node_head: v + 1 })
            .execute();
        }),
      ),
    );
    const st = await db.selectFrom('indexer_state').select('node_head').executeTakeFirstOrThrow();
    expect(st.node_head).toBe(10);
  });

  it('supports savepoints and controlled transactions', async () => {
    const { db } = database;
    const trx = await db.startTransaction().execute();
    await trx.updateTable('indexer_state').set({ last_block: 20 }).execute();
    const sp = await trx.savepoint('before_bad').execute();
    await sp.updateTable('indexer_state').set({ last_block: 21 }).execute();
    const back = await sp.rollbackToSavepoint('before_bad').execute();
    await back.commit().execute();
    expect(await checkpoint()).toBe(20);
  });

  it('reports affected rows and runs multi-statement scripts', async () => {
    const { db } = database;
    const res = await db.updateTable('indexer_state').set({ start_block: 3 }).executeTakeFirst();
    expect(res.numUpdatedRows).toBe(1n);
    await sql.raw('CREATE TEMP TABLE t1 (x int); INSERT INTO t1 VALUES (1), (2)').execute(db);
    expect(await rawQuery(db, 'SELECT sum(x)::int AS s FROM t1')).toEqual([{ s: 3 }]);
  });

  it('close waits for the transaction in flight, then refuses new queries', async () => {
    const other = await openDatabase({ databaseUrl: null, dataDir: null });
    let finished = false;
    const running = other.db.transaction().execute(async (trx) => {
      await tick(50);
      await trx.updateTable('indexer_state').set({ last_block: 1 }).execute();
      finished = true;
    });
    await tick(5);
    await other.close();
    expect(finished).toBe(true);
    await running;
    await expect(rawQuery(other.db, 'SELECT 1')).rejects.toThrow();
  });
});
