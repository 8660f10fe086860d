/**
 * Fault: the all-in-one `start` process on PGlite (its own DATA_DIR; RUBY_RPC_URL points at the
 * test's devnet, so the chain survives) killed with SIGKILL 5 times, each as soon as it committed one more batch of its
 * catch-up and started again each time while the chain grows; then it catches up, stops with
 * SIGTERM, and its database must equal the node.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '../../server/chain/devnet';
import { openDatabase } from '../../server/db/database';
import { spawnGroup, type GroupProcess } from '../helpers/processGroup';
import { cleanProductEnv, readIndexingStatus, REPO_ROOT } from '../helpers/product';
import { compareWithNode, logComparison } from '../helpers/verifyIndex';
import { GROWTH_PER_KILL, KILL_POLL_MS, KILL_SPREAD_BLOCKS, startFaultChain, waitFor, type FaultChain } from './chain';

const KILLS = 5;
const EMPTY_PER_KILL = 150;
let chain: FaultChain;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ruby-faults-pglite-'));
  chain = await startFaultChain(53, 120);
});

afterAll(async () => {
  await chain?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function startProduct(label: string): Promise<{ proc: GroupProcess; url: string }> {
  const port = await freePort();
  const proc = spawnGroup(process.execPath, ['--import', 'tsx', 'server/main.ts', 'start'], {
    cwd: REPO_ROOT,
    logName: label,
    env: {
      ...cleanProductEnv(),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      RUBY_RPC_URL: chain.devnet.url,
      INDEXER_BATCH_SIZE: '3',
      INDEXER_POLL_MS: '200',
    },
  });
  return { proc, url: `http://127.0.0.1:${port}` };
}

const indexed = async (url: string) => (await readIndexingStatus(url))?.indexedBlock ?? -1;

it('kill -9 of the all-in-one process 5 times mid-catch-up on PGlite: the database equals the node', async () => {
  let before = -1;
  let behindAtKill = 0;
  for (let i = 0; i < KILLS; i++) {
    const { proc, url } = await startProduct(`faults-kill-pglite-${i}`);
    let seen = -1;
    const into = before + 1 + Math.floor(Math.random() * KILL_SPREAD_BLOCKS);
    await waitFor(
      async () => (seen = await indexed(url)) >= into,
      180_000,
      () => `no batch committed after restart ${i}:\n${proc.output().slice(-2000)}`,
      KILL_POLL_MS,
    );
    const last = await indexed(url).catch(() => seen);
    process.kill(-proc.pgid, 'SIGKILL');
    await proc.stop(1000);
    const head = await chain.head();
    if (Math.max(seen, last) < head) behindAtKill++;
    console.log(`[faults] kill -9 #${i + 1} (PGlite): indexed ${before} → ≥${Math.max(seen, last)} of head ${head}`);
    before = Math.max(seen, last);
    await chain.grow(GROWTH_PER_KILL);
    // The restarted process indexes while its HTTP server starts: about 50 blocks before the test
    // can first ask it (more than GROWTH_PER_KILL), so empty blocks keep every kill short of the head.
    await chain.mineEmpty(EMPTY_PER_KILL);
  }
  const { proc, url } = await startProduct('faults-kill-pglite-final');
  const head = await chain.head();
  await waitFor(
    async () => (await indexed(url)) >= head,
    300_000,
    () => `no catch-up to ${head}:\n${proc.output().slice(-2000)}`,
  );
  const stopped = await proc.stop();
  expect(stopped.forced).toBe(false);
  const database = await openDatabase({ databaseUrl: null, dataDir });
  try {
    const c = await compareWithNode(database.db, chain.rpc);
    logComparison(`kill -9 ×${KILLS} on PGlite (${behindAtKill} of them mid-catch-up)`, c);
    expect(c.mismatches).toEqual([]);
    expect(c.blocks).toBe(head + 1);
    expect(behindAtKill).toBe(KILLS);
  } finally {
    await database.close();
  }
});
