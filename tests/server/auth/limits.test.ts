/**
 * The log-in limits (issue #45 item 7, server/auth/limits.ts) on the real API over PGlite and
 * PostgreSQL, no node needed:
 * - an attacker's network is refused after N failed log-ins of an email, while the owner logs in
 *   from another network; an IPv6 attacker is refused across its whole /64;
 * - successes do not count (20 in a row all pass) and clear the failures before them;
 * - the per-network limit bounds every attempt of one network whatever the emails;
 * - two API apps on one PostgreSQL database share the counts: failures on app A, refused on B.
 * Limits come from the environment as an operator sets them (AUTH_LIMIT_*).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../common/api/paths';
import { KDF_ID } from '../../../common/kdfParams';
import { buildApi } from '../../../server/api/server';
import { loadConfig } from '../../../server/config';
import { openDatabase, type Database } from '../../../server/db/database';
import { LocalBus } from '../../../server/events';
import { describeEachDatabase, pgAvailable } from '../../helpers/db';
import { createTestPgDatabase, type TestPgDatabase } from '../../helpers/pg';

type App = Awaited<ReturnType<typeof buildApi>>['app'];
const NO_NODE = 'http://127.0.0.1:9';
const FAILURES = 3;
const ATTACKER = '203.0.113.9';
const OWNER = '198.51.100.20';
const TOO_MANY = /^Too many attempts: try again in \d+ s$/;

let dir = '';
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ruby-auth-limits-'));
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

async function apiOn(database: Database, env: Record<string, string>): Promise<{ app: App; close: () => Promise<void> }> {
  const config = loadConfig({ DATA_DIR: path.join(dir, randomBytes(4).toString('hex')), RUBY_RPC_URL: NO_NODE, ...env });
  const bus = new LocalBus();
  const { app } = await buildApi({
    config,
    db: database,
    bus,
    rpcUrl: NO_NODE,
    indexerStatus: () => ({}) as never,
    log: () => {},
    distDir: path.join(dir, 'no-dist'),
  });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await bus.close();
    },
  };
}

const secret = () => randomBytes(32).toString('hex');

async function register(app: App, email: string, loginSecret: string): Promise<void> {
  const res = await app.inject({ method: 'POST', url: apiPaths.register(), payload: { email, password: loginSecret, kdf: KDF_ID } });
  expect(res.statusCode).toBe(200);
}

async function login(app: App, from: string, email: string, loginSecret: string) {
  const res = await app.inject({
    method: 'POST',
    url: apiPaths.login(),
    payload: { email, password: loginSecret, kdf: KDF_ID },
    remoteAddress: from,
  });
  return {
    code: res.statusCode,
    message: (res.json<{ message?: string }>().message ?? '') as string,
    retryAfter: res.headers['retry-after'],
  };
}

// The older variable name still sets the failure limit (it is what an operator may have set).
const ENV = { AUTH_LIMIT_PER_EMAIL_PER_15_MIN: String(FAILURES), AUTH_LIMIT_PER_IP_PER_MINUTE: '100' };

describeEachDatabase('log-in limits', (getDb, kind) => {
  let api: Awaited<ReturnType<typeof apiOn>>;
  beforeAll(async () => {
    api = await apiOn(getDb(), ENV);
  });
  afterAll(() => api?.close());

  it("refuses the attacker's network after the failures while the owner logs in from another network", async () => {
    const email = `owner.${kind}@example.com`;
    const good = secret();
    await register(api.app, email, good);
    for (let i = 0; i < FAILURES; i++) expect((await login(api.app, ATTACKER, email, secret())).code).toBe(401);
    const refused = await login(api.app, ATTACKER, email, secret());
    expect(refused.code).toBe(429);
    expect(refused.message).toMatch(TOO_MANY);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    // Refused before the password is checked: even the right one, from there.
    expect((await login(api.app, ATTACKER, email, good)).code).toBe(429);
    // The owner, elsewhere, is never refused: several log-ins, with a typo among them.
    expect((await login(api.app, OWNER, email, good)).code).toBe(200);
    expect((await login(api.app, OWNER, email, secret())).code).toBe(401);
    expect((await login(api.app, OWNER, email, good)).code).toBe(200);
    expect((await login(api.app, ATTACKER, email, secret())).code).toBe(429);
  }, 120_000);

  it('counts an IPv6 attacker by its /64', async () => {
    const email = `v6.${kind}@example.com`;
    const good = secret();
    await register(api.app, email, good);
    for (let i = 0; i < FAILURES; i++) expect((await login(api.app, `2001:db8:7:1::${i + 1}`, email, secret())).code).toBe(401);
    expect((await login(api.app, '2001:db8:7:1:ffff::9', email, good)).code).toBe(429);
    expect((await login(api.app, '2001:db8:7:2::1', email, good)).code).toBe(200);
  }, 120_000);

  it('does not count successes: 20 log-ins in a row all pass, and a success clears the failures before it', async () => {
    const email = `daily.${kind}@example.com`;
    const good = secret();
    await register(api.app, email, good);
    const codes: number[] = [];
    for (let i = 0; i < 20; i++) codes.push((await login(api.app, OWNER, email, good)).code);
    expect(codes).toEqual(Array<number>(20).fill(200));
    // FAILURES - 1 typos, a success, then again FAILURES - 1 typos and a success: never refused.
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < FAILURES - 1; i++) expect((await login(api.app, OWNER, email, secret())).code).toBe(401);
      expect((await login(api.app, OWNER, email, good)).code).toBe(200);
    }
  }, 180_000);
});

describeEachDatabase('the per-network limit on every attempt', (getDb, kind) => {
  let api: Awaited<ReturnType<typeof apiOn>>;
  beforeAll(async () => {
    api = await apiOn(getDb(), { AUTH_LIMIT_PER_IP_PER_MINUTE: '4', AUTH_LIMIT_FAILURES_PER_15_MIN: '100' });
  });
  afterAll(() => api?.close());

  it('bounds the attempts of one network whatever the emails, sign-ups included; another network is not affected', async () => {
    const from = '192.0.2.77';
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await login(api.app, from, `guess${i}.${kind}@example.com`, secret())).code);
    expect(codes).toEqual([401, 401, 401, 401]);
    const refused = await login(api.app, from, `guess9.${kind}@example.com`, secret());
    expect(refused.code).toBe(429);
    expect(refused.message).toMatch(TOO_MANY);
    const signup = await api.app.inject({
      method: 'POST',
      url: apiPaths.register(),
      payload: { email: `new.${kind}@example.com`, password: secret(), kdf: KDF_ID },
      remoteAddress: from,
    });
    expect(signup.statusCode).toBe(429);
    expect((await login(api.app, '192.0.2.78', `guess9.${kind}@example.com`, secret())).code).toBe(401);
  }, 120_000);
});

describe.skipIf(!pgAvailable)('two API processes on one PostgreSQL database', () => {
  let pg: TestPgDatabase | null = null;
  const databases: Database[] = [];
  const apis: Awaited<ReturnType<typeof apiOn>>[] = [];
  beforeAll(async () => {
    pg = await createTestPgDatabase();
    if (!pg) throw new Error('PostgreSQL went away');
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ databaseUrl: pg.url, dataDir: null });
      databases.push(database);
      apis.push(await apiOn(database, ENV));
    }
  }, 120_000);
  afterAll(async () => {
    for (const a of apis) await a.close();
    for (const d of databases) await d.close();
    await pg?.drop();
  });

  it('share the counts: failures on app A, refused on app B; the owner logs in on B', async () => {
    const [a, b] = apis as [Awaited<ReturnType<typeof apiOn>>, Awaited<ReturnType<typeof apiOn>>];
    const email = 'replicas@example.com';
    const good = secret();
    await register(a.app, email, good);
    for (let i = 0; i < FAILURES; i++) expect((await login(a.app, ATTACKER, email, secret())).code).toBe(401);
    const onB = await login(b.app, ATTACKER, email, good);
    expect(onB.code).toBe(429);
    expect(onB.message).toMatch(TOO_MANY);
    expect((await login(b.app, OWNER, email, good)).code).toBe(200);
    expect((await login(a.app, ATTACKER, email, good)).code).toBe(429);
  }, 120_000);
});
