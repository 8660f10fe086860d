/**
 * Security headers (issue 16) on every kind of answer the Fastify app gives: API JSON, a 4xx
 * from validation, a 429 from the rate limit, a malformed URL, an unknown API route, the SPA's
 * files and its index.html fallback; HSTS only when configured. Real app (buildApi) over a real
 * migrated PGlite, a tiny dist/ folder in a temp dir.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../../server/config';
import type { Database } from '../../../server/db/database';
import { LocalBus } from '../../../server/events';
import type { Api } from '../../../server/core/context';
import { buildApi, startApiServer } from '../../../server/api/server';
import { PERMISSIONS_POLICY, cspHeader, securityHeaders } from '../../../server/core/security';
import { openTestDatabase } from '../../helpers/db';
import { apiPaths, rawApiPath } from '../../../common/api/paths';

let dir = '';
let database: Database;
const apps: Api[] = [];

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ruby-security-'));
  await fs.mkdir(path.join(dir, 'dist', 'assets'), { recursive: true });
  await fs.writeFile(
    path.join(dir, 'dist', 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>',
  );
  await fs.writeFile(path.join(dir, 'dist', 'assets', 'app.js'), 'console.log("spa");\n');
  database = await openTestDatabase('pglite');
}, 120_000);

afterAll(async () => {
  for (const app of apps) await app.close();
  await database?.close();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

/** The app as the product builds it, with the SPA in the temp dist/ and extra environment. */
async function app(env: Record<string, string> = {}, overrides: Partial<Config> = {}): Promise<Api> {
  const config: Config = { ...loadConfig({ DATA_DIR: dir, RUBY_RPC_URL: 'http://127.0.0.1:9', ...env }), ...overrides };
  const built = await buildApi({
    config,
    db: database,
    bus: new LocalBus(),
    rpcUrl: config.rpcUrl ?? '',
    indexerStatus: () => ({ indexedBlock: null, head: 0, percent: 0, catchingUp: false }),
    log: () => {},
    distDir: path.join(dir, 'dist'),
  });
  await built.app.ready();
  apps.push(built.app);
  return built.app;
}

/** Every header of the issue, as a list of failures (empty when all are right). */
function missingHeaders(res: LightMyRequestResponse): string[] {
  const h = res.headers;
  const want: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'x-frame-options': 'DENY',
    'permissions-policy': PERMISSIONS_POLICY,
  };
  const bad = Object.entries(want)
    .filter(([k, v]) => h[k] !== v)
    .map(([k, v]) => `${k}: ${String(h[k])} (want ${v})`);
  const csp = String(h['content-security-policy'] ?? '');
  for (const must of [
    "default-src 'self'",
    "script-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    "img-src 'self' data:",
    "style-src 'self'",
    "connect-src 'self'",
  ]) {
    if (!csp.split(';').some((d) => d === must || d.startsWith(`${must} `))) bad.push(`CSP lacks "${must}": ${csp}`);
  }
  if (/unsafe-inline|unsafe-eval|wasm-unsafe-eval|\*/.test(csp)) bad.push(`CSP allows too much: ${csp}`);
  return bad;
}

