/**
 * Stopping the indexer in the middle of a long catch-up (the shutdown's "indexer" step).
 *
 * Indexer.stop() ends a catch-up between batches: the batch being written commits, the prefetched
 * ones are dropped. The product also cancels the indexer's node calls (StoppableRpcClient), so a
 * dead node cannot hold the stop. Either way the database holds whole batches only (checkpoint =
 * highest stored block, no gap).
 */
import { TEST_MNEMONIC } from '../../helpers/devKeys';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startDevnet, type Devnet } from '../../../server/chain/devnet';
import { RpcClient, hexToNumber } from '../../../server/chain/rpc';
import { openDatabase, type Database } from '../../../server/db/database';
import { Indexer } from '../../../server/indexer/indexer';
import { startIndexerWorker } from '../../../server/indexer/runWorker';

const BLOCKS = 1500;
let devnet: Devnet;
let dir: string;
let head: number;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ruby-stop-'));
  devnet = await startDevnet({ dataDir: dir, mnemonic: TEST_MNEMONIC, port: 0, chainId: 18215, blockTime: 0, persist: false });
  const rpc = new RpcClient(devnet.url);
  await rpc.call('anvil_mine', [`0x${BLOCKS.toString(16)}`]);
  head = hexToNumber(await rpc.call<string>('eth_blockNumber'));
});

afterAll(async () => {
  await devnet?.stop();
  await fs.rm(dir, { recursive: true, force: true });
});

/** Whole batches only: the checkpoint is the highest block, and every block up to it is stored once. */
async function consistent(database: Database): Promise<number> {
  const st = await database.db.selectFrom('indexer_state').selectAll().executeTakeFirstOrThrow();
  const r = await database.db
    .selectFrom('blocks')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('number').as('max')])
    .executeTakeFirstOrThrow();
  expect(Number(r.max)).toBe(st.last_block);
  expect(Number(r.n)).toBe((st.last_block ?? -1) + 1);
  return st.last_block ?? -1;
}

it('Indexer.stop() alone ends the catch-up between batches, with whole batches only', async () => {
  const database = await openDatabase({ databaseUrl: null, dataDir: null, migrate: true });
  try {
    const indexer = new Indexer({ rpc: new RpcClient(devnet.url), db: database.db, batchSize: 3, concurrency: 1 });
    await indexer.init();
    const firstBatch = new Promise<void>((r) => {
      indexer.opts.onBatch = () => r();
    });
    indexer.start();
    await firstBatch;
    const t = Date.now();
    await indexer.stop();
    const last = await consistent(database);
    console.log(`Indexer.stop() after the first batch: ${Date.now() - t} ms, stopped at block ${last} of ${head}`);
    expect(last).toBeLessThan(head);
  } finally {
    await database.close();
  }
});

it('the worker stops within its budget mid-catch-up, with whole batches only', async () => {
  const dataDir = path.join(dir, 'pglite');
  const handle = await startIndexerWorker(
    {
      rpcUrl: devnet.url,
      databaseUrl: null,
      dataDir,
      indexerEnabled: true,
      indexer: { startBlock: 0, batchSize: 3, concurrency: 1, pollMs: 100 },
    },
    () => {},
  );
  await new Promise<void>((r) => handle.onBatch(() => r()));
  const t = Date.now();
  const inTime = await handle.stopIndexer(4_000);
  const ms = Date.now() - t;
  await handle.closeDatabase();
  expect(inTime).toBe(true);
  // One commit and the indexer loop's one-second pause after the cancelled round; generous for a busy machine.
  expect(ms).toBeLessThan(4_000);
  const database = await openDatabase({ databaseUrl: null, dataDir, migrate: false });
  try {
    const last = await consistent(database);
    console.log(`worker stopIndexer after the first batch: ${ms} ms, stopped at block ${last} of ${head}`);
    expect(last).toBeLessThan(head);
  } finally {
    await database.close();
  }
});
