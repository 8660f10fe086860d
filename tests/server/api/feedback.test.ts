/**
 * POST /api/feedback on both databases (the API needs no chain here: nothing calls the node), the
 * per-IP rate limit, the size limit, and the operator's `feedback` CLI command run for real as
 * `node --import tsx server/main.ts feedback` against a PGlite data folder and PostgreSQL.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEEDBACK_LIMITS, FEEDBACK_MESSAGES, type FeedbackRecord } from '../../../common/api/feedback';
import { loadConfig } from '../../../server/config';
import { buildApi } from '../../../server/api/server';
import type { Api } from '../../../server/core/context';
import { openDatabase, type Database } from '../../../server/db/database';
import { LocalBus } from '../../../server/events';
import { parseFeedbackArgs, runFeedbackCommand } from '../../../server/feedbackCli';
import { describeEachDatabase, pgAvailable } from '../../helpers/db';
import { createTestPgDatabase } from '../../helpers/pg';
import { REPO_ROOT } from '../../helpers/product';
import { apiPaths } from '../../../common/api/paths';

const run = promisify(execFile);
const IDLE = { indexedBlock: null, head: 0, percent: 0, catchingUp: true };
/** Nothing listens there: these tests must not need the node. */
const NO_NODE = 'http://127.0.0.1:9';

async function api(database: Database, dir: string): Promise<Api> {
  const config = loadConfig({ DATA_DIR: dir, RUBY_RPC_URL: NO_NODE });
  const { app } = await buildApi({
    config,
    db: database,
    bus: new LocalBus(),
    rpcUrl: NO_NODE,
    indexerStatus: () => IDLE,
    log: () => {},
    distDir: path.join(dir, 'no-dist'),
  });
  await app.ready();
  return app;
}

const good = {
  kind: 'issue',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  description: 'The block page shows the wrong age for block 12.',
};

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ruby-feedback-'));
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