describe('security headers', () => {
  let api: Api;
  beforeAll(async () => {
    api = await app();
  }, 60_000);

  it('are on an API answer, with the exact policy', async () => {
    const res = await api.inject({ method: 'GET', url: apiPaths.blocks({ page: 1, size: 20 }) });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ status: boolean }>().status).toBe(true);
    expect(missingHeaders(res)).toEqual([]);
    expect(res.headers['content-security-policy']).toBe(cspHeader({ hsts: false, connectSrc: [] }));
  });

  it('are on 4xx errors: validation, bad JSON, a malformed URL', async () => {
    const invalid = await api.inject({ method: 'GET', url: apiPaths.blocks({ page: 0, size: 20 }) });
    expect(invalid.statusCode).toBe(400);
    expect(missingHeaders(invalid)).toEqual([]);
    const badJson = await api.inject({
      method: 'POST',
      url: apiPaths.login(),
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json<{ status: boolean }>().status).toBe(false);
    expect(missingHeaders(badJson)).toEqual([]);
    const badUrl = await api.inject({ method: 'GET', url: rawApiPath('block', '%E0%A4%A') });
    expect(badUrl.statusCode).toBe(400);
    expect(missingHeaders(badUrl)).toEqual([]);
  });

  it('are the same on a framework error (no hook runs) as on any other answer, header by header', async () => {
    const normal = await api.inject({ method: 'GET', url: apiPaths.blocks({ page: 1, size: 20 }) });
    const tooLong = await api.inject({ method: 'GET', url: apiPaths.block('1'.repeat(600)) });
    expect(tooLong.statusCode).toBe(414);
    const fromHelmet = Object.fromEntries(
      Object.entries(normal.headers).filter(
        ([k]) => !/^(content-type|content-length|date|connection|etag|cache-control|vary|x-ratelimit-.*)$/.test(k),
      ),
    );
    expect(fromHelmet).toEqual(securityHeaders(loadConfig({})));
    for (const [k, v] of Object.entries(fromHelmet)) expect(tooLong.headers[k], k).toBe(v);
  });

  it('are on a 404 of an unknown API route and on HEAD', async () => {
    const res = await api.inject({ method: 'GET', url: '/api/noSuchRoute' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: false, message: 'Unknown API route: GET /api/noSuchRoute' });
    expect(missingHeaders(res)).toEqual([]);
    const post = await api.inject({ method: 'POST', url: '/blocks' });
    expect(post.statusCode).toBe(404);
    expect(missingHeaders(post)).toEqual([]);
    const head = await api.inject({ method: 'HEAD', url: '/' });
    expect(head.statusCode).toBe(200);
    expect(missingHeaders(head)).toEqual([]);
  });

  it('are on the SPA: index.html, a client-side route (fallback) and an asset', async () => {
    // An unknown route is the SPA's not-found page with a 404; a wallet's /tx link a redirect (issue #38).
    const statuses: Array<[string, number]> = [
      ['/', 200],
      ['/Allblock', 200],
      ['/blocks', 404],
      [`/tx/0x${'ab'.repeat(32)}?tab=logs`, 301],
      ['/assets/app.js', 200],
    ];
    for (const [url, status] of statuses) {
      const res = await api.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(status);
      expect(missingHeaders(res), url).toEqual([]);
    }
    const fallback = await api.inject({ method: 'GET', url: '/wallet' });
    expect(fallback.headers['content-type']).toMatch(/^text\/html/);
    expect(fallback.body).toContain('<div id="root">');
  });

  it('are on a 429 of the rate limit (its hook runs after the headers are set)', async () => {
    const limited = await app({}, { rateLimit: { anonymousMax: 1, apiKeyMax: 10, windowSeconds: 60, exemptLoopback: false } });
    expect((await limited.inject({ method: 'GET', url: apiPaths.rubyPrice() })).statusCode).toBe(200);
    const res = await limited.inject({ method: 'GET', url: apiPaths.rubyPrice() });
    expect(res.statusCode).toBe(429);
    expect(missingHeaders(res)).toEqual([]);
  });

  it('send no HSTS and no upgrade-insecure-requests by default (plain HTTP)', async () => {
    const res = await api.inject({ method: 'GET', url: '/' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it('send HSTS and upgrade-insecure-requests with HSTS=true; CSP_CONNECT_SRC widens connect-src only', async () => {
    const tls = await app({ HSTS: 'true', CSP_CONNECT_SRC: 'https://api.ruby.example/api, https://socket.ruby.example:8443' });
    for (const url of ['/', apiPaths.blocks({ page: 1, size: 20 }), '/api/noSuchRoute']) {
      const res = await tls.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000');
      expect(missingHeaders(res), url).toEqual([]);
      const csp = String(res.headers['content-security-policy']).split(';');
      expect(csp).toContain('upgrade-insecure-requests');
      expect(csp).toContain(
        "connect-src 'self' https://api.ruby.example wss://api.ruby.example https://socket.ruby.example:8443 wss://socket.ruby.example:8443",
      );
      expect(csp).toContain("script-src 'self'");
    }
  });
});

describe('socket.io long-polling answers (socket.io answers them before Fastify)', () => {
  it('carry the same security headers', async () => {
    const config: Config = { ...loadConfig({ DATA_DIR: dir, RUBY_RPC_URL: 'http://127.0.0.1:9', PORT: '0' }) };
    const server = await startApiServer({
      config,
      db: database,
      bus: new LocalBus(),
      rpcUrl: 'http://127.0.0.1:9',
      indexerStatus: () => ({ indexedBlock: null, head: 0, percent: 0, catchingUp: false }),
      log: () => {},
      distDir: path.join(dir, 'dist'),
    });
    try {
      const res = await fetch(`${server.url}/socket.io/?EIO=4&transport=polling`);
      expect(res.status).toBe(200);
      const want = securityHeaders(config);
      for (const [k, v] of Object.entries(want)) expect(res.headers.get(k), k).toBe(v);
    } finally {
      await server.close();
    }
  });
});

describe('answers carrying a secret (issue #45)', () => {
  it('are Cache-Control: no-store, errors included; other answers are not', async () => {
    const api = await app();
    const created = await api.inject({ method: 'GET', url: apiPaths.createWallet() });
    expect(created.statusCode).toBe(200);
    expect(created.json().result.privateKey).toMatch(/^0x[0-9a-f]{64}$/);
    expect(created.headers['cache-control']).toBe('no-store');
    for (const url of [apiPaths.login(), apiPaths.register(), apiPaths.importWallet()]) {
      const res = await api.inject({ method: 'POST', url, payload: {} });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const blocks = await api.inject({ method: 'GET', url: apiPaths.blocks({ page: 1, size: 20 }) });
    expect(blocks.statusCode).toBe(200);
    expect(blocks.headers['cache-control']).toBeUndefined();
  });
});
