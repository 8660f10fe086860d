/**
 * DATABASE_READ_URL against a real streaming replica (pg_basebackup, replicaPg.ts): reads go to
 * the replica, writes and the API's own tables to the primary; then an `api` process with both
 * URLs beside an indexer on the primary serves pages from the replica and pushes new blocks.
 */
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import pg from 'pg';
import { SOCKET_EVENTS, SOCKET_PATH } from '../../common/api/socket';
import { freePort } from '../../server/chain/devnet';
import { openDatabase, rawQuery, type Database } from '../../server/db/database';
import { ReplicaGatedBus } from '../../server/db/replicaBus';
import { LocalBus } from '../../server/events';
import { startFaultChain, waitFor, type FaultChain } from '../faults/chain';
import { privatePgUnavailable } from '../faults/privatePg';
import { isCI } from '../helpers/pg';
import { spawnGroup, type GroupProcess } from '../helpers/processGroup';
import { cleanProductEnv, REPO_ROOT } from '../helpers/product';
import { startPrimaryAndReplica, type PrimaryAndReplica } from './replicaPg';
import { apiPaths } from '../../common/api/paths';

const why = privatePgUnavailable();
if (why && isCI()) throw new Error(`CI is set but a private PostgreSQL cannot run: ${why}`);

let pair: PrimaryAndReplica;
let routed: Database;

async function inRecovery(url: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<{ r: boolean }>('SELECT pg_is_in_recovery() AS r')).rows[0]?.r === true;
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  if (why) return;
  pair = await startPrimaryAndReplica();
  const migrated = await openDatabase({ databaseUrl: pair.primaryUrl, dataDir: null });
  await migrated.close();
  routed = await openDatabase({ databaseUrl: pair.primaryUrl, readUrl: pair.replicaUrl, dataDir: null, migrate: false });
  // The migrations reach the replica.
  await waitFor(
    async () => (await rawQuery(routed.db, "SELECT 1 FROM pg_tables WHERE tablename = 'indexer_state'")).length === 1,
    30_000,
    () => 'replica never got the schema',
  );
});

afterAll(async () => {
  await routed?.close();
  await pair?.destroy();
});

