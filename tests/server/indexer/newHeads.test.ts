/**
 * Issue #17, live blocks: once caught up, the indexer is woken by the node's newHeads
 * subscription (server/indexer/headWake.ts) instead of waiting for its next poll. With a poll
 * interval of a minute, a mined block is indexed (its batch event published) within a second or
 * two only through newHeads; with newHeads turned off the same block waits for the poll.
 */
import { TEST_MNEMONIC } from '../../helpers/devKeys';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startDevnet, type Devnet } from '../../../server/chain/devnet';
import { RpcClient, hexToNumber } from '../../../server/chain/rpc';
import { Indexer, type BatchEvent } from '../../../server/indexer/indexer';
import { describeEachDatabase } from '../../helpers/db';

let devnet: Devnet;
let dir: string;
let rpc: RpcClient;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ruby-newheads-'));
  devnet = await startDevnet({ dataDir: dir, mnemonic: TEST_MNEMONIC, port: 0, chainId: 18219, blockTime: 0, persist: false });
  rpc = new RpcClient(devnet.url);
  await rpc.call('anvil_mine', ['0x5']);
}, 120_000);

afterAll(async () => {
  await devnet?.stop();
  await fs.rm(dir, { recursive: true, force: true });
}, 60_000);

async function until(cond: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 10));
  }
  return true;
}

const POLL_MS = 60_000;

describeEachDatabase('indexer following newHeads', (getDb) => {
  it('indexes each mined block at once, with the poll a minute away', async () => {
    const events: { e: BatchEvent; at: number }[] = [];
    // The indexer's own client, to count its calls for the head.
    const own = new RpcClient(devnet.url);
    const call = own.call.bind(own);
    let headCalls = 0;
    own.call = (<T>(method: string, params?: unknown[]): Promise<T> => {
      if (method === 'eth_blockNumber') headCalls++;
      return call<T>(method, params);
    }) as typeof own.call;
    const indexer = new Indexer({ rpc: own, db: getDb().db, pollMs: POLL_MS, onBatch: (e) => events.push({ e, at: Date.now() }) });
    await indexer.init();
    indexer.start();
    try {
      const head = hexToNumber(await rpc.call<string>('eth_blockNumber'));
      expect(await until(() => events.some((x) => x.e.to === head), 60_000)).toBe(true);
      expect(await until(() => indexer.heads.subscribed, 15_000)).toBe(true);
      const lags: number[] = [];
      const callsBefore = headCalls;
      for (let i = 1; i <= 5; i++) {
        const mined = Date.now();
        await rpc.call('evm_mine');
        expect(await until(() => events.some((x) => x.e.to === head + i), 10_000), `block ${head + i}`).toBe(true);
        lags.push((events.find((x) => x.e.to === head + i)?.at ?? 0) - mined);
      }
      // Every block, in order, none skipped.
      const after = events.filter((x) => x.e.to > head).map((x) => [x.e.from, x.e.to]);
      expect(after).toEqual([1, 2, 3, 4, 5].map((i) => [head + i, head + i]));
      // Far under the poll: only the subscription can have woken it (a loaded machine takes a few hundred ms).
      expect(Math.max(...lags)).toBeLessThan(5_000);
      // The announced head is taken as it is: a woken round does not ask the node for it first.
      expect(headCalls - callsBefore).toBeLessThan(5);
    } finally {
      await indexer.stop();
    }
    expect(indexer.heads.subscribed).toBe(false);
  }, 120_000);

  it('without newHeads, a mined block waits for the poll', async () => {
    const events: BatchEvent[] = [];
    const indexer = new Indexer({ rpc, db: getDb().db, pollMs: POLL_MS, newHeads: false, onBatch: (e) => events.push(e) });
    await indexer.init();
    indexer.start();
    try {
      const head = hexToNumber(await rpc.call<string>('eth_blockNumber'));
      // Caught up from the first test's checkpoint: the first round finds nothing or this head.
      await until(() => false, 1_500);
      await rpc.call('evm_mine');
      expect(await until(() => events.some((e) => e.to === head + 1), 5_000)).toBe(false);
      expect(indexer.heads.subscribed).toBe(false);
    } finally {
      await indexer.stop();
    }
  }, 60_000);
});
