/**
 * Balances during a long catch-up are read once each, at the head the catch-up runs to (the
 * "snapshot" block; see server/indexer/indexer.ts). These tests pin the two halves of that:
 * no address is read twice, and a reorg that replaces the snapshot block while the catch-up runs
 * still leaves every balance equal to the node's at the checkpoint.
 */
import { TEST_MNEMONIC } from '../../helpers/devKeys';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RpcClient, type RpcCall, type RpcOutcome } from '../../../server/chain/rpc';
import { startDevnet, type Devnet } from '../../../server/chain/devnet';
import { TrafficGenerator } from '../../../server/chain/traffic';
import { Indexer } from '../../../server/indexer/indexer';
import { describeEachDatabase } from '../../helpers/db';
import { verifyAgainstNode } from '../../helpers/verifyIndex';
import { TEST_COMPILE_CACHE_DIR } from '../../helpers/compileCache';

/** An RpcClient that counts the calls of each method it sends. */
class CountingRpc extends RpcClient {
  readonly counts = new Map<string, number>();
  /** address@block of every eth_getBalance. */
  readonly balanceReads: string[] = [];
  override async batchSettled<T = unknown>(calls: RpcCall[]): Promise<RpcOutcome<T>[]> {
    for (const c of calls) {
      this.counts.set(c.method, (this.counts.get(c.method) ?? 0) + 1);
      if (c.method === 'eth_getBalance') this.balanceReads.push(`${String(c.params[0])}@${Number(BigInt(String(c.params[1])))}`);
    }
    return super.batchSettled<T>(calls);
  }
}

let devnet: Devnet;
let dir: string;
let traffic: TrafficGenerator;
let plain: RpcClient;

async function mine(blocks: number): Promise<void> {
  for (let i = 0; i < blocks; i++) {
    await traffic.step();
    await plain.call('evm_mine', []);
  }
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ruby-snapshot-'));
  devnet = await startDevnet({ dataDir: dir, mnemonic: TEST_MNEMONIC, port: 0, chainId: 18215, blockTime: 0 });
  plain = new RpcClient(devnet.url, { retries: 1, backoffMs: 50 });
  await plain.call('evm_setAutomine', [false]);
  traffic = new TrafficGenerator({ rpcUrl: devnet.url, accounts: devnet.accounts, seed: 11, cacheDir: TEST_COMPILE_CACHE_DIR });
  await traffic.setup();
  await mine(12);
});

afterAll(async () => {
  await devnet?.stop();
  await fs.rm(dir, { recursive: true, force: true });
});

describeEachDatabase('balance snapshot', (getDb) => {
  it('a long catch-up reads each coin balance once, and ends equal to the node', async () => {
    const rpc = new CountingRpc(devnet.url, { retries: 1, backoffMs: 50 });
    const head = Number(BigInt(await plain.call<string>('eth_blockNumber')));
    const indexer = new Indexer({ rpc, db: getDb().db, batchSize: 2, concurrency: 3 });
    await indexer.init();
    expect(await indexer.runOnce()).toBeGreaterThan(12);
    // The current balances: one read per address at the snapshot block (the head). The balance
    // history's reads are at the blocks that touched an address (balanceHistory.ts), its pairs at
    // the snapshot block taking the snapshot's values.
    const atHead = rpc.balanceReads.filter((r) => r.endsWith(`@${head}`));
    expect(atHead.length).toBeGreaterThan(5);
    expect(atHead.length).toBe(new Set(atHead).size);
    await verifyAgainstNode(getDb().db, plain);
  });

  it("a reorg of the snapshot block during the catch-up still ends with the node's balances", async () => {
    await mine(10);
    const head = Number(BigInt(await plain.call<string>('eth_blockNumber')));
    let reorg: Promise<unknown> | null = null;
    // Concurrency 1 and small batches: the replaced blocks are fetched after the reorg, so only
    // the balances read before it (at the old head) can be stale; verifySnapshot must catch them.
    const indexer = new Indexer({
      rpc: plain,
      db: getDb().db,
      batchSize: 2,
      concurrency: 1,
      onBatch: () => {
        reorg ??= plain.call('anvil_reorg', [3, []]);
      },
    });
    await indexer.init();
    // While anvil re-mines the replaced blocks, a read at the snapshot block can fail ("block
    // height is 23 but requested was 25"): the batch fails, as in production, where start()'s
    // loop runs runOnce again. Do the same here.
    const errors: string[] = [];
    const runOnce = () =>
      indexer.runOnce().catch((err: unknown) => {
        errors.push(err instanceof Error ? err.message : String(err));
        return -1;
      });
    await runOnce();
    await reorg;
    expect(reorg).not.toBeNull();
    const replaced = await plain.call<{ transactions: string[] }>('eth_getBlockByNumber', [`0x${head.toString(16)}`, false]);
    expect(replaced.transactions).toEqual([]);
    for (let i = 0; i < 10 && (await runOnce()) !== 0; i++) {
      /* catch up to the new head */
    }
    expect(errors.length).toBeLessThan(10);
    await verifyAgainstNode(getDb().db, plain);
  });
});

describe('readOnce', () => {
  it('shares one fetch between concurrent callers and leaves out keys without a value', async () => {
    const { readOnce } = await import('../../../server/indexer/balanceSnapshot');
    const cache = new Map<string, Promise<bigint | undefined>>();
    const asked: string[][] = [];
    const fetch = async (keys: string[]) => {
      asked.push(keys);
      await new Promise((r) => setTimeout(r, 5));
      return new Map(keys.filter((k) => k !== 'none').map((k) => [k, BigInt(k.length)] as const));
    };
    const [a, b] = await Promise.all([readOnce(cache, ['ab', 'abc', 'none'], fetch), readOnce(cache, ['abc', 'abcd'], fetch)]);
    expect(asked).toEqual([['ab', 'abc', 'none'], ['abcd']]);
    expect([...a]).toEqual([
      ['ab', 2n],
      ['abc', 3n],
    ]);
    expect([...b]).toEqual([
      ['abc', 3n],
      ['abcd', 4n],
    ]);
  });

  it('a failed fetch rejects every caller waiting for it, and the next call reads the keys again', async () => {
    const { readOnce } = await import('../../../server/indexer/balanceSnapshot');
    const cache = new Map<string, Promise<bigint | undefined>>();
    let fail = true;
    const fetch = async (keys: string[]) => {
      await new Promise((r) => setTimeout(r, 5));
      if (fail) throw new Error('node down');
      return new Map(keys.map((k) => [k, 1n] as const));
    };
    const first = readOnce(cache, ['x', 'y'], fetch);
    const second = readOnce(cache, ['y'], fetch);
    await expect(first).rejects.toThrow('node down');
    await expect(second).rejects.toThrow('node down');
    expect(cache.size).toBe(0);
    fail = false;
    expect([...(await readOnce(cache, ['x', 'y'], fetch))]).toEqual([
      ['x', 1n],
      ['y', 1n],
    ]);
  });
});