describeEachDatabase('POST /api/feedback', (getDb) => {
  let app: Api;
  // Each test speaks from its own address, so the limiter counts them apart.
  let n = 0;
  const post = (payload: unknown, ip = `10.0.0.${++n}`, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: apiPaths.feedback(), payload: payload as string, remoteAddress: ip, headers });
  beforeAll(async () => {
    app = await api(getDb(), dir);
  });
  afterAll(() => app?.close());

  it('stores a valid submission, trimmed, and answers 201 with the stored record', async () => {
    const res = await post({ ...good, name: '  Ada Lovelace ', description: `${good.description}\n` });
    expect(res.statusCode).toBe(201);
    const body = res.json<{ status: boolean; result: FeedbackRecord }>();
    expect(body.status).toBe(true);
    expect(body.result).toMatchObject({ kind: 'issue', name: 'Ada Lovelace', email: good.email, description: good.description });
    const row = await getDb().db.selectFrom('feedback').selectAll().where('id', '=', body.result.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'issue', name: 'Ada Lovelace', email: good.email, description: good.description });
    expect(Math.abs(row.created_at.getTime() - Date.now())).toBeLessThan(60_000);

    const feature = await post({ ...good, kind: 'feature', description: 'Please add a CSV export of the top accounts.' });
    expect(feature.statusCode).toBe(201);
    expect(feature.json<{ result: FeedbackRecord }>().result.kind).toBe('feature');
  });

  it.each([
    ['a missing name', { ...good, name: '' }, FEEDBACK_MESSAGES.nameRequired],
    ['a blank name', { ...good, name: '   ' }, FEEDBACK_MESSAGES.nameRequired],
    ['a long name', { ...good, name: 'x'.repeat(FEEDBACK_LIMITS.name.max + 1) }, FEEDBACK_MESSAGES.nameTooLong],
    ['a missing email', { kind: 'issue', name: 'A', description: good.description }, FEEDBACK_MESSAGES.emailRequired],
    ['a malformed email', { ...good, email: 'ada at example' }, FEEDBACK_MESSAGES.emailInvalid],
    ['an email without a domain dot', { ...good, email: 'ada@localhost' }, FEEDBACK_MESSAGES.emailInvalid],
    ['an empty issue description', { ...good, description: '' }, FEEDBACK_MESSAGES.descriptionRequired.issue],
    ['an empty feature description', { ...good, kind: 'feature', description: ' ' }, FEEDBACK_MESSAGES.descriptionRequired.feature],
    ['a short description', { ...good, description: 'broken' }, FEEDBACK_MESSAGES.descriptionTooShort],
    ['a long description', { ...good, description: 'y'.repeat(FEEDBACK_LIMITS.description.max + 1) }, FEEDBACK_MESSAGES.descriptionTooLong],
    ['an unknown kind', { ...good, kind: 'praise' }, FEEDBACK_MESSAGES.kindInvalid],
    ['a name that is not text', { ...good, name: { first: 'Ada' } }, 'name must be text.'],
    ['an array body', [good], FEEDBACK_MESSAGES.notAnObject],
  ])('rejects %s with 400 and a clear message, storing nothing', async (_label, payload, message) => {
    const before = await count(getDb());
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: false, message: expect.stringContaining(message) as string });
    expect(await count(getDb())).toBe(before);
  });

  it('names every wrong field at once', async () => {
    const res = await post({ kind: 'feature', name: '', email: 'nope', description: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(
      `${FEEDBACK_MESSAGES.nameRequired} ${FEEDBACK_MESSAGES.emailInvalid} ${FEEDBACK_MESSAGES.descriptionRequired.feature}`,
    );
  });

  it('rejects malformed JSON and non-JSON bodies with 4xx JSON, never a 500', async () => {
    const broken = await post('{"kind": "issue", ', undefined, { 'content-type': 'application/json' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ status: false });
    const plain = await post('hello', undefined, { 'content-type': 'text/plain' });
    expect(plain.statusCode).toBe(400);
    expect(plain.json()).toEqual({ status: false, message: FEEDBACK_MESSAGES.notAnObject });
    const xml = await post('<a/>', undefined, { 'content-type': 'application/xml' });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toMatchObject({ status: false });
  });

  it(`answers 413 for a body over ${FEEDBACK_LIMITS.bodyBytes} bytes`, async () => {
    const res = await post({ ...good, description: 'z'.repeat(FEEDBACK_LIMITS.bodyBytes) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ status: false, message: expect.stringMatching(/too large/i) as string });
  });

  it(`allows ${FEEDBACK_LIMITS.perWindow} submissions per IP address per window, then 429 with a clear message`, async () => {
    const ip = '192.0.2.77';
    const before = await count(getDb());
    for (let i = 0; i < FEEDBACK_LIMITS.perWindow; i++) expect((await post(good, ip)).statusCode).toBe(201);
    const limited = await post(good, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ status: false, message: 'Too many submissions from your address. Please try again in 10 minutes.' });
    expect(limited.headers['retry-after']).toBeDefined();
    expect(await count(getDb())).toBe(before + FEEDBACK_LIMITS.perWindow);
    // Another address is not affected.
    expect((await post(good, '192.0.2.78')).statusCode).toBe(201);
  });

  it('limits only the feedback route', async () => {
    for (let i = 0; i < FEEDBACK_LIMITS.perWindow + 2; i++) {
      const res = await app.inject({ method: 'GET', url: apiPaths.openapi(), remoteAddress: '192.0.2.99' });
      expect(res.statusCode).toBe(200);
    }
  });
});

async function count(database: Database): Promise<number> {
  const r = await database.db
    .selectFrom('feedback')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

async function cli(args: string[], env: Record<string, string>) {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(DATA_DIR|DATABASE_URL)$/.test(k)));
  return run(process.execPath, ['--import', 'tsx', 'server/main.ts', 'feedback', ...args], {
    cwd: REPO_ROOT,
    env: { ...clean, ...env },
    timeout: 60_000,
  });
}

