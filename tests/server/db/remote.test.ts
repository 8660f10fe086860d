/**
 * The database in a worker thread, queried from this thread: plain queries with exact types,
 * transactions (commit, rollback, held across awaits), Postgres error codes, sharing the worker's
 * mutex, and clean-up when a client or its port goes away.
 */
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkColumns } from '../../../server/db/bulk';
import { copyInsert } from '../../../server/db/copy';
import { rawQuery, type Database } from '../../../server/db/database';
import { DatabaseError, isUniqueViolation } from '../../../server/db/errors';
import { openRemoteDatabase } from '../../../server/db/remote';
import { toJsonText } from '../../../server/db/schema';

/** Starts the fixture worker (through the tsx bootstrap) serving on parentPort and `extraPort`. */
function startWorker(extraPort: MessagePort): Worker {
  return new Worker(new URL('./fixtures/tsWorker.mjs', import.meta.url), {
    workerData: { tsEntry: new URL('./fixtures/remoteWorker.ts', import.meta.url).href, extraPort },
    transferList: [extraPort],
  });
}

const tick = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
/** Resolves on the worker's next { event } message; rejects if it fails or exits first. */
const nextEvent = (worker: Worker, event: string): Promise<void> =>
  new Promise((resolve, reject) => {
    const done = (): void => {
      worker.off('message', on);
      worker.off('error', fail);
      worker.off('exit', fail);
    };
    const on = (msg: unknown): void => {
      if ((msg as { event?: unknown }).event !== event) return;
      done();
      resolve();
    };
    const fail = (err: unknown): void => {
      done();
      reject(err instanceof Error ? err : new Error(`worker exited (${String(err)}) before '${event}'`));
    };
    worker.on('message', on);
    worker.on('error', fail);
    worker.on('exit', fail);
  });

