/**
 * Hostile and random strings in every path parameter of every API route (taken from the OpenAPI
 * document, so a new route is covered without editing this file): never a 5xx, always a JSON
 * body with a boolean status.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';
import { describeEachDatabase } from '../../helpers/db';
import { apiPaths, rawApiPath } from '../../../common/api/paths';

let chain: IndexedChain;
beforeAll(async () => {
  chain = await startIndexedChain({ steps: 3 });
});
afterAll(() => chain?.stop());

const HOSTILE = [
  '',
  ' ',
  '0',
  '-1',
  '1e9',
  '99999999999999999999999',
  'NaN',
  'Infinity',
  '0x',
  '0X',
  'r',
  'R',
  `r${'f'.repeat(40)}`,
  `0x${'g'.repeat(40)}`,
  `0x${'0'.repeat(64)}`,
  `0x${'F'.repeat(64)}`,
  '1.5',
  '١٢٣',
  '𝟙𝟚𝟛',
  "' OR 1=1 --",
  '"; DROP TABLE blocks; --',
  '%',
  '%%',
  '_',
  '\\',
  '../../etc/passwd',
  '..%2F..%2F',
  '<script>alert(1)</script>',
  '\u0000',
  '\uFFFF',
  '😀'.repeat(20),
  'a'.repeat(400),
  '{}',
  '[]',
  'null',
  'undefined',
  'true',
  '__proto__',
  'constructor',
];

const fuzzString = fc.oneof(
  fc.constantFrom(...HOSTILE),
  fc.string({ maxLength: 80 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
  fc.stringMatching(/^(0x|r)?[0-9a-fA-F]{0,70}$/),
);

describeEachDatabase('API fuzz', (getDb) => {
  let api: TestApi;
  let templates: string[] = [];
  beforeAll(async () => {
    api = await chain.api(getDb());
    const doc = await api.get<{ paths: Record<string, unknown> }>(apiPaths.openapi());
    templates = Object.keys(doc.body.paths).filter((p) => p.includes('{'));
  });
  afterAll(() => api?.close());

  it('covers the parameterised routes', () => {
    expect(templates.length).toBeGreaterThanOrEqual(3);
  });

  it('answers every route with a 2xx or 4xx JSON body for any parameter', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...templates), fc.array(fuzzString, { minLength: 4, maxLength: 4 }), async (template, values) => {
        let i = 0;
        const url = template.replace(/\{[^}]+\}/g, () => encodeURIComponent(values[i++ % values.length] ?? ''));
        const res = await api.app.inject({ method: 'GET', url });
        expect(res.statusCode, `${url} → ${res.statusCode} ${res.body.slice(0, 200)}`).toBeLessThan(500);
        const body = res.json() as { status?: unknown; customCode?: unknown; match?: unknown };
        // Sourcify's API answers in Sourcify's shapes (an error's customCode, or a contract's match); a path no
        // route takes (GET on the POST-only verify path) is the API's own 404.
        if (template.startsWith(apiPaths.sourcifyJob('-').slice(0, -'v2/verify/-'.length)))
          expect(typeof body.customCode === 'string' || 'match' in body || body.status === false, url).toBe(true);
        else expect(typeof body.status, url).toBe('boolean');
        expect(res.body).not.toMatch(/at .+\.(ts|js):\d+/); // no stack traces
      }),
      { numRuns: 400 },
    );
  });

  it('answers unknown API routes and methods with a 404 JSON body', async () => {
    for (const url of [
      apiPaths.etherscan(),
      '/api/',
      rawApiPath('blocks'),
      rawApiPath('blocks', '1'),
      '/api/%2e%2e/secret',
      rawApiPath('blocks', '1', '20', 'extra'),
    ]) {
      const res = await api.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect((res.json() as { status: unknown }).status).toBe(false);
    }
    const post = await api.app.inject({ method: 'POST', url: apiPaths.blocks({ page: 1, size: 20 }), payload: { a: 1 } });
    expect(post.statusCode).toBe(404);
  });
});
