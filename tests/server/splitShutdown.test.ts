/**
 * SIGTERM on the scale-out commands (`devnet`, `indexer`, `api`): each exits with code 0 within
 * 10 s, logging its shutdown steps in order (server/shutdown.ts), and the devnet leaves no anvil.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { processAlive, readPidFile } from '../../server/chain/anvilPidFile';
import { freePort } from '../../server/chain/devnet';
import { pgAvailable } from '../helpers/db';
import { createTestPgDatabase, type TestPgDatabase } from '../helpers/pg';
import { spawnGroup, tail, type GroupProcess } from '../helpers/processGroup';
import { cleanProductEnv, REPO_ROOT } from '../helpers/product';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ruby-split-stop-'));
const procs: GroupProcess[] = [];
let pgDb: TestPgDatabase | null = null;

afterAll(async () => {
  await Promise.all(procs.map((p) => p.stop(5_000).catch(() => undefined)));
  await pgDb?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

function run(command: string, env: Record<string, string>): GroupProcess {
  const p = spawnGroup(process.execPath, ['--import', 'tsx', 'server/main.ts', command], {
    cwd: REPO_ROOT,
    env: { ...cleanProductEnv(), DATA_DIR: dir, HOST: '127.0.0.1', ...env },
    logName: `split-stop-${command}`,
  });
  procs.push(p);
  return p;
}

/** SIGTERM; the steps the log shows, in order, and how long the group took to go. */
async function sigterm(p: GroupProcess): Promise<string[]> {
  const t = Date.now();
  const r = await p.stop(20_000);
  const ms = Date.now() - t;
  const out = p.output();
  expect(r, tail(out)).toMatchObject({ code: 0, forced: false });
  expect(ms).toBeLessThan(11_000);
  expect(out).toMatch(/shutdown: complete in \d+ ms/);
  return [...out.matchAll(/shutdown: ([^\n]+?) done \(\d+ ms\)\n/g)].map((m) => m[1] ?? '');
}

it('devnet, indexer and api each stop in order on SIGTERM with exit code 0', async () => {
  const devnet = run('devnet', { DEVNET_PORT: '0', DEVNET_BLOCK_TIME: '1' });
  const rpcUrl = (await devnet.waitForOutput(/devnet ready at (http:\/\/\S+)/, 120_000))[1] ?? '';
  const anvil = readPidFile(dir)?.pid as number;
  if (pgAvailable) {
    pgDb = await createTestPgDatabase();
    const env = { DATABASE_URL: pgDb?.url ?? '', RUBY_RPC_URL: rpcUrl, TRAFFIC: 'false' };
    const indexer = run('indexer', env);
    await indexer.waitForOutput(/indexer: following/, 120_000);
    const api = run('api', { ...env, PORT: String(await freePort()) });
    await api.waitForOutput(/api: http/, 120_000);
    await new Promise((r) => setTimeout(r, 2_000)); // a few blocks indexed while both run
    expect(await sigterm(api)).toEqual(['HTTP server and sockets', 'database']);
    expect(await sigterm(indexer)).toEqual(['indexer', 'database']);
  }
  expect(await sigterm(devnet)).toEqual(['traffic generator', 'devnet (anvil)']);
  expect(processAlive(anvil)).toBe(false);
  expect(readPidFile(dir)).toBeNull();
}, 300_000);