describe('remote database (PGlite in a worker)', () => {
  let worker: Worker;
  let extra: MessageChannel;
  let remote: Database;

  beforeAll(async () => {
    extra = new MessageChannel();
    worker = startWorker(extra.port2);
    await nextEvent(worker, 'ready');
    remote = openRemoteDatabase(worker);
  });
  afterAll(async () => {
    await remote.close();
    extra.port1.close();
    await worker.terminate();
  });

  const lastBlock = async (): Promise<number | null> =>
    (await remote.db.selectFrom('indexer_state').select('last_block').executeTakeFirstOrThrow()).last_block;

  it('runs queries with the usual types across the thread boundary', async () => {
    expect(remote.kind).toBe('remote');
    const { db } = remote;
    await db
      .insertInto('contracts')
      .values({
        address: '0xc1',
        block_number: 7,
        tx_hash: '0xt',
        creator: '0xcr',
        timestamp: 1_700_000_000,
        contract_type: 'dapp',
        total_supply: 2n ** 256n - 1n,
      })
      .execute();
    await db
      .insertInto('contract_sources')
      .values({
        address: '0xc1',
        contract_name: 'X',
        source: 's',
        abi: toJsonText([{ n: 1n }]),
        compiler_version: 'v',
        compiler_settings: '{}',
      })
      .execute();
    const row = await db
      .selectFrom('contracts')
      .innerJoin('contract_sources', 'contract_sources.address', 'contracts.address')
      .select(['block_number', 'total_supply', 'abi', 'verified_at', 'is_nft'])
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ block_number: 7, total_supply: (2n ** 256n - 1n).toString(), abi: [{ n: '1' }], is_nft: false });
    expect(row.verified_at).toBeInstanceOf(Date);
    const r = await sql<{ x: string }>`SELECT ${2n ** 100n}::numeric AS x`.execute(db);
    expect(r.rows[0]?.x).toBe((2n ** 100n).toString());
    const upd = await db.updateTable('contracts').set({ name: 'n' }).where('address', '=', '0xc1').executeTakeFirst();
    expect(upd.numUpdatedRows).toBe(1n);
  });

  it('commits a transaction, and rolls one back', async () => {
    const { db } = remote;
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('indexer_state').set({ last_block: 1 }).execute();
      await tick(10);
      await trx.updateTable('indexer_state').set({ last_block: 2 }).execute();
    });
    expect(await lastBlock()).toBe(2);
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.updateTable('indexer_state').set({ last_block: 3 }).execute();
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await lastBlock()).toBe(2);
  });

  it('runs a copyInsert (COPY text as the one parameter) in the worker', async () => {
    const columns = bulkColumns('logs', ['block_number', 'log_index', 'tx_hash', 'tx_index', 'address', 'data']);
    await remote.db.transaction().execute((trx) =>
      copyInsert(trx, 'logs', columns, [
        [77, 0, '0xt', 0, '0xa', 'tab\there'],
        [77, 1, '0xt', 0, '0xa', '\\N'],
      ]),
    );
    expect(
      await remote.db.selectFrom('logs').select(['log_index', 'data']).where('block_number', '=', 77).orderBy('log_index').execute(),
    ).toEqual([
      { log_index: 0, data: 'tab\there' },
      { log_index: 1, data: '\\N' },
    ]);
  });

  it('supports savepoints inside a remote transaction', async () => {
    const trx = await remote.db.startTransaction().execute();
    await trx.updateTable('indexer_state').set({ last_block: 20 }).execute();
    const sp = await trx.savepoint('before "bad"').execute();
    await sp.updateTable('indexer_state').set({ last_block: 21 }).execute();
    const back = await sp.rollbackToSavepoint('before "bad"').execute();
    expect((await back.selectFrom('indexer_state').select('last_block').executeTakeFirstOrThrow()).last_block).toBe(20);
    const kept = await back.savepoint('kept').execute();
    await kept.updateTable('indexer_state').set({ last_block: 22 }).execute();
    await (await kept.releaseSavepoint('kept').execute()).commit().execute();
    expect(await lastBlock()).toBe(22);
    await remote.db.updateTable('indexer_state').set({ last_block: 2 }).execute();
  });

  it('reports a unique violation with code 23505', async () => {
    const err: unknown = await remote.db
      .insertInto('contracts')
      .values({
        address: '0xc1',
        block_number: 8,
        tx_hash: '0xt',
        creator: '0xcr',
        timestamp: 1,
        contract_type: 'dapp',
      })
      .execute()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DatabaseError);
    expect(err).toMatchObject({ code: '23505', constraint: 'contracts_pkey', table: 'contracts' });
    expect(isUniqueViolation(err)).toBe(true);
    // A failed statement inside a remote transaction aborts it; the rollback frees the database.
    await expect(
      remote.db.transaction().execute(async (trx) => {
        await sql`SELECT 1/0`.execute(trx);
      }),
    ).rejects.toMatchObject({ code: '22012' });
    expect(await lastBlock()).toBe(2);
  });

  it('makes concurrent queries (from any client) wait for an open remote transaction', async () => {
    const other = openRemoteDatabase(extra.port1);
    const events: string[] = [];
    let reads: Promise<unknown> = Promise.resolve();
    await remote.db.transaction().execute(async (trx) => {
      await trx.updateTable('indexer_state').set({ last_block: 40 }).execute();
      reads = Promise.all([
        lastBlock().then((v) => events.push(`same client read ${v}`)),
        rawQuery<{ last_block: number }>(other.db, 'SELECT last_block FROM indexer_state').then((r) =>
          events.push(`other client read ${r[0]?.last_block}`),
        ),
      ]);
      await tick(100);
      events.push('committing');
      await trx.updateTable('indexer_state').set({ last_block: 41 }).execute();
    });
    await reads;
    expect(events[0]).toBe('committing');
    expect(events.slice(1).sort()).toEqual(['other client read 41', 'same client read 41']);
    await other.close();
  });

  it('shares the mutex with transactions run inside the worker', async () => {
    const started = nextEvent(worker, 'localTxStarted');
    const committing = nextEvent(worker, 'localTxCommitting');
    let committed = false;
    void committing.then(() => {
      committed = true;
    });
    worker.postMessage({ cmd: 'localTx' });
    await started;
    const value = await lastBlock();
    expect(committed).toBe(true);
    expect(value).toBe(500);
  });

  it('rolls back what a client leaves open when it closes', async () => {
    const leaver = openRemoteDatabase(worker);
    const trx = await leaver.db.startTransaction().execute();
    await trx.updateTable('indexer_state').set({ last_block: 666 }).execute();
    await leaver.close();
    expect(await lastBlock()).toBe(500);
    await expect(rawQuery(leaver.db, 'SELECT 1')).rejects.toThrow();
  });

  it('rolls back what a client leaves open when its port closes', async () => {
    const channel = new MessageChannel();
    const temp = startWorker(channel.port2);
    try {
      await nextEvent(temp, 'ready');
      const viaPort = openRemoteDatabase(channel.port1);
      const viaParent = openRemoteDatabase(temp);
      const trx = await viaPort.db.startTransaction().execute();
      await trx.updateTable('indexer_state').set({ last_block: 777 }).execute();
      channel.port1.close();
      const [row] = await rawQuery<{ last_block: number | null }>(viaParent.db, 'SELECT last_block FROM indexer_state');
      expect(row?.last_block).toBeNull();
      await expect(rawQuery(viaPort.db, 'SELECT 1')).rejects.toThrow(/closed/);
      await viaParent.close();
    } finally {
      await temp.terminate();
    }
  });

  it('fails pending and later queries once the worker is gone', async () => {
    const w = startWorker(new MessageChannel().port2);
    const d = openRemoteDatabase(w);
    await nextEvent(w, 'ready');
    const pending = rawQuery(d.db, 'SELECT pg_sleep(0.5)');
    await w.terminate();
    await expect(pending).rejects.toThrow(/closed/);
    await expect(rawQuery(d.db, 'SELECT 1')).rejects.toThrow(/closed/);
  });
});
