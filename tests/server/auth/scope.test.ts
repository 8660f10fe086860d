/**
 * Authentication as a scope (server/auth/scope.ts), on the real API over PGlite and PostgreSQL:
 * the list of authenticated routes comes from the app itself (the scope's onRoute marking), is
 * not empty, holds the known logged-in routes and is exactly the set the OpenAPI document marks
 * with the bearer security; each of them answers 401 with the same words to a missing, malformed,
 * expired or foreign (another secret) token and to the token of an account that does not exist,
 * and lets a valid token through. A route declaring the bearer security outside the scope stops
 * the API from starting. No node is needed: the node URL points nowhere.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegistrationResponse } from '../../../common/api/wallet';
import type { ApiContext } from '../../../server/core/context';
import { installErrorHandling } from '../../../server/core/http';
import { buildApi } from '../../../server/api/server';
import { signToken } from '../../../server/auth/jwt';
import { UNKNOWN_SID, sidOf, sidlessToken } from '../../helpers/sessionToken';
import { authenticated, authenticatedRoutes, refuseStrayBearerRoutes } from '../../../server/auth/scope';
import { resolveJwtSecret } from '../../../server/auth/secret';
import { TOKEN_REJECTED } from '../../../server/auth/session';
import { loadConfig } from '../../../server/config';
import { LocalBus } from '../../../server/events';
import { describeEachDatabase } from '../../helpers/db';
import { apiPaths } from '../../../common/api/paths';

type App = Awaited<ReturnType<typeof buildApi>>['app'];
type Method = 'GET' | 'POST' | 'DELETE';

/** The logged-in routes the product has today; a new one joins the list by being in the scope. */
const KNOWN = [
  'POST /api/importwallet',
  'POST /api/rekey',
  'POST /api/logout',
  'POST /api/logout/all',
  'GET /api/walletchallenge',
  'GET /api/getwalletdata/:email',
  'GET /api/importtokenaddress/:walletAddress/:tokenAddress',
  'GET /api/apikeys',
  'POST /api/apikeys',
  'DELETE /api/apikeys/:id',
];

let dir = '';
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ruby-auth-scope-'));
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

describeEachDatabase('the authenticated scope', (getDb, kind) => {
  let app: App;
  let ctx: ApiContext;
  let bus: LocalBus;
  const email = `scope.${kind}@example.com`;
  let token = '';

  beforeAll(async () => {
    const config = loadConfig({ DATA_DIR: path.join(dir, kind), RUBY_RPC_URL: 'http://127.0.0.1:9' });
    bus = new LocalBus();
    ({ app, ctx } = await buildApi({
      config,
      db: getDb(),
      bus,
      rpcUrl: config.rpcUrl ?? '',
      indexerStatus: () => ({}) as never,
      log: () => {},
      distDir: path.join(dir, 'no-dist'),
    }));
    await app.ready();
    const res = await app.inject({ method: 'POST', url: apiPaths.register(), payload: { email, password: 'correct horse battery' } });
    expect(res.statusCode).toBe(200);
    token = res.json<RegistrationResponse>().token;
  });
  afterAll(async () => {
    await app?.close();
    await bus?.close();
  });

  async function logIn(): Promise<string> {
    const res = await app.inject({ method: 'POST', url: apiPaths.login(), payload: { email, password: 'correct horse battery' } });
    expect(res.statusCode).toBe(200);
    return res.json<RegistrationResponse>().token;
  }

  const routes = () => authenticatedRoutes(ctx).map((r) => `${r.method} ${r.url}`);

  it('lists the authenticated routes from the app: the known ones, exactly those the OpenAPI document marks bearer', async () => {
    expect(routes().length).toBeGreaterThanOrEqual(KNOWN.length);
    expect(routes()).toEqual(expect.arrayContaining(KNOWN));
    expect(new Set(routes()).size).toBe(routes().length);
    const doc = (await app.inject({ method: 'GET', url: apiPaths.openapi() })).json<{
      paths: Record<string, Record<string, { security?: object[] }>>;
    }>();
    const bearer: string[] = [];
    for (const [p, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (op.security?.some((s) => 'bearer' in s)) bearer.push(`${method.toUpperCase()} ${p.replace(/\{(\w+)\}/g, ':$1')}`);
      }
    }
    expect(bearer.sort()).toEqual([...routes()].sort());
  });

  it('answers each one 401 to a missing, malformed, expired, foreign or orphan token, and lets a valid one through', async () => {
    const secret = resolveJwtSecret(ctx.config);
    const now = Math.floor(Date.now() / 1000);
    const bad: [string, string | undefined][] = [
      ['no token', undefined],
      ['a malformed token', 'not.a.jwt'],
      ['an expired token', signToken(secret, { email, sid: sidOf(token) }, 60, now - 3600)],
      ['a foreign token', signToken('another secret entirely, 32 chars and more', { email, sid: sidOf(token) }, 3600)],
      ['the token of no account', signToken(secret, { email: `nobody.${kind}@example.com`, sid: sidOf(token) }, 3600)],
      ['a token of no session', signToken(secret, { email, sid: UNKNOWN_SID }, 3600)],
      ['a token without a session id', sidlessToken(secret, email)],
    ];
    const params: Record<string, string> = { email, walletAddress: `r${'1'.repeat(40)}`, tokenAddress: `r${'2'.repeat(40)}`, id: '1' };
    for (const r of authenticatedRoutes(ctx)) {
      const url = r.url.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(params[name] ?? '1'));
      const call = (t: string | undefined) =>
        app.inject({
          method: r.method as Method,
          url,
          ...(t === undefined ? {} : { headers: { authorization: `Bearer ${t}` } }),
          ...(r.method === 'POST' ? { payload: { label: 'x' } } : {}),
        });
      for (const [what, t] of bad) {
        const res = await call(t);
        expect({ code: res.statusCode, body: res.json() }, `${r.method} ${r.url} with ${what}`).toEqual({
          code: 401,
          body: { status: false, message: TOKEN_REJECTED },
        });
      }
      const ok = await call(token);
      expect(ok.statusCode, `${r.method} ${r.url} with a valid token: ${ok.body}`).not.toBe(401);
      expect(ok.statusCode).toBeLessThan(500);
      // The log-out routes end the token's session: a new log-in for the routes after them.
      if (r.url.startsWith(apiPaths.logout())) token = await logIn();
    }
  });
});

describe('a route declaring the bearer security', () => {
  const ctxOf = () =>
    ({ config: loadConfig({ DATA_DIR: dir, JWT_SECRET: 'a test secret of more than 32 characters!' }) }) as unknown as ApiContext;
  const declared = { schema: { security: [{ bearer: [] }] } };

  it('outside the authenticated scope stops the API from starting', async () => {
    const app = Fastify();
    refuseStrayBearerRoutes(app as never, ctxOf());
    app.get('/stray', declared, async () => ({ status: true }));
    await expect(app.ready()).rejects.toThrow('GET /stray: the bearer security declared outside the authenticated scope');
  });

  it('inside it starts, and the route refuses a missing token', async () => {
    const app = Fastify();
    installErrorHandling(app, () => {});
    const ctx = ctxOf();
    refuseStrayBearerRoutes(app as never, ctx);
    authenticated([(scope) => scope.get('/inside', declared, async () => ({ status: true }))])(app as never, ctx);
    await app.ready();
    expect(authenticatedRoutes(ctx)).toEqual([{ method: 'GET', url: '/inside' }]);
    expect((await app.inject({ method: 'GET', url: '/inside' })).json()).toEqual({ status: false, message: TOKEN_REJECTED });
    await app.close();
  });
});
