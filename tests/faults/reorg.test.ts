/**
 * Fault: reorgs of depth 3, 12 and 64 while the indexer follows the head (its own loop, start()),
 * on PGlite and PostgreSQL. anvil_reorg replaces the last `depth` blocks (which held traffic)
 * with empty ones; the test then mines more traffic, waits until the indexer's checkpoint is the
 * node's head block, and compares the whole chain.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { toHexQuantity } from '../../server/chain/rpc';
import { Indexer } from '../../server/indexer/indexer';
import { describeEachDatabase } from '../helpers/db';
import { compareWithNode, logComparison } from '../helpers/verifyIndex';
import { startFaultChain, waitFor, type FaultChain } from './chain';

let chain: FaultChain;

beforeAll(async () => {
  chain = await startFaultChain(47, 80);
});

afterAll(async () => {
  await chain?.stop();
});

describeEachDatabase('reorgs while following the head', (getDb, kind) => {
  let indexer: Indexer;
  const log: string[] = [];

  beforeAll(async () => {
    indexer = new Indexer({ rpc: chain.rpc, db: getDb().db, batchSize: 8, pollMs: 100, log: (m) => log.push(m) });
    await indexer.init();
    indexer.start();
  });

  afterAll(async () => {
    await indexer?.stop();
  });

  /** The stored checkpoint is the node's head block (number and hash). */
  const atHead = async () => {
    const head = await chain.head();
    const b = await chain.rpc.call<{ hash: string }>('eth_getBlockByNumber', [toHexQuantity(head), false]);
    const st = await getDb().db.selectFrom('indexer_state').select(['last_block', 'last_hash']).executeTakeFirst();
    return st?.last_block === head && st.last_hash === b.hash.toLowerCase();
  };

  it.each([3, 12, 64])('depth %i', async (depth) => {
    await chain.grow(depth > 10 ? 6 : 3);
    await waitFor(atHead, 120_000, () => `not at the head before the reorg: ${log.slice(-5).join('; ')}`);
    const reorgsBefore = log.filter((m) => m.includes('reorg detected')).length;
    await chain.rpc.call('anvil_reorg', [depth, []]);
    await chain.grow(2);
    await waitFor(atHead, 120_000, () => `not back at the head after the reorg: ${log.slice(-5).join('; ')}`);
    expect(log.filter((m) => m.includes('reorg detected')).length).toBeGreaterThan(reorgsBefore);
    const c = await compareWithNode(getDb().db, chain.rpc);
    logComparison(`reorg of depth ${depth} [${kind}]`, c);
    expect(c.mismatches).toEqual([]);
  });
});
