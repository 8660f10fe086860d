/**
 * The spec's GET routes with a password or key in the path (issue #45 item 4): against a real node
 * (RUBY_RPC_URL) they answer 410 naming the POST that keeps the secret in the body, unless
 * LEGACY_SECRET_ROUTES=on; with the bundled devnet (no RUBY_RPC_URL) they are served. The 410
 * never echoes the secret and is not cacheable. Real app (buildApi) over a migrated PGlite.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import type { Database } from '../../../server/db/database';
import { LocalBus } from '../../../server/events';
import type { Api } from '../../../server/core/context';
import { buildApi } from '../../../server/api/server';
import { LEGACY_GONE } from '../../../server/auth/legacyRoutes';
import { openTestDatabase } from '../../helpers/db';
import { apiPaths } from '../../../common/api/paths';

let dir = '';
let database: Database;
const apps: Api[] = [];

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ruby-legacy-'));
  database = await openTestDatabase('pglite');
}, 120_000);

afterAll(async () => {
  for (const app of apps) await app.close();
  await database?.close();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

async function app(env: Record<string, string>): Promise<Api> {
  const config = loadConfig({ DATA_DIR: dir, ...env });
  const built = await buildApi({
    config,
    db: database,
    bus: new LocalBus(),
    rpcUrl: config.rpcUrl ?? 'http://127.0.0.1:9',
    indexerStatus: () => ({ indexedBlock: null, head: 0, percent: 0, catchingUp: false }),
    log: () => {},
  });
  await built.app.ready();
  apps.push(built.app);
  return built.app;
}

const key = Wallet.createRandom().privateKey;
const recipient = `r${'2'.repeat(40)}`;
const legacy: Array<[string, string]> = [
  [apiPaths.registerInPath({ email: 'legacy@example.com', password: 'a password in a url' }), 'POST /api/registration'],
  [apiPaths.sendInPath({ privateKey: key, recipient, amount: 1 }), 'POST /api/send'],
  [apiPaths.sendTokenInPath({ privateKey: key, recipient, tokenContract: `r${'3'.repeat(40)}`, amount: 1 }), 'POST /api/sendtoken'],
];

describe('legacy routes with a secret in the path', () => {
  it('answer 410 against a real node, naming the safe call, echoing nothing, never cached', async () => {
    const api = await app({ RUBY_RPC_URL: 'http://127.0.0.1:9' });
    for (const [url, safe] of legacy) {
      const res = await api.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(410);
      expect(res.json()).toEqual({ status: false, message: LEGACY_GONE(safe) });
      expect(res.body).not.toContain(key.slice(2));
      expect(res.body).not.toContain('a password in a url');
      expect(res.headers['cache-control']).toBe('no-store');
    }
    // Nothing was stored half-way: the sign-up in the path created no account.
    const login = await api.inject({
      method: 'POST',
      url: apiPaths.login(),
      payload: { email: 'legacy@example.com', password: 'a password in a url' },
    });
    expect(login.statusCode).toBe(401);
  });

  it('are served with LEGACY_SECRET_ROUTES=on, and with the bundled devnet by default', async () => {
    expect(loadConfig({}).legacySecretRoutes).toBe(true);
    expect(loadConfig({ RUBY_RPC_URL: 'http://node:8545' }).legacySecretRoutes).toBe(false);
    const api = await app({ RUBY_RPC_URL: 'http://127.0.0.1:9', LEGACY_SECRET_ROUTES: 'on' });
    const res = await api.inject({ method: 'GET', url: legacy[0]![0] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true });
  });
});