describe.skipIf(why !== null)('DATABASE_READ_URL with a pg_basebackup replica', () => {
  it('is a real replica: read-only, in recovery', async () => {
    expect(await inRecovery(pair.replicaUrl)).toBe(true);
    expect(await inRecovery(pair.primaryUrl)).toBe(false);
  });

  it("sends reads to the replica, writes and the API's own tables to the primary, a read transaction to the replica", async () => {
    const where = async (text: string) => (await rawQuery<{ r: boolean }>(routed.db, text))[0]?.r;
    expect(await where('SELECT pg_is_in_recovery() AS r FROM indexer_state')).toBe(true);
    await routed.db.insertInto('feedback').values({ kind: 'issue', name: 'n', email: 'a@b.c', description: 'd' }).execute();
    // A write just made is read back at once: feedback is an API table, read on the primary.
    expect(await where('SELECT pg_is_in_recovery() AS r FROM feedback')).toBe(false);
    expect(await where('SELECT pg_is_in_recovery() AS r FROM indexer_state FOR UPDATE')).toBe(false);
    const inTx = await routed.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL enable_sort = off`.execute(trx);
      return (await sql<{ r: boolean }>`SELECT pg_is_in_recovery() AS r`.execute(trx)).rows[0]?.r;
    });
    expect(inTx).toBe(true);
    const counts = routed.routed?.();
    expect(counts?.replica).toBeGreaterThanOrEqual(2);
    expect(counts?.primary).toBeGreaterThanOrEqual(3);
  });

  it('hands a new-block event on only once the replica has the block', async () => {
    const inner = new LocalBus();
    const gated = new ReplicaGatedBus(inner, routed.db);
    const current = (await routed.db.selectFrom('indexer_state').select('last_block').executeTakeFirst())?.last_block ?? 0;
    const target = current + 1_000;
    const got: number[] = [];
    gated.subscribe((e) => got.push(e.to));
    inner.publish({ type: 'blocks', from: target, to: target, hash: '0x', head: target, txCount: 0 });
    await new Promise((r) => setTimeout(r, 300));
    expect(got).toEqual([]); // the replica is still at `current`
    const primary = await openDatabase({ databaseUrl: pair.primaryUrl, dataDir: null, migrate: false });
    await primary.db.updateTable('indexer_state').set({ last_block: target }).where('id', '=', 1).execute();
    await waitFor(
      async () => got.length === 1,
      5_000,
      () => 'event never delivered',
    );
    await primary.db
      .updateTable('indexer_state')
      .set({ last_block: current === 0 ? null : current })
      .where('id', '=', 1)
      .execute();
    await primary.close();
    await gated.close();
  });

  describe('an api process reading from the replica', () => {
    let chain: FaultChain;
    const procs: GroupProcess[] = [];
    afterAll(async () => {
      for (const p of procs) await p.stop().catch(() => undefined);
      await chain?.stop();
    });

    it('serves pages from the replica and pushes each new block', async () => {
      chain = await startFaultChain(7, 10);
      const env = {
        ...cleanProductEnv(),
        RUBY_RPC_URL: chain.devnet.url,
        DATABASE_URL: pair.primaryUrl,
        LOG_LEVEL: 'warn',
        INDEXER_POLL_MS: '100',
      };
      const indexer = spawnGroup(process.execPath, ['--import', 'tsx', 'server/main.ts', 'indexer'], {
        cwd: REPO_ROOT,
        logName: 'scaleout-replica-indexer',
        env,
      });
      procs.push(indexer);
      const port = await freePort();
      const api = spawnGroup(process.execPath, ['--import', 'tsx', 'server/main.ts', 'api'], {
        cwd: REPO_ROOT,
        logName: 'scaleout-replica-api',
        env: { ...env, PORT: String(port), DATABASE_READ_URL: pair.replicaUrl, DATA_DIR: chain.dir },
      });
      procs.push(api);
      await api.waitForOutput(/reads from DATABASE_READ_URL/, 120_000);
      await api.waitForOutput(/api: http/, 120_000);
      const url = `http://127.0.0.1:${port}`;
      const head = await chain.head();
      await waitFor(
        async () =>
          ((await (await fetch(`${url}${apiPaths.blocks({ page: 1, size: 20 })}`)).json()) as { result: { blockNumber: number }[] })
            .result[0]?.blockNumber === head,
        60_000,
        () => indexer.output().slice(-1000),
      );
      const before = await replicaCommits();
      for (let i = 0; i < 20; i++) expect((await fetch(`${url}${apiPaths.allTx({ page: 1, size: 20 })}`)).status).toBe(200);
      // A backend flushes its statistics at most once a second while busy and about 10 s after it
      // goes idle (PostgreSQL 15), so the count may lag the requests: wait for it, up to 20 s.
      let counted = 0;
      await waitFor(
        async () => (counted = (await replicaCommits()) - before) >= 20,
        20_000,
        () => `the replica counted ${counted} commits for 20 requests`,
        500,
      );
      expect(counted).toBeGreaterThanOrEqual(20);
      const s = connect(url, { path: SOCKET_PATH, transports: ['websocket'], reconnection: false, forceNew: true });
      try {
        const tops: number[] = [];
        s.on(SOCKET_EVENTS.getblock, (p: { blockdata: { blockNumber: number }[] }) => tops.push(p.blockdata[0]?.blockNumber ?? -1));
        await new Promise<void>((resolve, reject) => {
          s.once('connect', resolve);
          s.once('connect_error', reject);
        });
        s.emit('getblock');
        for (let i = 1; i <= 3; i++) {
          await chain.grow(1);
          // Pushed after the replica has the block: the push shows it on top.
          await waitFor(
            async () => tops.includes(head + i),
            30_000,
            () => `block ${head + i} not pushed (got ${tops.join(', ')})`,
          );
        }
      } finally {
        s.disconnect();
      }
    });
  });
});

async function replicaCommits(): Promise<number> {
  const c = new pg.Client({ connectionString: pair.replicaUrl });
  await c.connect();
  try {
    return Number(
      (await c.query<{ n: string }>("SELECT xact_commit AS n FROM pg_stat_database WHERE datname = 'postgres'")).rows[0]?.n ?? 0,
    );
  } finally {
    await c.end();
  }
}
