/**
 * Fault: the node stopped (SIGSTOP) for 30 s while the indexer follows the head, then resumed
 * (SIGCONT): the indexer goes on by itself, with the RPC client the product uses (its default
 * time-outs and retries), and the database equals the node afterwards.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { RpcClient } from '../../server/chain/rpc';
import { openTestDatabase } from '../helpers/db';
import { Indexer } from '../../server/indexer/indexer';
import type { Database } from '../../server/db/database';
import { compareWithNode, logComparison } from '../helpers/verifyIndex';
import { sleep, startFaultChain, waitFor, type FaultChain } from './chain';

const STOPPED_MS = 30_000;
let chain: FaultChain;
let database: Database;

beforeAll(async () => {
  chain = await startFaultChain(59, 40);
  database = await openTestDatabase('pglite');
});

afterAll(async () => {
  await database?.close();
  await chain?.stop();
});

it('node stopped for 30 s while the indexer follows: it resumes by itself and the database equals the node', async () => {
  const log: string[] = [];
  const indexer = new Indexer({
    rpc: new RpcClient(chain.devnet.url),
    db: database.db,
    batchSize: 8,
    pollMs: 200,
    log: (m) => log.push(m),
  });
  await indexer.init();
  indexer.start();
  try {
    const checkpoint = async () =>
      (await database.db.selectFrom('indexer_state').select('last_block').executeTakeFirst())?.last_block ?? -1;
    const caughtUp = async () => (await checkpoint()) === (await chain.head());
    await waitFor(caughtUp, 120_000, () => `no catch-up before the stop: ${log.slice(-5).join('; ')}`);
    const pid = chain.devnet.pid as number;
    // Blocks the indexer has not seen yet, mined just before the node freezes.
    await chain.grow(3);
    process.kill(pid, 'SIGSTOP');
    try {
      await sleep(STOPPED_MS);
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    const resumedAt = Date.now();
    await chain.grow(3);
    await waitFor(caughtUp, 120_000, () => `the indexer did not resume: ${log.slice(-5).join('; ')}`);
    console.log(
      `[faults] node stopped ${STOPPED_MS / 1000} s: indexer at the head ${((Date.now() - resumedAt) / 1000).toFixed(1)} s after SIGCONT (3 blocks mined after it); log: ${log
        .filter((m) => /retrying|recovered/.test(m))
        .slice(0, 3)
        .join(' | ')}`,
    );
  } finally {
    await indexer.stop();
  }
  const c = await compareWithNode(database.db, chain.rpc);
  logComparison('node stopped for 30 s', c);
  expect(c.mismatches).toEqual([]);
});
