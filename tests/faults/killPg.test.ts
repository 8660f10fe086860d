/**
 * Fault: the split `indexer` process on PostgreSQL killed with SIGKILL 10 times in its catch-up
 * (each time as soon as it committed one more batch, while the next ones are being fetched and
 * written),
 * restarted each time while the chain grows; then it catches up and the database must equal the
 * node (blocks, transactions, sampled balances).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/database';
import { pgAvailable } from '../helpers/db';
import { createTestPgDatabase, type TestPgDatabase } from '../helpers/pg';
import { spawnGroup, type GroupProcess } from '../helpers/processGroup';
import { cleanProductEnv, REPO_ROOT } from '../helpers/product';
import { compareWithNode, logComparison } from '../helpers/verifyIndex';
import { GROWTH_PER_KILL, KILL_POLL_MS, KILL_SPREAD_BLOCKS, startFaultChain, waitFor, type FaultChain } from './chain';

const KILLS = 10;
let chain: FaultChain;
let target: TestPgDatabase | null;

beforeAll(async () => {
  if (!pgAvailable) return; // no PostgreSQL server here (CI always has one: probePg throws there)
  target = await createTestPgDatabase();
  chain = await startFaultChain(31, 120);
});

afterAll(async () => {
  await target?.drop();
  await chain?.stop();
});

function startIndexer(url: string, label: string): GroupProcess {
  return spawnGroup(process.execPath, ['--import', 'tsx', 'server/main.ts', 'indexer'], {
    cwd: REPO_ROOT,
    logName: label,
    // Small batches: many commits, so a kill lands between, inside and around them.
    env: {
      ...cleanProductEnv(),
      RUBY_RPC_URL: chain.devnet.url,
      DATABASE_URL: url,
      INDEXER_BATCH_SIZE: '3',
      INDEXER_CONCURRENCY: '3',
      INDEXER_POLL_MS: '200',
    },
  });
}

it.skipIf(!pgAvailable)('kill -9 of the indexer 10 times mid-catch-up on PostgreSQL: the database equals the node', async () => {
  const url = (target as TestPgDatabase).url;
  const watcher: Database = await openDatabase({ databaseUrl: url, dataDir: null });
  const checkpoint = async () => (await watcher.db.selectFrom('indexer_state').select('last_block').executeTakeFirst())?.last_block ?? -1;
  let behindAtKill = 0;
  try {
    for (let i = 0; i < KILLS; i++) {
      const before = await checkpoint();
      const proc = startIndexer(url, `faults-kill-pg-${i}`);
      // A random number of blocks in (always well short of the head): kills land at varied points of the pipeline.
      const into = before + 1 + Math.floor(Math.random() * KILL_SPREAD_BLOCKS);
      await waitFor(
        async () => (await checkpoint()) >= into,
        120_000,
        () => `no batch committed after restart ${i}:\n${proc.output().slice(-2000)}`,
        KILL_POLL_MS,
      );
      process.kill(-proc.pgid, 'SIGKILL');
      await proc.stop(1000);
      const at = await checkpoint();
      const head = await chain.head();
      if (at < head) behindAtKill++;
      console.log(`[faults] kill -9 #${i + 1} (PostgreSQL): checkpoint ${before} → ${at} of head ${head}`);
      await chain.grow(GROWTH_PER_KILL);
    }
    const final = startIndexer(url, 'faults-kill-pg-final');
    const head = await chain.head();
    await waitFor(
      async () => (await checkpoint()) >= head,
      300_000,
      () => `no catch-up to ${head}:\n${final.output().slice(-2000)}`,
    );
    const stopped = await final.stop();
    expect(stopped.forced).toBe(false);
    const c = await compareWithNode(watcher.db, chain.rpc);
    logComparison(`kill -9 ×${KILLS} on PostgreSQL (${behindAtKill} of them mid-catch-up)`, c);
    expect(c.mismatches).toEqual([]);
    expect(c.blocks).toBe(head + 1);
    expect(behindAtKill).toBe(KILLS);
  } finally {
    await watcher.close();
  }
});
