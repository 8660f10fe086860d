/**
 * EIP-4895 withdrawals (issue #28), from a node double whose blocks carry them (anvil's carry
 * none): stored with index, validator index, address and amount, credited to the stored
 * balances, and removed again by a rollback.
 */
import { TEST_MNEMONIC } from '../helpers/devKeys';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApi } from '../../server/api/server';
import { rubyAddress } from '../../server/core/format';
import { startDevnet, type Devnet } from '../../server/chain/devnet';
import { loadConfig } from '../../server/config';
import { LocalBus } from '../../server/events';
import { RpcClient } from '../../server/chain/rpc';
import { openDatabase, type Database } from '../../server/db/database';
import { Indexer } from '../../server/indexer/indexer';
import { rollbackFrom } from '../../server/indexer/rollback';
import { startPlainNode, type PlainNode } from '../helpers/plainNode';
import { apiPaths } from '../../common/api/paths';

const A = '0x00000000000000000000000000000000000a11ce';
const B = '0x0000000000000000000000000000000000000b0b';
const withdrawals = new Map([
  [3, [{ index: 0, validatorIndex: 7, address: A, amountGwei: 32_000_000_000n }]],
  [
    5,
    [
      { index: 1, validatorIndex: 7, address: A, amountGwei: 1_500_000n },
      { index: 2, validatorIndex: 9, address: B, amountGwei: 2n },
    ],
  ],
]);

let devnet: Devnet;
let plain: PlainNode;
let dir: string;
let database: Database;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ruby-withdrawals-'));
  devnet = await startDevnet({ dataDir: dir, mnemonic: TEST_MNEMONIC, port: 0, chainId: 18215, blockTime: 0 });
  await new RpcClient(devnet.url).call('anvil_mine', ['0x8']);
  plain = await startPlainNode({ upstream: devnet.url, withdrawals });
  database = await openDatabase({ databaseUrl: null, dataDir: null });
}, 120_000);

afterAll(async () => {
  await database?.close();
  await plain?.close();
  await devnet?.stop();
  await fs.rm(dir, { recursive: true, force: true });
});

it('indexes withdrawals, credits them to balances, and rolls them back', async () => {
  const indexer = new Indexer({ rpc: new RpcClient(plain.url, { retries: 1 }), db: database.db, batchSize: 3 });
  await indexer.init();
  await indexer.runOnce();
  const rows = await database.db.selectFrom('withdrawals').selectAll().orderBy('block_number').orderBy('position').execute();
  expect(rows.map((r) => [r.block_number, r.position, r.withdrawal_index, r.validator_index, r.address, r.amount])).toEqual([
    [3, 0, '0', '7', A, (32_000_000_000n * 10n ** 9n).toString()],
    [5, 0, '1', '7', A, (1_500_000n * 10n ** 9n).toString()],
    [5, 1, '2', '9', B, (2n * 10n ** 9n).toString()],
  ]);
  const balances = await database.db
    .selectFrom('addresses')
    .select(['address', 'balance', 'tx_count', 'first_block'])
    .where('address', 'in', [A, B])
    .orderBy('address')
    .execute();
  expect(balances).toEqual([
    { address: B, balance: (2n * 10n ** 9n).toString(), tx_count: 0, first_block: 5 },
    { address: A, balance: ((32_000_000_000n + 1_500_000n) * 10n ** 9n).toString(), tx_count: 0, first_block: 3 },
  ]);

  // The API lists them by address (newest first) and by block (in block order).
  const bus = new LocalBus();
  const { app } = await buildApi({
    config: loadConfig({ DATA_DIR: dir, RUBY_RPC_URL: plain.url }),
    db: database,
    bus,
    rpcUrl: plain.url,
    indexerStatus: () => indexer.status(),
    log: () => {},
    distDir: path.join(dir, 'no-dist'),
  });
  try {
    const get = async <T>(url: string) => (await app.inject({ method: 'GET', url })).json<T>();
    type List = {
      result: { blockNumber: number; index: string; validatorIndex: string; address: string; amountWei: string }[];
      totalTransactions?: number;
    };
    const byAddress = await get<List>(apiPaths.withdrawals({ address: rubyAddress(A), page: 1, size: 20 }));
    expect(byAddress.totalTransactions).toBe(2);
    expect(byAddress.result.map((w) => [w.blockNumber, w.index, w.address])).toEqual([
      [5, '1', rubyAddress(A)],
      [3, '0', rubyAddress(A)],
    ]);
    const byBlock = await get<List>(apiPaths.blockWithdrawals(5));
    expect(byBlock.result.map((w) => [w.index, w.validatorIndex, w.amountWei])).toEqual([
      ['1', '7', (1_500_000n * 10n ** 9n).toString()],
      ['2', '9', (2n * 10n ** 9n).toString()],
    ]);
    expect((await get<List>(apiPaths.blockWithdrawals(4))).result).toEqual([]);
    expect((await app.inject({ method: 'GET', url: apiPaths.withdrawals({ address: 'nope', page: 1, size: 20 }) })).statusCode).toBe(400);
  } finally {
    await app.close();
    await bus.close();
  }

  const r = await database.db.transaction().execute((tx) => rollbackFrom(tx, 4));
  expect(r.touched).toEqual(expect.arrayContaining([A, B]));
  const left = await database.db.selectFrom('withdrawals').select('block_number').execute();
  expect(left.map((w) => w.block_number)).toEqual([3]);
});
