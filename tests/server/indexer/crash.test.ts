import { TEST_MNEMONIC } from '../../helpers/devKeys';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { RpcClient } from '../../../server/chain/rpc';
import { startDevnet, type Devnet } from '../../../server/chain/devnet';
import { TrafficGenerator } from '../../../server/chain/traffic';
import { openDatabase } from '../../../server/db/database';
import { Indexer } from '../../../server/indexer/indexer';
import { startIndexerWorker } from '../../../server/indexer/runWorker';
import { createTestPgDatabase } from '../../helpers/pg';
import { verifyAgainstNode } from '../../helpers/verifyIndex';
import { TEST_COMPILE_CACHE_DIR } from '../../helpers/compileCache';

let devnet: Devnet;
let rpc: RpcClient;
let dir: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ruby-crash-'));
  devnet = await startDevnet({ dataDir: dir, mnemonic: TEST_MNEMONIC, port: 0, chainId: 18215, blockTime: 0 });
  rpc = new RpcClient(devnet.url, { retries: 1, backoffMs: 50 });
  await rpc.call('evm_setAutomine', [false]);
  const traffic = new TrafficGenerator({ rpcUrl: devnet.url, accounts: devnet.accounts, seed: 11, cacheDir: TEST_COMPILE_CACHE_DIR });
  await traffic.setup();
  for (let i = 0; i < 30; i++) {
    await traffic.step();
    await rpc.call('evm_mine', []);
  }
});

afterAll(async () => {
  await devnet?.stop();
  await fs.rm(dir, { recursive: true, force: true });
});

/** Kill the indexer thread right after its first committed batch, while later ones are in flight. */
async function killMidway(databaseUrl: string | null, dataDir: string | null): Promise<number> {
  const handle = await startIndexerWorker(
    {
      rpcUrl: devnet.url,
      databaseUrl,
      dataDir,
      indexerEnabled: true,
      indexer: { startBlock: 0, batchSize: 2, concurrency: 3, pollMs: 100 },
    },
    () => {},
  );
  const first = await new Promise<number>((resolve) => handle.onBatch((e) => resolve(e.to)));
  await handle.kill();
  return first;
}

it.each([
  ['pglite', async () => ({ url: null, dataDir: path.join(dir, 'pg-embedded'), drop: async () => {} })],
  [
    'pg',
    async () => {
      const t = await createTestPgDatabase();
      return t ? { url: t.url, dataDir: null, drop: t.drop } : null;
    },
  ],
] as const)('%s: killed mid-batch, a restart leaves no gap and no duplicate', async (_kind, make) => {
  const target = await make();
  if (!target) return; // no PostgreSQL server here (CI always has one)
  try {
    const first = await killMidway(target.url, target.dataDir);
    const database = await openDatabase({ databaseUrl: target.url, dataDir: target.dataDir });
    try {
      const st = await database.db.selectFrom('indexer_state').selectAll().executeTakeFirstOrThrow();
      expect(st.last_block).toBeGreaterThanOrEqual(first);
      const head = Number(BigInt(await rpc.call<string>('eth_blockNumber')));
      expect(st.last_block).toBeLessThan(head);
      const indexer = new Indexer({ rpc, db: database.db, batchSize: 5 });
      await indexer.init();
      await indexer.runOnce();
      const v = await verifyAgainstNode(database.db, rpc);
      expect(v.blocks).toBe(head + 1);
    } finally {
      await database.close();
    }
  } finally {
    await target.drop();
  }
});
