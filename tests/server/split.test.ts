/**
 * The scale-out mode as processes: `server/main.ts indexer` and `server/main.ts api` on one
 * PostgreSQL database. The indexer process migrates and fills it; the API process serves what it
 * holds, and a block mined later reaches the API's latest-blocks answer through NOTIFY.
 */
import { TEST_MNEMONIC } from '../helpers/devKeys';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RpcClient } from '../../server/chain/rpc';
import { freePort, startDevnet, type Devnet } from '../../server/chain/devnet';
import { pgAvailable } from '../helpers/db';
import { createTestPgDatabase, type TestPgDatabase } from '../helpers/pg';
import { paths } from '../../common/api/paths';

const DEV_ACCOUNT = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';

async function until<T>(what: string, ms: number, probe: () => Promise<T | null>): Promise<T> {
  const end = Date.now() + ms;
  let last: unknown = null;
  while (Date.now() < end) {
    try {
      const v = await probe();
      if (v !== null) return v;
    } catch (err) {
      last = err;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}${last ? ` (last error: ${String(last)})` : ''}`);
}

describe.skipIf(!pgAvailable)('split processes: indexer + api on PostgreSQL', () => {
  let dir: string;
  let devnet: Devnet;
  let rpc: RpcClient;
  let db: TestPgDatabase;
  const children: { name: string; proc: ChildProcess; log: string[] }[] = [];
  let base = '';

  const start = (command: 'indexer' | 'api', env: Record<string, string>) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', command], {
      env: { ...process.env, DATABASE_URL: db.url, RUBY_RPC_URL: devnet.url, TRAFFIC: 'false', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const log: string[] = [];
    proc.stdout?.on('data', (d: Buffer) => log.push(d.toString()));
    proc.stderr?.on('data', (d: Buffer) => log.push(d.toString()));
    children.push({ name: command, proc, log });
  };
  const mine = async () => {
    await rpc.call('eth_sendTransaction', [{ from: DEV_ACCOUNT, to: '0x000000000000000000000000000000000000beef', value: '0x1' }]);
    await rpc.call('evm_mine', []);
  };
  const get = async <T>(p: string): Promise<T> => {
    const res = await fetch(`${base}${p}`);
    if (!res.ok) throw new Error(`${p}: HTTP ${res.status}`);
    return (await res.json()) as T;
  };

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ruby-split-'));
    devnet = await startDevnet({ dataDir: dir, mnemonic: TEST_MNEMONIC, port: 0, chainId: 18215, blockTime: 0, persist: false });
    rpc = new RpcClient(devnet.url);
    await rpc.call('evm_setAutomine', [false]);
    for (let i = 0; i < 5; i++) await mine();
    const created = await createTestPgDatabase();
    if (!created) throw new Error('PostgreSQL went away');
    db = created;
    const port = await freePort();
    base = `http://127.0.0.1:${port}/api`;
    start('indexer', {});
    // The API process does not migrate: it starts once the indexer's migrations are in.
    await until('the indexer to migrate', 60_000, async () => {
      const c = new pg.Client({ connectionString: db.url });
      await c.connect();
      try {
        const r = await c.query<{ n: string }>("SELECT count(*) AS n FROM information_schema.tables WHERE table_name = 'indexer_state'");
        return r.rows[0]?.n === '1' ? true : null;
      } finally {
        await c.end();
      }
    });
    start('api', { PORT: String(port), HOST: '127.0.0.1' });
  }, 120_000);

  afterAll(async () => {
    for (const c of children) {
      if (c.proc.exitCode === null) {
        const exited = new Promise((r) => c.proc.once('exit', r));
        c.proc.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (c.proc.exitCode === null) c.proc.kill('SIGKILL');
      }
    }
    await db?.drop();
    await devnet?.stop();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('indexes the chain in one process and serves it from the other, live', async () => {
    try {
      const head = Number(BigInt(await rpc.call<string>('eth_blockNumber')));
      const status = await until('the API to report the indexer caught up', 90_000, async () => {
        const r = await get<{ result: { indexedBlock: number | null; head: number; catchingUp: boolean } }>(paths.indexingStatus());
        return r.result.indexedBlock === head ? r.result : null;
      });
      expect(status).toMatchObject({ indexedBlock: head, catchingUp: false });
      const latest = await get<{ result: { blockNumber: number }[] }>(paths.latestBlocks());
      expect(latest.result[0]?.blockNumber).toBe(head);

      await mine();
      const next = await until('the new block on the API', 30_000, async () => {
        const r = await get<{ result: { blockNumber: number }[] }>(paths.latestBlocks());
        return r.result[0]?.blockNumber === head + 1 ? r.result : null;
      });
      expect(next[0]?.blockNumber).toBe(head + 1);
      expect(next.map((b) => b.blockNumber).slice(0, 3)).toEqual([head + 1, head, head - 1]);
    } catch (err) {
      for (const c of children) console.log(`--- ${c.name} log ---\n${c.log.join('').slice(-4000)}`);
      throw err;
    }
  }, 150_000);
});
