/**
 * PostgreSQL connections lost under a running process (what a server restart does to it), on the
 * shared test server without restarting it: the backends are terminated with
 * pg_terminate_backend. The pool drops the broken clients and answers again; the LISTEN/NOTIFY
 * bus reconnects, listens again, and delivers each event once; an unreachable server fails
 * fast with an error the API maps to 503. (The full restart is in tests/faults/pgRestart.test.ts.)
 */
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { isUnavailable } from '../../../server/core/http';
import { freePort } from '../../../server/chain/devnet';
import { APPLICATION_NAME, openDatabase, PG_CONNECT_TIMEOUT_MS, rawQuery, type Database } from '../../../server/db/database';
import { PgBus, type ChainEvent } from '../../../server/events';
import { pgAvailable } from '../../helpers/db';
import { createTestPgDatabase, type TestPgDatabase } from '../../helpers/pg';

let target: TestPgDatabase | null = null;
let database: Database;
let admin: pg.Client;

beforeAll(async () => {
  if (!pgAvailable) return;
  target = await createTestPgDatabase();
  database = await openDatabase({ databaseUrl: (target as TestPgDatabase).url, dataDir: null });
  admin = new pg.Client({ connectionString: (target as TestPgDatabase).url });
  await admin.connect();
});

afterAll(async () => {
  await admin?.end();
  await database?.close();
  await target?.drop();
});

/** Terminates this database's connections of one application; returns how many. */
async function terminate(applicationName: string): Promise<number> {
  const r = await admin.query(
    'SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1',
    [applicationName],
  );
  return (r.rows[0] as { n: number }).n;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

it.skipIf(!pgAvailable)('the pool drops connections the server ended and answers again', async () => {
  // Several pooled connections, then all of them ended by the server while idle.
  await Promise.all(Array.from({ length: 4 }, () => rawQuery(database.db, 'SELECT pg_sleep(0.05)')));
  expect(await terminate(APPLICATION_NAME)).toBeGreaterThan(0);
  // A query may still meet a connection whose end the client has not read yet (503 for that
  // request); within moments every one answers.
  const ok = () =>
    rawQuery(database.db, 'SELECT 1 AS one').then(
      () => true,
      () => false,
    );
  await expect.poll(ok, { timeout: 5_000 }).toBe(true);
  for (let i = 0; i < 5; i++) expect(await rawQuery(database.db, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
  // A statement whose connection is ended under it fails with an error the API answers 503 for.
  const running = rawQuery(database.db, 'SELECT pg_sleep(5)').then(
    () => null,
    (e: unknown) => e,
  );
  await sleep(300);
  await terminate(APPLICATION_NAME);
  const err = await running;
  expect(isUnavailable(err)).toBe(true);
  await expect.poll(ok, { timeout: 5_000 }).toBe(true);
  // Ended between two statements of a transaction: the client is checked out, the pool does not
  // listen on it, and its 'error' event must not kill the process (vitest fails on it).
  const inTx = await database.db
    .transaction()
    .execute(async (tx) => {
      await rawQuery(tx, 'SELECT 1');
      await terminate(APPLICATION_NAME);
      await sleep(500);
      await rawQuery(tx, 'SELECT 1');
    })
    .then(
      () => null,
      (e: unknown) => e,
    );
  expect(isUnavailable(inTx)).toBe(true);
  await expect.poll(ok, { timeout: 5_000 }).toBe(true);
});

it.skipIf(!pgAvailable)('the event bus listens again after its connection is ended, and delivers each event once', async () => {
  const url = (target as TestPgDatabase).url;
  const listener = new PgBus(url);
  const publisher = new PgBus(url);
  try {
    await Promise.all([listener.waitReady(), publisher.waitReady()]);
    const seen: ChainEvent[] = [];
    listener.subscribe((e) => seen.push(e));
    const event = (to: number): ChainEvent => ({ type: 'blocks', from: to, to, hash: `0x${to}`, head: to, txCount: 0 });
    publisher.publish(event(1));
    await expect.poll(() => seen.length, { timeout: 10_000 }).toBe(1);
    // Both buses lose their connections (the server ends them twice over: message, then socket).
    expect(await terminate('ruby-explorer-events')).toBe(2);
    // Published until both are back: the first events go nowhere, later ones arrive once each.
    let to = 2;
    await expect
      .poll(
        () => {
          publisher.publish(event(to++));
          return seen.length;
        },
        { timeout: 20_000, interval: 300 },
      )
      .toBeGreaterThan(1);
    await sleep(1500);
    const numbers = seen.map((e) => e.to);
    expect(new Set(numbers).size).toBe(numbers.length);
    const r = await admin.query(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'ruby-explorer-events'",
    );
    expect((r.rows[0] as { n: number }).n).toBe(2);
  } finally {
    await listener.close();
    await publisher.close();
  }
});

it('a server that does not answer fails fast, with an error the API answers 503 for', async () => {
  const port = await freePort(); // nothing listens there
  const started = Date.now();
  const err = await openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${port}/x`, dataDir: null }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).not.toBeNull();
  expect(isUnavailable(err)).toBe(true);
  expect(Date.now() - started).toBeLessThan(PG_CONNECT_TIMEOUT_MS + 5_000);
  // localhost names two addresses (::1 and 127.0.0.1): Node reports both failures in one AggregateError.
  const multi = new AggregateError(
    [Object.assign(new Error('a'), { code: 'ECONNREFUSED' }), Object.assign(new Error('b'), { code: 'ECONNREFUSED' })],
    'connect failed',
  );
  expect(isUnavailable(multi)).toBe(true);
  expect(isUnavailable(new AggregateError([new Error('syntax error')], 'x'))).toBe(false);
});
