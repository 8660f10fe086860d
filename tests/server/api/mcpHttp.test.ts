/**
 * /mcp and /llms.txt as HTTP routes of the product, with no node behind it: the security headers,
 * the SPA fallback (a built SPA is served here) and the rate limits do not swallow them, /mcp's
 * refusals are JSON-RPC error bodies, its budget is the REST API's, and /llms.txt names every tool.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MCP_SERVER_NAME, MCP_TOOLS } from '../../../common/api/mcpTools';
import { apiPaths } from '../../../common/api/paths';
import { openDatabase, type Database } from '../../../server/db/database';
import { nodelessApi, type NodelessApp } from '../../helpers/nodelessApi';

const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const initialize = (id: number) => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'http-test', version: '1' } },
});

let dir: string;
let db: Database;
let app: NodelessApp;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-http-'));
  // A built SPA, so that its fallback (index.html for any GET that is not a route) is in place.
  fs.mkdirSync(path.join(dir, 'dist'));
  fs.writeFileSync(
    path.join(dir, 'dist', 'index.html'),
    '<!doctype html><html lang="en"><head><title>x</title></head><body></body></html>',
  );
  db = await openDatabase({ databaseUrl: null, dataDir: null });
  app = await nodelessApi(db, dir, {}, path.join(dir, 'dist'));
}, 60_000);
afterAll(async () => {
  await app?.close();
  await db?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the llms.txt file', () => {
  it('is markdown naming every MCP tool and each API, with absolute links to the host asked', async () => {
    const res = await app.inject({ method: 'GET', url: apiPaths.llmsTxt(), headers: { host: 'explorer.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.body.startsWith('# Ruby Explorer\n\n> ')).toBe(true);
    for (const tool of MCP_TOOLS) expect(res.body).toContain(`- \`${tool.name}\` (`);
    for (const p of [apiPaths.mcp(), apiPaths.openapi(), apiPaths.etherscanV2({ chainid: 18215 })])
      expect(res.body).toContain(`http://explorer.example${p}`);
    expect(res.body).toMatch(/Sourcify/);
    expect(res.body).toMatch(/Blockscout REST API v2/);
  });
});

describe('/mcp over HTTP', () => {
  it('answers initialize as a stateless server (no session id), with the security headers', async () => {
    const res = await app.inject({ method: 'POST', url: apiPaths.mcp(), headers: MCP_HEADERS, payload: initialize(1) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['mcp-session-id']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<{ id: number; result: { serverInfo: { name: string }; capabilities: { tools?: object } } }>();
    expect(body.id).toBe(1);
    expect(body.result.serverInfo.name).toBe(MCP_SERVER_NAME);
    expect(body.result.capabilities.tools).toBeDefined();
  });

  it('refuses GET and DELETE with 405 (no stream, no session), and the SPA does not answer them', async () => {
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await app.inject({ method, url: apiPaths.mcp(), headers: { accept: 'text/event-stream' } });
      expect(res.statusCode, method).toBe(405);
      expect(res.headers.allow).toBe('POST');
      expect(res.json<{ error: { message: string } }>().error.message).toMatch(/stateless/);
    }
  });

  it('answers a body that is not JSON, not JSON-RPC, or a batch, with a JSON-RPC error and a 4xx', async () => {
    const notJson = await app.inject({ method: 'POST', url: apiPaths.mcp(), headers: MCP_HEADERS, payload: '{"jsonrpc":' });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json<{ error: { code: number } }>().error.code).toBe(-32700);
    const notRpc = await app.inject({ method: 'POST', url: apiPaths.mcp(), headers: MCP_HEADERS, payload: { hello: 1 } });
    expect(notRpc.statusCode).toBe(400);
    expect(notRpc.json<{ jsonrpc: string; error: { code: number } }>().jsonrpc).toBe('2.0');
    const batch = await app.inject({ method: 'POST', url: apiPaths.mcp(), headers: MCP_HEADERS, payload: [initialize(5), initialize(6)] });
    expect(batch.statusCode).toBe(400);
    expect(batch.json<{ error: { message: string } }>().error.message).toMatch(/one JSON-RPC message per POST/);
    const noAccept = await app.inject({
      method: 'POST',
      url: apiPaths.mcp(),
      headers: { 'content-type': 'application/json' },
      payload: initialize(2),
    });
    expect(noAccept.statusCode).toBe(406);
  });

  it('refuses a key the API did not issue with 401, as /api does', async () => {
    const res = await app.inject({
      method: 'POST',
      url: apiPaths.mcp(),
      headers: { ...MCP_HEADERS, 'x-api-key': `rbx_${'A'.repeat(32)}` },
      payload: initialize(3),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json<{ error: { message: string } }>().error.message).toBe('Invalid API key');
  });
});

describe('/mcp rate limit', () => {
  let limited: NodelessApp;
  beforeAll(async () => {
    limited = await nodelessApi(db, dir, { RATE_LIMIT_ANONYMOUS: '3', RATE_LIMIT_EXEMPT_LOOPBACK: 'false' });
  });
  afterAll(async () => limited?.close());

  it('draws on the REST API budget: one /mcp request is one request, the next over the limit is a 429 JSON-RPC error', async () => {
    expect((await limited.inject({ method: 'GET', url: apiPaths.openapi() })).statusCode).toBe(200);
    for (const id of [1, 2]) {
      const ok = await limited.inject({ method: 'POST', url: apiPaths.mcp(), headers: MCP_HEADERS, payload: initialize(id) });
      expect(ok.statusCode).toBe(200);
    }
    const over = await limited.inject({ method: 'POST', url: apiPaths.mcp(), headers: MCP_HEADERS, payload: initialize(4) });
    expect(over.statusCode).toBe(429);
    expect(over.json<{ error: { message: string } }>().error.message).toMatch(/^Rate limit exceeded: 3 requests per 60 s/);
    // /llms.txt is a page, not an API call: never limited.
    expect((await limited.inject({ method: 'GET', url: apiPaths.llmsTxt() })).statusCode).toBe(200);
  });
});
