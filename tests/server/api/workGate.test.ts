/**
 * The budgets of the expensive calls (issue #45): per caller and global, with a queue for the
 * global one and a 429 that says when to come back.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BusyError, RETRY_AFTER_SECONDS, WORK_LIMITS, WorkGate, busyMessage } from '../../../server/api/workGate';
import { loadConfig } from '../../../server/config';
import type { Database } from '../../../server/db/database';
import { LocalBus } from '../../../server/events';
import type { Api } from '../../../server/core/context';
import { buildApi } from '../../../server/api/server';
import { openTestDatabase } from '../../helpers/db';
import { apiPaths } from '../../../common/api/paths';

const later = () => new Promise((r) => setTimeout(r, 10));

describe('WorkGate', () => {
  it("refuses a caller's call past its own cap at once, and lets other callers in", async () => {
    const gate = new WorkGate('export', { perCaller: 1, global: 4, queueMs: 1_000 });
    const a = await gate.enter('ip:10.0.0.1');
    await expect(gate.enter('ip:10.0.0.1')).rejects.toEqual(new BusyError(busyMessage('CSV export', true)));
    const b = await gate.enter('ip:10.0.0.2');
    a();
    a(); // idempotent
    const again = await gate.enter('ip:10.0.0.1');
    again();
    b();
  });

  it('queues past the global cap, lets the next in when a place frees, and refuses after the wait', async () => {
    const gate = new WorkGate('compile', { perCaller: 5, global: 1, queueMs: 200 });
    const first = await gate.enter('x');
    let second: (() => void) | null = null;
    const waiting = gate.enter('y').then((r) => (second = r));
    await later();
    expect(second).toBeNull();
    first();
    await waiting;
    expect(second).not.toBeNull();
    const t = Date.now();
    const refused = await gate.enter('z').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(BusyError);
    expect((refused as BusyError).statusCode).toBe(429);
    expect((refused as BusyError).retryAfterSeconds).toBe(RETRY_AFTER_SECONDS);
    expect((refused as BusyError).message).toBe(busyMessage('compile', false));
    expect(Date.now() - t).toBeGreaterThanOrEqual(190);
    // The refused caller holds no place: once the runner leaves, z gets in at once.
    second!();
    (await gate.enter('z'))();
  });

  it('runs work inside a place and frees it when the work throws', async () => {
    const gate = new WorkGate('getLogs', { perCaller: 1, global: 1, queueMs: 50 });
    await expect(gate.run('c', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.run('c', async () => 7)).toBe(7);
    // A null caller (loopback, exempt) skips the per-caller cap, not the global one.
    const hold = await gate.enter(null);
    await expect(gate.enter(null)).rejects.toBeInstanceOf(BusyError);
    hold();
  });
});

describe('the gated routes', () => {
  let dir = '';
  let database: Database;
  let api: Api;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ruby-gate-'));
    database = await openTestDatabase('pglite');
    const config = loadConfig({ DATA_DIR: dir, RUBY_RPC_URL: 'http://127.0.0.1:9' });
    const built = await buildApi({
      config,
      db: database,
      bus: new LocalBus(),
      rpcUrl: 'http://127.0.0.1:9',
      indexerStatus: () => ({ indexedBlock: null, head: 0, percent: 0, catchingUp: false }),
      log: () => {},
    });
    await built.app.ready();
    api = built.app;
  }, 120_000);
  afterAll(async () => {
    await api?.close();
    await database?.close();
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  });

  it('answer a caller past its CSV export budget 429 with Retry-After, and serve another caller meanwhile', async () => {
    const url = apiPaths.exportCsv({ kind: 'transactions', file: `r${'4'.repeat(40)}.csv` });
    const from = (remoteAddress: string) => api.inject({ method: 'GET', url, remoteAddress });
    const mine = WORK_LIMITS.export.perCaller;
    const answers = await Promise.all([...Array.from({ length: mine + 1 }, () => from('10.7.0.1')), from('10.7.0.2')]);
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(mine + 1);
    const refused = answers.find((a) => a.statusCode === 429);
    expect(refused?.json()).toEqual({ status: false, message: busyMessage('CSV export', true) });
    expect(refused?.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
    expect(codes.at(-1)).toBe(200);
    // The places are given back once the answers are sent.
    expect((await from('10.7.0.1')).statusCode).toBe(200);
  });
});
