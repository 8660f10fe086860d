/**
 * A path and its answer are one source (common/api/answers.ts): (1) no SPA file casts an API
 * answer or the base query (the registry types them); (2) every route an RTK endpoint asks has an
 * answer schema, and an endpoint that builds a route's path declares that route's AnswerOf; (3)
 * every route the real API registers with a success schema declares exactly the registry's.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ANSWERS, answerSchema } from '../../common/api/answers';
import { API_PREFIX, API_ROUTES } from '../../common/api/paths';

/** Every route the API registers, with its schema, seen by an onRoute hook on the real Fastify instance. */
const registered: { method: string | string[]; url: string; response?: Record<string, unknown> }[] = [];
vi.mock('fastify', async (importOriginal) => {
  const real = await importOriginal<typeof import('fastify')>();
  const create = ((opts?: Parameters<typeof real.default>[0]) => {
    const app = real.default(opts);
    app.addHook('onRoute', (r) => {
      const response = (r.schema as { response?: Record<string, unknown> } | undefined)?.response;
      registered.push({ method: r.method, url: r.url ?? r.path, response });
    });
    return app;
  }) as typeof real.default;
  return { ...real, default: create };
});

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return files(full);
    return /\.tsx?$/.test(e.name) ? [full] : [];
  });
}
const SRC = files(path.join(ROOT, 'src')).map((f) => ({ file: path.relative(ROOT, f), text: fs.readFileSync(f, 'utf8') }));

/** An answer cast (`b as HomePageResponse`) or a base-query cast (`fetch as BaseFetch`). */
export const ANSWER_CAST = /\bas\s+(?:\w+Response\b|BaseFetch\b)/g;
/** Routes an endpoint asks without a registry answer, and why. */
const NO_ANSWER: Readonly<Record<string, string>> = {
  openapi: 'the OpenAPI document, written by @fastify/swagger from the routes (no status, no schema of its own)',
};

describe('the SPA takes its answers from the registry', () => {
  it('finds a cast of an answer or of the base query', () => {
    const sample =
      'const a = (b as HomePageResponse).result;\nrestLogged(fetch as BaseFetch, p);\nconst ok = x as Record<string, unknown>;';
    expect([...sample.matchAll(ANSWER_CAST)].map((m) => m[0])).toEqual(['as HomePageResponse', 'as BaseFetch']);
  });

  it('casts no API answer and no base query in src/', () => {
    const casts = SRC.flatMap(({ file, text }) =>
      text.split('\n').flatMap((line, i) => [...line.matchAll(ANSWER_CAST)].map((m) => `${file}:${i + 1}: ${m[0]}`)),
    );
    expect(casts).toEqual([]);
  });

  const apis = SRC.filter(({ text }) => text.includes('injectEndpoints('));
  const endpoints = apis.flatMap(({ file, text }) =>
    text
      .split(/(?=^\s+\w+: build\.(?:query|mutation)\b)/m)
      .slice(1)
      .map((chunk) => ({
        where: `${file}: ${/^\s+(\w+):/.exec(chunk)?.[1] ?? '?'}`,
        chunk,
        built: [...chunk.matchAll(/\bpaths\.(\w+)\(/g)].map((m) => m[1]!),
        called: [...chunk.matchAll(/\banswerCall\('(\w+)'/g)].map((m) => m[1]!),
      })),
  );

  it('gives every route an RTK endpoint asks an answer schema', () => {
    expect(endpoints.length).toBeGreaterThan(40);
    const asked = new Set(endpoints.flatMap((e) => [...e.built, ...e.called]));
    for (const { text } of apis) for (const m of text.matchAll(/\bpaths\.(\w+)\(/g)) asked.add(m[1]!);
    expect(asked.size).toBeGreaterThan(40);
    const missing = [...asked].filter((name) => !(name in ANSWERS) && !(name in NO_ANSWER));
    expect(missing).toEqual([]);
  });

  it("declares, for an endpoint that builds a route's path, that route's AnswerOf as its result", () => {
    const restated = endpoints
      .filter((e) => e.built.length > 0)
      .filter((e) => !e.built.some((name) => e.chunk.includes(`AnswerOf<'${name}'`)))
      .map((e) => `${e.where} builds ${e.built.join(', ')}`);
    expect(restated).toEqual([]);
  });
});

describe("the API declares the registry's answers", () => {
  let close: (() => Promise<void>) | null = null;
  afterAll(async () => close?.());

  it('every route with a success schema declares the one in common/api/answers.ts', async () => {
    const [{ loadConfig }, { buildApi }, { openDatabase }, { LocalBus }] = await Promise.all([
      import('../../server/config'),
      import('../../server/api/server'),
      import('../../server/db/database'),
      import('../../server/events'),
    ]);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apianswers-api-'));
    const NO_NODE = 'http://127.0.0.1:9'; // nothing listens: building the routes needs no node
    const db = await openDatabase({ databaseUrl: null, dataDir: null });
    const config = loadConfig({ DATA_DIR: dir, RUBY_RPC_URL: NO_NODE });
    const idle = { indexedBlock: null, head: 0, percent: 0, catchingUp: true };
    const { app } = await buildApi({
      config,
      db,
      bus: new LocalBus(),
      rpcUrl: NO_NODE,
      indexerStatus: () => idle,
      log: () => {},
      distDir: path.join(dir, 'no-dist'),
    });
    close = async () => {
      await app.close();
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    };
    await app.ready();

    const nameOf = new Map<string, string>();
    for (const [name, def] of Object.entries(API_ROUTES)) nameOf.set('root' in def ? def.pattern : API_PREFIX + def.pattern, name);
    nameOf.set(API_PREFIX, 'etherscan');
    const wrong: string[] = [];
    let checked = 0;
    for (const r of registered) {
      const success = r.response?.['200'] ?? r.response?.['201'];
      if (!success) continue;
      const name = nameOf.get(r.url);
      for (const method of (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => m !== 'HEAD')) {
        checked += 1;
        if (!name) wrong.push(`${method} ${r.url}: not in the path registry`);
        else if (success !== answerSchema(name, method))
          wrong.push(`${method} ${r.url} (${name}): its success schema is not ANSWERS.${name}`);
      }
    }
    expect(checked).toBeGreaterThan(80);
    expect(wrong).toEqual([]);
  });
});
