import { TEST_MNEMONIC } from '../../helpers/devKeys';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { RpcClient } from '../../../server/chain/rpc';
import { startDevnet, type Devnet } from '../../../server/chain/devnet';
import { TrafficGenerator } from '../../../server/chain/traffic';
import { Indexer } from '../../../server/indexer/indexer';
import { describeEachDatabase } from '../../helpers/db';
import { snapshotTables, verifyAgainstNode } from '../../helpers/verifyIndex';
import { TEST_COMPILE_CACHE_DIR } from '../../helpers/compileCache';

let devnet: Devnet;
let rpc: RpcClient;
let dir: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ruby-indexer-'));
  devnet = await startDevnet({ dataDir: dir, mnemonic: TEST_MNEMONIC, port: 0, chainId: 18215, blockTime: 0 });
  rpc = new RpcClient(devnet.url, { retries: 1, backoffMs: 50 });
  await rpc.call('evm_setAutomine', [false]);
  const traffic = new TrafficGenerator({ rpcUrl: devnet.url, accounts: devnet.accounts, seed: 7, cacheDir: TEST_COMPILE_CACHE_DIR });
  await traffic.setup();
  for (let i = 0; i < 10; i++) {
    await traffic.step();
    await rpc.call('evm_mine', []);
  }
});

afterAll(async () => {
  await devnet?.stop();
  await fs.rm(dir, { recursive: true, force: true });
});

describeEachDatabase('indexer', (getDb) => {
  it('indexes every block so the database agrees with the node', async () => {
    const indexer = new Indexer({ rpc, db: getDb().db, batchSize: 4, concurrency: 2 });
    await indexer.init();
    const n = await indexer.runOnce();
    expect(n).toBeGreaterThan(10);
    const v = await verifyAgainstNode(getDb().db, rpc);
    expect(v.txs).toBeGreaterThan(50);
    expect(v.internal).toBeGreaterThan(0);
    expect(v.holders).toBeGreaterThan(0);
    const tokens = await getDb()
      .db.selectFrom('contracts')
      .select(['address', 'contract_type', 'symbol'])
      .where('contract_type', '=', 'rbc20')
      .execute();
    expect(tokens.map((t) => t.symbol)).toEqual(expect.arrayContaining(['RGLD', 'RUSD']));
    const types = await getDb().db.selectFrom('transactions').select('tx_type').distinct().execute();
    expect(types.map((t) => t.tx_type).sort()).toEqual([0, 1, 2, 3]);
    expect(indexer.status().catchingUp).toBe(false);
  });

  it('indexing blocks again leaves the same rows', async () => {
    const before = await snapshotTables(getDb().db);
    const indexer = new Indexer({ rpc, db: getDb().db, batchSize: 3 });
    await indexer.init();
    const head = (await getDb().db.selectFrom('indexer_state').select('last_block').executeTakeFirstOrThrow()).last_block as number;
    await indexer.indexRange(5, head);
    expect(await snapshotTables(getDb().db)).toEqual(before);
  });

  it('a reorg of depth 3 leaves the database matching the new canonical chain', async () => {
    const head = Number(BigInt(await rpc.call<string>('eth_blockNumber')));
    const old = await getDb()
      .db.selectFrom('blocks')
      .select('hash')
      .where('number', '=', head - 2)
      .executeTakeFirstOrThrow();
    await rpc.call('anvil_reorg', [3, []]);
    const replaced = await rpc.call<{ hash: string }>('eth_getBlockByNumber', [`0x${(head - 2).toString(16)}`, false]);
    expect(replaced.hash.toLowerCase()).not.toBe(old.hash);
    const after = Number(BigInt(await rpc.call<string>('eth_blockNumber')));
    expect(after).toBe(head);
    const indexer = new Indexer({ rpc, db: getDb().db, batchSize: 4 });
    await indexer.init();
    await indexer.runOnce(); // detects the replaced tip and rolls back
    await indexer.runOnce(); // re-indexes the new blocks
    await verifyAgainstNode(getDb().db, rpc);
  });

  it('sizes batches by transactions: big blocks make short batches, a generous budget long ones', async () => {
    const head = Number(BigInt(await rpc.call<string>('eth_blockNumber')));
    const sizes = async (batchTxs: number) => {
      const seen: number[] = [];
      const indexer = new Indexer({
        rpc,
        db: getDb().db,
        batchSize: 8,
        batchTxs,
        concurrency: 1,
        onBatch: (e) => seen.push(e.to - e.from + 1),
      });
      await indexer.init();
      await indexer.indexRange(1, head);
      return seen;
    };
    // Before any block is seen: a fifth of batchSize. Then these blocks (several transactions
    // each) fit one per batch within 1 transaction, and 8 (the most) within a billion.
    const small = await sizes(1);
    expect(small[0]).toBe(2);
    expect(new Set(small.slice(1))).toEqual(new Set([1]));
    const big = await sizes(1e9);
    expect(big[0]).toBe(2);
    expect(big.slice(1, -1).every((n) => n === 8)).toBe(true);
    expect(big.reduce((a, b) => a + b, 0)).toBe(head);
    await verifyAgainstNode(getDb().db, rpc);
  });
});

it('balanceKeys() names exactly the addresses and holders transform() touches', async () => {
  const { BlockFetcher } = await import('../../../server/indexer/fetch');
  const { balanceKeys, transform } = await import('../../../server/indexer/transform');
  const head = Number(BigInt(await rpc.call<string>('eth_blockNumber')));
  const blocks = await new BlockFetcher(rpc).fetchRange(0, head);
  const none = { isContract: () => false, isToken: () => false, abi: () => undefined };
  const rows = transform(blocks, none);
  const keys = balanceKeys(blocks);
  expect(rows.tokenHolders.size).toBeGreaterThan(0);
  expect([...keys.touched].sort()).toEqual([...rows.touched].sort());
  expect([...keys.tokenHolders].sort()).toEqual([...rows.tokenHolders].sort());
});
