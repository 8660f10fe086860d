/**
 * Malformed uploads to the multipart routes (/compileContract, /deploy) answer a 4xx with a
 * message, never a 500: a boundary the body does not use, none at all, a body cut short, garbage.
 * No node is needed: the form is read before anything else.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiPaths } from '../../../common/api/paths';
import { describeEachDatabase } from '../../helpers/db';
import { nodelessApi, type NodelessApp } from '../../helpers/nodelessApi';

let dir = '';

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ruby-bad-multipart-'));
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

const part = (boundary: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="contractName"\r\n\r\nGold\r\n` +
  `--${boundary}\r\nContent-Disposition: form-data; name="solFile"; filename="G.sol"\r\nContent-Type: application/octet-stream\r\n\r\ncontract G {}\r\n`;

const CASES: Array<[string, string, string]> = [
  ['a boundary the body does not use', 'multipart/form-data; boundary=declared', `${part('other')}--other--\r\n`],
  ['no boundary at all', 'multipart/form-data', `${part('x')}--x--\r\n`],
  ['an empty boundary', 'multipart/form-data; boundary=', `${part('x')}--x--\r\n`],
  ['a body cut short', 'multipart/form-data; boundary=cut', part('cut').slice(0, 90)],
  ['garbage', 'multipart/form-data; boundary=g', '\u0000\u0001garbage--g\r\n\r\n--'],
];

describeEachDatabase('malformed multipart uploads', (getDb) => {
  let app: NodelessApp;
  beforeAll(async () => {
    app = await nodelessApi(getDb(), dir);
  });
  afterAll(() => app?.close());

  for (const url of [apiPaths.compileContract(), apiPaths.deploy()]) {
    for (const [what, contentType, body] of CASES) {
      it(`${url}: ${what} is a 4xx with a message`, async () => {
        const res = await app.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload: body });
        expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, res.body).toBeLessThan(500);
        const answer = res.json<{ status: boolean; message: string }>();
        expect(answer.status).toBe(false);
        expect(answer.message.length).toBeGreaterThan(5);
      });
    }
  }
});