async function seed(database: Database) {
  const app = await api(database, dir);
  for (const [kind, name] of [
    ['issue', 'First Reporter'],
    ['feature', 'Feature Fan'],
    ['issue', 'Second Reporter'],
  ] as const) {
    const res = await app.inject({ method: 'POST', url: apiPaths.feedback(), payload: { ...good, kind, name } });
    expect(res.statusCode).toBe(201);
  }
  await app.close();
}

describe('the feedback CLI command', () => {
  it('parses its options and rejects bad ones', () => {
    expect(parseFeedbackArgs([])).toEqual({ limit: 50, json: false });
    expect(parseFeedbackArgs(['--kind', 'feature', '--limit=3', '--json'])).toEqual({ kind: 'feature', limit: 3, json: true });
    expect(() => parseFeedbackArgs(['--kind', 'bug'])).toThrow('--kind must be issue or feature');
    expect(() => parseFeedbackArgs(['--limit', '0'])).toThrow('--limit must be a whole number');
    expect(() => parseFeedbackArgs(['--limit'])).toThrow('--limit needs a value');
    expect(() => parseFeedbackArgs(['--all'])).toThrow('unknown option "--all"');
  });

  it('prints the submissions of a PGlite data folder, newest first, filtered by kind; refuses while the database is open', async () => {
    const dataDir = path.join(dir, 'cli-pglite');
    const database = await openDatabase({ databaseUrl: null, dataDir });
    await seed(database);
    // The product holds the embedded database: the command must not open it too.
    await expect(runFeedbackCommand([], loadConfig({ DATA_DIR: dataDir }))).rejects.toThrow(/is in use \(the product is running\)/);
    await database.close();

    const all = await cli([], { DATA_DIR: dataDir });
    const names = [...all.stdout.matchAll(/^From: (.+) <ada@example\.com>$/gm)].map((m) => m[1]);
    expect(names).toEqual(['Second Reporter', 'Feature Fan', 'First Reporter']);
    expect(all.stdout).toContain(`  ${good.description}`);
    expect(all.stdout).toMatch(/^#3 {2}Issue {2}\d{4}-\d\d-\d\dT/m);

    const features = await cli(['--kind', 'feature', '--json'], { DATA_DIR: dataDir });
    const rows = JSON.parse(features.stdout) as FeedbackRecord[];
    expect(rows.map((r) => [r.kind, r.name])).toEqual([['feature', 'Feature Fan']]);
    expect((await cli(['--limit', '1'], { DATA_DIR: dataDir })).stdout).not.toContain('First Reporter');
  });

  it('fails with a clear message and exit code 1 on bad use', async () => {
    const err = await cli(['--kind', 'bug'], { DATA_DIR: path.join(dir, 'cli-pglite') }).catch(
      (e: unknown) => e as { code: number; stderr: string },
    );
    expect(err).toMatchObject({ code: 1 });
    expect((err as { stderr: string }).stderr).toContain('--kind must be issue or feature, got "bug"');
    const none = await cli([], { DATA_DIR: path.join(dir, 'empty') }).catch((e: unknown) => e as { code: number; stderr: string });
    expect((none as { stderr: string }).stderr).toContain('no embedded database in');
  });

  it.skipIf(!pgAvailable)('reads PostgreSQL (DATABASE_URL) while the API has it open', async () => {
    const pg = await createTestPgDatabase();
    if (!pg) throw new Error('PostgreSQL vanished');
    const database = await openDatabase({ databaseUrl: pg.url, dataDir: null });
    try {
      await seed(database);
      const out = await cli(['--kind', 'issue'], { DATABASE_URL: pg.url, DATA_DIR: path.join(dir, 'unused') });
      expect([...out.stdout.matchAll(/^From: (.+) </gm)].map((m) => m[1])).toEqual(['Second Reporter', 'First Reporter']);
    } finally {
      await database.close();
      await pg.drop();
    }
  });
});
