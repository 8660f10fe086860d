/**
 * Issue #45 item 7, a statement time-out for the API's reads on PostgreSQL: the API's pool gets
 * API_STATEMENT_TIMEOUT_MS (10 s by default), the indexer's keeps the long default, and a query
 * the time-out stops is answered 503 with a message that says so (never a 500).
 */
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_STATEMENT_TIMEOUT_DEFAULT_MS, loadConfig } from '../../../server/config';
import { openDatabase, type Database } from '../../../server/db/database';
import { installErrorHandling, QUERY_TOO_LONG } from '../../../server/core/http';
import { pgAvailable } from '../../helpers/db';
import { testServerUrl } from '../../helpers/pg';

it('reads API_STATEMENT_TIMEOUT_MS (default 10 s) and refuses a bad value', () => {
  expect(loadConfig({}).apiStatementTimeoutMs).toBe(API_STATEMENT_TIMEOUT_DEFAULT_MS);
  expect(API_STATEMENT_TIMEOUT_DEFAULT_MS).toBe(10_000);
  expect(loadConfig({ API_STATEMENT_TIMEOUT_MS: '2500' }).apiStatementTimeoutMs).toBe(2_500);
  expect(() => loadConfig({ API_STATEMENT_TIMEOUT_MS: 'soon' })).toThrow(/API_STATEMENT_TIMEOUT_MS must be a non-negative integer/);
});

describe.skipIf(!pgAvailable)('the API pool on PostgreSQL', () => {
  let api: Database;
  let indexer: Database;
  beforeAll(async () => {
    api = await openDatabase({ databaseUrl: testServerUrl(), dataDir: null, migrate: false, poolSize: 2, statementTimeoutMs: 300 });
    indexer = await openDatabase({ databaseUrl: testServerUrl(), dataDir: null, migrate: false, poolSize: 1 });
  });
  afterAll(async () => {
    await api?.close();
    await indexer?.close();
  });

  const timeoutOf = async (d: Database) =>
    (await sql<{ statement_timeout: string }>`SHOW statement_timeout`.execute(d.db)).rows[0]?.statement_timeout;

  it('has its own short statement_timeout; the indexer keeps the long one', async () => {
    expect(await timeoutOf(api)).toBe('300ms');
    expect(await timeoutOf(indexer)).toBe('2min');
    // The indexer's pool is not cut short: a 0.5 s statement finishes there.
    await sql`SELECT pg_sleep(0.5)`.execute(indexer.db);
  });

  it('answers a query the time-out stopped with a 503 that says so, and Retry-After', async () => {
    const app = Fastify();
    installErrorHandling(app, () => {});
    app.get('/slow', async () => {
      await sql`SELECT pg_sleep(5)`.execute(api.db);
      return { status: true };
    });
    const started = performance.now();
    const res = await app.inject({ method: 'GET', url: '/slow' });
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: false, message: QUERY_TOO_LONG });
    expect(res.headers['retry-after']).toBe('5');
    // The connection is still good for the next query.
    expect(await timeoutOf(api)).toBe('300ms');
    await app.close();
  });
});
