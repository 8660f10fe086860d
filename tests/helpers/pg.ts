/**
 * Throw-away PostgreSQL databases for tests. The server is TEST_DATABASE_URL, or the local
 * default below. Without a reachable server, tests that need one skip on a laptop, but CI (CI set)
 * must fail loudly: there a missing PostgreSQL is a broken set-up, not a reason to skip.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export const testServerUrl = (): string => process.env.TEST_DATABASE_URL?.trim() || DEFAULT_TEST_DATABASE_URL;

export const isCI = (): boolean => {
  const ci = process.env.CI?.trim().toLowerCase();
  return ci !== undefined && ci !== '' && ci !== '0' && ci !== 'false';
};

export interface TestPgDatabase {
  /** URL of the fresh, empty database (not migrated). */
  url: string;
  /** Terminates its connections and drops it. Idempotent. */
  drop(): Promise<void>;
}

/** Runs `fn` with a client on the server's maintenance database; null when unreachable. */
async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T | null> {
  const client = new pg.Client({ connectionString: testServerUrl(), connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (err) {
    await client.end().catch(() => undefined);
    if (isCI()) throw new Error(`CI is set but PostgreSQL at ${redact(testServerUrl())} is unreachable: ${String(err)}`, { cause: err });
    return null;
  }
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

const redact = (url: string): string => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');

/** Whether a test PostgreSQL server answers (throws instead of false when CI is set). */
export async function probePg(): Promise<boolean> {
  return (await withAdmin(async (client) => (await client.query('SELECT 1')).rowCount === 1)) ?? false;
}

export async function createTestPgDatabase(): Promise<TestPgDatabase | null> {
  const name = `ruby_test_${randomBytes(6).toString('hex')}`;
  const created = await withAdmin(async (client) => {
    await client.query(`CREATE DATABASE "${name}"`);
    return true;
  });
  if (!created) return null;
  const url = new URL(testServerUrl());
  url.pathname = `/${name}`;
  let dropped: Promise<void> | null = null;
  return {
    url: url.toString(),
    drop: () =>
      (dropped ??= (async () => {
        await withAdmin(async (client) => {
          await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [
            name,
          ]);
          await client.query(`DROP DATABASE IF EXISTS "${name}"`);
        });
      })()),
  };
}
