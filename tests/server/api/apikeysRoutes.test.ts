/**
 * The dashboard's API-key routes (issue 8) on a real indexed devnet, on PGlite and PostgreSQL:
 * a logged-in user creates a key (shown once), lists it (never the key nor its hash), uses it on
 * a public route and gets the per-key limit, revokes it (then 403), cannot touch another user's
 * key, and every call without a valid token answers a JSON 401.
 */
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MAX_ACTIVE_API_KEYS, type ApiKeyListResponse, type CreatedApiKeyResponse } from '../../../common/api/apiKeys';
import type { RegistrationResponse } from '../../../common/api/wallet';
import { API_KEY_MESSAGES, createApiKey, hashApiKey } from '../../../server/api/apiKeys';
import { revokeApiKey } from '../../../server/queries/apiKeys';
import { KEY_NOT_FOUND, TOO_MANY_KEYS } from '../../../server/api/routes/apiKeysRoutes';
import { signToken } from '../../../server/auth/jwt';
import { sidOf } from '../../helpers/sessionToken';
import { resolveJwtSecret } from '../../../server/auth/secret';
import { TOKEN_REJECTED } from '../../../server/auth/session';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';
import { describeEachDatabase } from '../../helpers/db';
import { apiPaths } from '../../../common/api/paths';

let chain: IndexedChain;
beforeAll(async () => {
  chain = await startIndexedChain({ steps: 2 });
});
afterAll(() => chain?.stop());

type Body = Record<string, unknown>;
const PUBLIC = apiPaths.latestBlocks();

