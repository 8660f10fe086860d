/**
 * API keys and rate limits (issue 8) on a real indexed devnet, on PGlite and PostgreSQL: keys are
 * stored hashed, a valid key (header or query) gets the higher per-key limit, a bad or revoked
 * key is refused with JSON, anonymous callers are limited per IP, loopback is exempt by default.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_MESSAGES, createApiKey, hashApiKey } from '../../../server/api/apiKeys';
import { listApiKeys, revokeApiKey } from '../../../server/queries/apiKeys';
import { runApiKeyCommand } from '../../../server/api/apiKeyCli';
import { loadConfig, type Config } from '../../../server/config';
import { openDatabase } from '../../../server/db/database';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';
import { describeEachDatabase } from '../../helpers/db';
import { apiPaths } from '../../../common/api/paths';

let chain: IndexedChain;
beforeAll(async () => {
  chain = await startIndexedChain({ steps: 2 });
});
afterAll(() => chain.stop());

const URL_ = apiPaths.latestBlocks();
const limits = (over: Partial<Config['rateLimit']> = {}): Partial<Config> => ({
  rateLimit: { anonymousMax: 3, apiKeyMax: 6, windowSeconds: 60, exemptLoopback: false, ...over },
});

async function call(api: TestApi, opts: { ip?: string; header?: string; query?: string; forwardedFor?: string } = {}) {
  const res = await api.app.inject({
    method: 'GET',
    url: opts.query === undefined ? URL_ : `${URL_}?apikey=${encodeURIComponent(opts.query)}`,
    remoteAddress: opts.ip ?? '10.1.0.1',
    headers: {
      ...(opts.header === undefined ? {} : { 'x-api-key': opts.header }),
      ...(opts.forwardedFor === undefined ? {} : { 'x-forwarded-for': opts.forwardedFor }),
    },
  });
  return { code: res.statusCode, body: res.json<{ status: boolean; message?: string }>() };
}

async function codes(api: TestApi, n: number, opts: Parameters<typeof call>[1] = {}): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await call(api, opts)).code);
  return out;
}

describeEachDatabase('API keys and rate limits', (getDb) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await chain.api(getDb(), limits());
  });
  afterAll(() => api.close());

  it('stores only the SHA-256 of a key and lists keys without it', async () => {
    const created = await createApiKey(getDb().db, 'dev@example.com', '  my dapp  ');
    expect(created.key).toMatch(/^rbx_[A-Za-z0-9_-]{32}$/);
    expect(created.label).toBe('my dapp');
    const row = await getDb().db.selectFrom('api_keys').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(hashApiKey(created.key));
    expect(
      Object.values(row)
        .map(String)
        .some((v) => v.includes(created.key)),
    ).toBe(false);
    const mine = await listApiKeys(getDb().db, 'dev@example.com');
    expect(mine.map((k) => k.id)).toEqual([created.id]);
    expect(JSON.stringify(mine)).not.toContain(row.key_hash);
    await expect(createApiKey(getDb().db, null, '   ')).rejects.toThrow(API_KEY_MESSAGES.badLabel);
    await expect(createApiKey(getDb().db, null, 'x'.repeat(101))).rejects.toThrow(API_KEY_MESSAGES.badLabel);
  });

  it('limits anonymous callers per IP, with a JSON 429', async () => {
    expect(await codes(api, 4, { ip: '10.2.0.1' })).toEqual([200, 200, 200, 429]);
    const refused = await call(api, { ip: '10.2.0.1' });
    expect(refused.code).toBe(429);
    expect(refused.body.status).toBe(false);
    expect(refused.body.message).toMatch(/^Rate limit exceeded: 3 requests per 60 s without an API key/);
    // Another IP has its own budget.
    expect(await codes(api, 3, { ip: '10.2.0.2' })).toEqual([200, 200, 200]);
  });

  it('gives a valid key (header or query) the higher limit, counted per key across IPs', async () => {
    const { key } = await createApiKey(getDb().db, null, 'limits');
    expect(await codes(api, 3, { ip: '10.3.0.1', header: key })).toEqual([200, 200, 200]);
    expect(await codes(api, 3, { ip: '10.3.0.2', query: key })).toEqual([200, 200, 200]);
    const over = await call(api, { ip: '10.3.0.3', header: key });
    expect(over.code).toBe(429);
    expect(over.body.message).toMatch(/^Rate limit exceeded: 6 requests per 60 s for this API key/);
    // The key's use did not spend the anonymous budget of those IPs.
    expect(await codes(api, 3, { ip: '10.3.0.1' })).toEqual([200, 200, 200]);
  });

  it('refuses an unknown or malformed key with 401 and a revoked one with 403, as JSON', async () => {
    const unknown = await call(api, { ip: '10.4.0.1', header: `rbx_${'A'.repeat(32)}` });
    expect(unknown).toEqual({ code: 401, body: { status: false, message: API_KEY_MESSAGES.invalid } });
    expect((await call(api, { ip: '10.4.0.1', query: 'not-a-key' })).code).toBe(401);
    expect((await call(api, { ip: '10.4.0.1', header: 'x'.repeat(5000) })).code).toBe(401);
    const { id, key } = await createApiKey(getDb().db, null, 'to revoke');
    expect(await revokeApiKey(getDb().db, id)).toBe(true);
    expect(await revokeApiKey(getDb().db, id)).toBe(false);
    expect(await call(api, { ip: '10.4.0.1', header: key })).toEqual({
      code: 403,
      body: { status: false, message: API_KEY_MESSAGES.revoked },
    });
  });

  it('exempts loopback callers by default and turns a limit off with 0', async () => {
    const loose = await chain.api(getDb(), limits({ exemptLoopback: true, anonymousMax: 2, apiKeyMax: 0 }));
    try {
      expect(await codes(loose, 5, { ip: '127.0.0.1' })).toEqual([200, 200, 200, 200, 200]);
      expect(await codes(loose, 3, { ip: '10.5.0.1' })).toEqual([200, 200, 429]);
      const { key } = await createApiKey(getDb().db, null, 'unlimited');
      expect(await codes(loose, 5, { ip: '10.5.0.1', header: key })).toEqual([200, 200, 200, 200, 200]);
    } finally {
      await loose.close();
    }
  });

  it('ignores X-Forwarded-For without TRUST_PROXY: every client behind a proxy shares its budget', async () => {
    const proxy = '10.7.0.1';
    expect(await codes(api, 2, { ip: proxy, forwardedFor: '203.0.113.1' })).toEqual([200, 200]);
    expect(await codes(api, 2, { ip: proxy, forwardedFor: '203.0.113.2' })).toEqual([200, 429]);
  });

  it('with TRUST_PROXY, counts the client X-Forwarded-For names, and only from a trusted proxy', async () => {
    const proxy = '10.8.0.1';
    const behind = await chain.api(getDb(), { ...limits(), trustProxy: [proxy] });
    try {
      expect(await codes(behind, 3, { ip: proxy, forwardedFor: '203.0.113.1' })).toEqual([200, 200, 200]);
      expect(await codes(behind, 1, { ip: proxy, forwardedFor: '203.0.113.1' })).toEqual([429]);
      // Another client through the same proxy has its own budget; a proxy chain's last
      // untrusted hop is the client.
      expect(await codes(behind, 3, { ip: proxy, forwardedFor: '198.51.100.9, 203.0.113.2' })).toEqual([200, 200, 200]);
      expect(await codes(behind, 1, { ip: proxy, forwardedFor: '203.0.113.2' })).toEqual([429]);
      // A direct client is not a trusted proxy: its X-Forwarded-For cannot buy it a new budget.
      expect(await codes(behind, 4, { ip: '10.8.0.2', forwardedFor: '203.0.113.3' })).toEqual([200, 200, 200, 429]);
      expect(await codes(behind, 1, { ip: '10.8.0.2', forwardedFor: '203.0.113.4' })).toEqual([429]);
    } finally {
      await behind.close();
    }
  });

  it('with TRUST_PROXY=loopback, a proxy on the same host does not make its clients loopback-exempt', async () => {
    const behind = await chain.api(getDb(), { ...limits({ exemptLoopback: true }), trustProxy: ['loopback'] });
    try {
      expect(await codes(behind, 4, { ip: '127.0.0.1', forwardedFor: '203.0.113.5' })).toEqual([200, 200, 200, 429]);
      // Local tools calling without the proxy are still exempt.
      expect(await codes(behind, 5, { ip: '127.0.0.1' })).toEqual([200, 200, 200, 200, 200]);
    } finally {
      await behind.close();
    }
  });

  it('documents both ways of sending a key in the OpenAPI document', async () => {
    const res = await call(api, { ip: '10.6.0.1' });
    expect(res.code).toBe(200);
    const doc = (await api.app.inject({ method: 'GET', url: apiPaths.openapi(), remoteAddress: '10.6.0.2' })).json<{
      components: { securitySchemes: Record<string, { type: string; in?: string; name?: string }> };
    }>();
    // (The login token's `bearer` scheme sits beside them since the account routes.)
    const keySchemes = Object.values(doc.components.securitySchemes).filter((s) => s.type === 'apiKey');
    expect(keySchemes.map((s) => `${s.in ?? ''}:${s.name ?? ''}`).sort()).toEqual(['header:x-api-key', 'query:apikey']);
  });
});

describe('apikey CLI', () => {
  it('creates (printing the key once), lists and revokes keys', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ruby-apikey-'));
    // Port 9: nothing answers there, so the "product is running" guard lets the command through.
    const config = loadConfig({ DATA_DIR: dir, PORT: '9' });
    try {
      const lines: string[] = [];
      const out = (l: string) => lines.push(l);
      expect(await runApiKeyCommand(['create', 'partner', 'one'], config, out)).toBe(0);
      const key = lines.find((l) => l.startsWith('rbx_'));
      expect(key).toMatch(/^rbx_[A-Za-z0-9_-]{32}$/);
      lines.length = 0;
      expect(await runApiKeyCommand(['list'], config, out)).toBe(0);
      expect(lines.join('\n')).toContain('partner one');
      expect(lines.join('\n')).not.toContain(key);
      expect(lines.join('\n')).toContain(key!.slice(0, 8));
      expect(await runApiKeyCommand(['revoke', '1'], config, out)).toBe(0);
      expect(await runApiKeyCommand(['revoke', '1'], config, out)).toBe(1);
      expect(await runApiKeyCommand(['revoke', 'abc'], config, out)).toBe(2);
      expect(await runApiKeyCommand(['nope'], config, out)).toBe(2);
      const db = await openDatabase({ databaseUrl: null, dataDir: dir });
      try {
        const rows = await db.db.selectFrom('api_keys').selectAll().execute();
        expect(rows).toHaveLength(1);
        expect(rows[0]!.key_hash).toBe(hashApiKey(key!));
        expect(rows[0]!.revoked_at).toBeInstanceOf(Date);
      } finally {
        await db.close();
      }
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