describeEachDatabase('API key routes', (getDb, kind) => {
  let api: TestApi;
  let alice = '';
  let bob = '';

  async function call<T = Body>(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    opts: { token?: string; payload?: unknown; ip?: string; key?: string } = {},
  ) {
    const headers: Record<string, string> = {};
    if (opts.token !== undefined) headers.authorization = `Bearer ${opts.token}`;
    if (opts.key !== undefined) headers['x-api-key'] = opts.key;
    const res = await api.app.inject({
      method,
      url,
      headers,
      remoteAddress: opts.ip ?? '10.9.0.1',
      ...(opts.payload === undefined ? {} : { payload: opts.payload as Body }),
    });
    return { code: res.statusCode, body: res.json<T>() };
  }

  async function signUp(email: string): Promise<string> {
    const res = await call<RegistrationResponse>('POST', apiPaths.register(), { payload: { email, password: 'correct horse battery' } });
    expect(res.code).toBe(200);
    return res.body.token;
  }

  beforeAll(async () => {
    // Loopback is not exempt here and the limits are small, so the per-key limit shows.
    api = await chain.api(getDb(), { rateLimit: { anonymousMax: 50, apiKeyMax: 5, windowSeconds: 60, exemptLoopback: false } });
    alice = await signUp(`alice.keys.${kind}@example.com`);
    bob = await signUp(`bob.keys.${kind}@example.com`);
  });
  afterAll(() => api?.close());

  it('answers a JSON 401 without a token, with a bad one, or for an unknown account', async () => {
    const forged = signToken(
      'not-the-secret-of-this-server-0123456789',
      { email: `alice.keys.${kind}@example.com`, sid: sidOf(alice) },
      3600,
    );
    const ghost = signToken(resolveJwtSecret(api.ctx.config), { email: 'ghost@example.com', sid: sidOf(alice) }, 3600);
    for (const token of [undefined, 'garbage', forged, ghost]) {
      for (const [method, url] of [
        ['GET', apiPaths.apiKeys()],
        ['POST', apiPaths.apiKeys()],
        ['DELETE', apiPaths.apiKey(1)],
      ] as const) {
        const res = await call(method, url, {
          ...(token === undefined ? {} : { token }),
          ...(method === 'POST' ? { payload: { label: 'x' } } : {}),
        });
        expect(res, `${method} ${url} with ${token ?? 'no token'}`).toEqual({
          code: 401,
          body: { status: false, message: TOKEN_REJECTED },
        });
      }
    }
  });

  it('creates a key shown once, lists it without the key or its hash, and uses it with the per-key limit', async () => {
    expect((await call<ApiKeyListResponse>('GET', apiPaths.apiKeys(), { token: alice })).body).toEqual({ status: true, result: [] });
    const created = await call<CreatedApiKeyResponse>('POST', apiPaths.apiKeys(), { token: alice, payload: { label: '  my dapp ' } });
    expect(created.code).toBe(200);
    const k = created.body.result;
    expect(k.key).toMatch(/^rbx_[A-Za-z0-9_-]{32}$/);
    expect(k).toMatchObject({ label: 'my dapp', prefix: k.key.slice(0, 8) });
    expect(Number.isNaN(Date.parse(k.createdAt))).toBe(false);

    const list = await call<ApiKeyListResponse>('GET', apiPaths.apiKeys(), { token: alice });
    expect(list.body.result).toEqual([{ id: k.id, label: 'my dapp', prefix: k.prefix, createdAt: k.createdAt, revokedAt: null }]);
    const text = JSON.stringify(list.body);
    expect(text).not.toContain(k.key);
    expect(text).not.toContain(hashApiKey(k.key));
    // Bob sees none of Alice's keys.
    expect((await call<ApiKeyListResponse>('GET', apiPaths.apiKeys(), { token: bob })).body.result).toEqual([]);

    // Anonymous from this IP: 50 per window. With the key: 5 per window, whatever the IP.
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await call('GET', PUBLIC, { key: k.key, ip: `10.9.1.${i}` })).code);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    const over = await call<{ message: string }>('GET', PUBLIC, { key: k.key, ip: '10.9.1.9' });
    expect(over.body.message).toMatch(/^Rate limit exceeded: 5 requests per 60 s for this API key/);
    expect((await call('GET', PUBLIC, { ip: '10.9.1.0' })).code).toBe(200);
  });

  it('draws every key of one account on one budget, whatever their number (issue #45)', async () => {
    const erin = await signUp(`erin.keys.${kind}@example.com`);
    const keys: string[] = [];
    for (const label of ['one', 'two', 'three']) {
      keys.push((await call<CreatedApiKeyResponse>('POST', apiPaths.apiKeys(), { token: erin, payload: { label } })).body.result.key);
    }
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await call('GET', PUBLIC, { key: keys[i % 3]!, ip: `10.9.4.${i}` })).code);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    const over = await call<{ message: string }>('GET', PUBLIC, { key: keys[2]!, ip: '10.9.4.9' });
    expect(over.body.message).toMatch(
      /^Rate limit exceeded: 5 requests per 60 s for this API key \(one budget for all of its account's keys\)/,
    );
    // An operator's key (no account) keeps a budget of its own.
    const operator = await createApiKey(getDb().db, null, 'operator');
    expect((await call('GET', PUBLIC, { key: operator.key, ip: '10.9.4.10' })).code).toBe(200);
  });

  it("revokes only the owner's key: another user gets 404, then the key answers 403", async () => {
    // A user of its own: Alice's account spent its budget above.
    const dave = await signUp(`dave.keys.${kind}@example.com`);
    const { body } = await call<CreatedApiKeyResponse>('POST', apiPaths.apiKeys(), { token: dave, payload: { label: 'to revoke' } });
    const k = body.result;
    expect((await call('GET', PUBLIC, { key: k.key, ip: '10.9.2.1' })).code).toBe(200);

    expect(await call('DELETE', apiPaths.apiKey(k.id), { token: bob })).toEqual({
      code: 404,
      body: { status: false, message: KEY_NOT_FOUND },
    });
    expect((await call('GET', PUBLIC, { key: k.key, ip: '10.9.2.1' })).code).toBe(200);
    for (const bad of ['999999', 'abc', '-1', '1e3']) {
      expect((await call('DELETE', apiPaths.apiKey(bad), { token: dave })).code, bad).toBe(404);
    }

    const revoked = await call<{ status: boolean; result: { id: number; revokedAt: string } }>('DELETE', apiPaths.apiKey(k.id), {
      token: dave,
    });
    expect(revoked.code).toBe(200);
    expect(revoked.body.result.id).toBe(k.id);
    expect((await call('DELETE', apiPaths.apiKey(k.id), { token: dave })).code).toBe(404);
    const listed = (await call<ApiKeyListResponse>('GET', apiPaths.apiKeys(), { token: dave })).body.result.find((x) => x.id === k.id);
    expect(listed?.revokedAt).toEqual(expect.any(String));
    // This process forgets its cached lookup at once; another process reads the database.
    expect(await call('GET', PUBLIC, { key: k.key, ip: '10.9.2.1' })).toEqual({
      code: 403,
      body: { status: false, message: API_KEY_MESSAGES.revoked },
    });
    const fresh = await chain.api(getDb(), { rateLimit: { anonymousMax: 50, apiKeyMax: 5, windowSeconds: 60, exemptLoopback: false } });
    try {
      const res = await fresh.app.inject({ method: 'GET', url: PUBLIC, headers: { 'x-api-key': k.key }, remoteAddress: '10.9.2.2' });
      expect({ code: res.statusCode, body: res.json<Body>() }).toEqual({
        code: 403,
        body: { status: false, message: API_KEY_MESSAGES.revoked },
      });
    } finally {
      await fresh.close();
    }
  });

  it('refuses a bad label with 400 and more than the maximum of active keys', async () => {
    for (const label of ['', '   ', 'x'.repeat(101)]) {
      expect(await call('POST', apiPaths.apiKeys(), { token: bob, payload: { label } }), JSON.stringify(label)).toEqual({
        code: 400,
        body: { status: false, message: API_KEY_MESSAGES.badLabel },
      });
    }
    expect((await call('POST', apiPaths.apiKeys(), { token: bob, payload: {} })).code).toBe(400);
    const ids: number[] = [];
    for (let i = 0; i < MAX_ACTIVE_API_KEYS; i++) {
      const r = await call<CreatedApiKeyResponse>('POST', apiPaths.apiKeys(), { token: bob, payload: { label: `k${i}` } });
      expect(r.code).toBe(200);
      ids.push(r.body.result.id);
    }
    expect(await call('POST', apiPaths.apiKeys(), { token: bob, payload: { label: 'one too many' } })).toEqual({
      code: 400,
      body: { status: false, message: TOO_MANY_KEYS },
    });
    // A revoked key frees a place.
    expect((await call('DELETE', apiPaths.apiKey(ids[0]!), { token: bob })).code).toBe(200);
    expect((await call('POST', apiPaths.apiKeys(), { token: bob, payload: { label: 'fits again' } })).code).toBe(200);
  });

  it("counts and revokes in SQL: creating or revoking a key never reads the account's key rows", async () => {
    const email = `carol.keys.${kind}@example.com`;
    const carol = await signUp(email);
    const carols: number[] = [];
    for (let i = 0; i < MAX_ACTIVE_API_KEYS + 3; i++) carols.push((await createApiKey(getDb().db, email, `c${i}`)).id);
    for (const id of carols.slice(0, 4)) expect(await revokeApiKey(getDb().db, id)).toBe(true);
    const bobs = (await call<ApiKeyListResponse>('GET', apiPaths.apiKeys(), { token: bob })).body.result;
    expect(bobs.length).toBeGreaterThan(0);

    // The same routes over a database handle that notes how many rows each query answers.
    let recording = false;
    const rowCounts: number[] = [];
    const recorder: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        if (recording) rowCounts.push(args.result.rows.length);
        return args.result;
      },
    };
    const counted = await chain.api(
      { ...getDb(), db: getDb().db.withPlugin(recorder) },
      { rateLimit: { anonymousMax: 0, apiKeyMax: 0, windowSeconds: 60, exemptLoopback: false } },
    );
    const send = async (method: 'POST' | 'DELETE', url: string, payload?: Body) => {
      const res = await counted.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${carol}` },
        remoteAddress: '10.9.3.1',
        ...(payload ? { payload } : {}),
      });
      return { code: res.statusCode, body: res.json<Body>() };
    };
    try {
      recording = true;
      // 9 active keys (and 4 revoked): one more fits, the next is refused.
      expect((await send('POST', apiPaths.apiKeys(), { label: 'tenth' })).code).toBe(200);
      expect(await send('POST', apiPaths.apiKeys(), { label: 'eleventh' })).toEqual({
        code: 400,
        body: { status: false, message: TOO_MANY_KEYS },
      });
      const revoked = await send('DELETE', apiPaths.apiKey(carols[5]!));
      expect(revoked).toMatchObject({ code: 200, body: { status: true, result: { id: carols[5], revokedAt: expect.any(String) } } });
      for (const id of [carols[5]!, carols[0]!, bobs[0]!.id, 999_999]) {
        expect(await send('DELETE', apiPaths.apiKey(id)), String(id)).toEqual({
          code: 404,
          body: { status: false, message: KEY_NOT_FOUND },
        });
      }
      recording = false;
      expect(rowCounts.length).toBeGreaterThan(0);
      expect(Math.max(...rowCounts)).toBeLessThanOrEqual(1);
      // Bob's key was not touched; Carol's revoked one is listed as revoked.
      expect((await call<ApiKeyListResponse>('GET', apiPaths.apiKeys(), { token: bob })).body.result[0]?.revokedAt).toBe(
        bobs[0]!.revokedAt,
      );
      const listed = (await call<ApiKeyListResponse>('GET', apiPaths.apiKeys(), { token: carol })).body.result;
      expect(listed.filter((k) => k.revokedAt === null)).toHaveLength(MAX_ACTIVE_API_KEYS - 1);
      expect(listed.find((k) => k.id === carols[5])?.revokedAt).toEqual(expect.any(String));
    } finally {
      recording = false;
      await counted.close();
    }
  });
});
