import { formatEther } from 'ethers';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { HomePageResponse, RubyPriceResponse } from '../../../common/api/home';
import { loadConfig } from '../../../server/config';
import { hexToBigInt, hexToNumber, toHexQuantity } from '../../../server/chain/rpc';
import { buildApi } from '../../../server/api/server';
import { LocalBus } from '../../../server/events';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';
import { describeEachDatabase } from '../../helpers/db';
import { apiPaths } from '../../../common/api/paths';

let chain: IndexedChain;
beforeAll(async () => {
  chain = await startIndexedChain({ steps: 10 });
});
afterAll(() => chain?.stop());

interface NodeBlock {
  number: string;
  timestamp: string;
  transactions: string[];
}
interface NodeReceipt {
  gasUsed: string;
  effectiveGasPrice: string;
}

/** What the node says the home data should be. */
async function nodeStats() {
  const head = hexToNumber(await chain.rpc.call<string>('eth_blockNumber'));
  const numbers = Array.from({ length: head + 1 }, (_, n) => n);
  const blocks = await chain.rpc.batch<NodeBlock>(
    numbers.map((n) => ({ method: 'eth_getBlockByNumber', params: [toHexQuantity(n), false] })),
  );
  const receipts = (
    await chain.rpc.batch<NodeReceipt[]>(numbers.map((n) => ({ method: 'eth_getBlockReceipts', params: [toHexQuantity(n)] })))
  ).flat();
  const fees = receipts.reduce((s, x) => s + hexToBigInt(x.gasUsed) * hexToBigInt(x.effectiveGasPrice), 0n);
  const txs = blocks.reduce((s, b) => s + b.transactions.length, 0);
  const from = blocks[Math.max(0, head - 100)]!;
  const avgBlockTime =
    head === 0 ? 0 : Math.round((hexToNumber(blocks[head]!.timestamp) - hexToNumber(from.timestamp)) / (head - hexToNumber(from.number)));
  const gasPrice = hexToBigInt(await chain.rpc.call<string>('eth_gasPrice'));
  const pool = await chain.rpc.call<{ pending: string }>('txpool_status');
  return { head, txs, fees, avgBlockTime, gasPrice, pending: hexToNumber(pool.pending) };
}

describeEachDatabase('home API', (getDb) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await chain.api(getDb());
  });
  afterAll(() => api?.close());
  /** Announces the indexed head again, which clears the per-block cache. */
  const refresh = () => {
    const st = api.indexer.status();
    api.bus.publish({ type: 'blocks', from: st.indexedBlock ?? 0, to: st.indexedBlock ?? 0, hash: '', head: st.head, txCount: 0 });
  };

  it('the home data agrees with the node and the database', async () => {
    const node = await nodeStats();
    const res = await api.get<HomePageResponse>(apiPaths.homeData());
    expect(res.statusCode).toBe(200);
    expect(res.body.status).toBe(true);
    const addresses = await getDb()
      .db.selectFrom('addresses')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const avgFee = node.fees / BigInt(node.txs);
    expect(res.body.result).toEqual({
      latestBlockNumber: node.head,
      trx_length: node.txs,
      totaladdress: Number(addresses.n),
      // The devnet's whole chain is younger than a day.
      twentyFourHoursAgotxn: node.txs,
      totalFees24Hours: Number(formatEther(node.fees)),
      totalFees24HoursWei: node.fees.toString(),
      avgFee24Hours: Number(formatEther(avgFee)),
      avgFee24HoursWei: avgFee.toString(),
      fee: Number(formatEther(node.gasPrice * 21000n)),
      feeWei: (node.gasPrice * 21000n).toString(),
      gasPriceWei: node.gasPrice.toString(),
      pendingTransactions: node.pending,
      avgBlockTime: node.avgBlockTime,
      rubyprice: 0.25,
      nodeReachable: true,
      nodeDataAsOf: expect.any(Number),
      nodeDataAge: expect.any(Number),
    });
    expect(Number(addresses.n)).toBeGreaterThan(10);
    // The node's values were read just now.
    expect(res.body.result.nodeDataAge).toBeLessThanOrEqual(5);
    expect(Math.abs((res.body.result.nodeDataAsOf ?? 0) - Date.now() / 1000)).toBeLessThanOrEqual(5);
  });

  it('is computed once per block and moves on with a new block', async () => {
    const before = (await api.get<HomePageResponse>(apiPaths.homeData())).body.result;
    // Cached: a row the indexer did not write is not seen until the next block.
    const again = (await api.get<HomePageResponse>(apiPaths.homeData())).body.result;
    expect(again).toEqual(before);
    const mined = await api.mine();
    const block = await chain.rpc.call<NodeBlock>('eth_getBlockByNumber', [toHexQuantity(mined), false]);
    const after = (await api.get<HomePageResponse>(apiPaths.homeData())).body.result;
    expect(after.latestBlockNumber).toBe(mined);
    expect(after.trx_length).toBe(before.trx_length + block.transactions.length);
    expect(after.twentyFourHoursAgotxn).toBe(before.twentyFourHoursAgotxn + block.transactions.length);
    expect(BigInt(after.totalFees24HoursWei)).toBeGreaterThan(BigInt(before.totalFees24HoursWei));
  });

  it('counts the pending pool of the node', async () => {
    // A transaction sent but not mined (the test devnet mines only on demand).
    const [from] = await chain.rpc.call<string[]>('eth_accounts');
    const hash = await chain.rpc.call<string>('eth_sendTransaction', [{ from, to: from, value: '0x1' }]);
    try {
      const pool = await chain.rpc.call<{ pending: string }>('txpool_status');
      expect(hexToNumber(pool.pending)).toBeGreaterThan(0);
      refresh();
      // A read slower than NODE_WAIT_MS answers with the last-known count and serves the next request.
      await expect
        .poll(async () => (await api.get<HomePageResponse>(apiPaths.homeData())).body.result.pendingTransactions, { timeout: 10_000 })
        .toBe(hexToNumber(pool.pending));
    } finally {
      await chain.rpc.call('evm_mine', []);
      await api.indexer.runOnce();
      expect(await chain.rpc.call('eth_getTransactionReceipt', [hash])).toBeTruthy();
    }
  });

  it('answers the price and the gas fee of a coin transfer', async () => {
    refresh();
    const gasPrice = hexToBigInt(await chain.rpc.call<string>('eth_gasPrice'));
    const res = await api.get<RubyPriceResponse>(apiPaths.rubyPrice());
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({
      status: true,
      result: { price: 0.25 },
      fee: Number(formatEther(gasPrice * 21000n)),
      feeWei: (gasPrice * 21000n).toString(),
      gasPriceWei: gasPrice.toString(),
      nodeReachable: true,
      nodeDataAsOf: expect.any(Number),
      nodeDataAge: expect.any(Number),
    });
  });

  it('without the node, answers from the database with null gas fee and pending count (never a 5xx)', async () => {
    const config = { ...loadConfig({ DATA_DIR: chain.dir }), price: { fixedUsd: 1.5, url: null, pollSeconds: 60 } };
    const bus = new LocalBus();
    const { app } = await buildApi({
      config,
      db: getDb(),
      bus,
      rpcUrl: 'http://127.0.0.1:9',
      indexerStatus: () => api.indexer.status(),
      log: () => {},
      distDir: path.join(chain.dir, 'no-dist'),
    });
    try {
      const home = await app.inject({ method: 'GET', url: apiPaths.homeData() });
      expect(home.statusCode).toBe(200);
      const body = home.json<HomePageResponse>();
      expect(body.result).toMatchObject({
        fee: null,
        feeWei: null,
        gasPriceWei: null,
        pendingTransactions: null,
        rubyprice: 1.5,
        nodeDataAsOf: null,
        nodeDataAge: null,
      });
      expect(body.result.latestBlockNumber).toBe(api.indexer.status().indexedBlock);
      const price = await app.inject({ method: 'GET', url: apiPaths.rubyPrice() });
      expect(price.statusCode).toBe(200);
      expect(price.json()).toEqual({
        status: true,
        result: { price: 1.5 },
        fee: null,
        feeWei: null,
        gasPriceWei: null,
        nodeReachable: expect.any(Boolean),
        nodeDataAsOf: null,
        nodeDataAge: null,
      });
      // The probe and the failed calls open the breaker: the answers then say the node is down.
      await expect
        .poll(async () => (await app.inject({ method: 'GET', url: apiPaths.rubyPrice() })).json<RubyPriceResponse>().nodeReachable, {
          timeout: 15_000,
        })
        .toBe(false);
    } finally {
      await app.close();
      await bus.close();
    }
  });

  it('between blocks, a request never waits for the stats to be recomputed: it gets those of the same block meanwhile', async () => {
    refresh();
    const before = (await api.get<HomePageResponse>(apiPaths.homeData())).body.result;
    // A row no indexer wrote, then the same block announced again: the recomputation starts.
    const stray = '0x00000000000000000000000000000000000000ee';
    await getDb().db.insertInto('addresses').values({ address: stray, first_block: 0, last_block: 0 }).execute();
    try {
      refresh();
      const meanwhile = (await api.get<HomePageResponse>(apiPaths.homeData())).body.result;
      expect(meanwhile.totaladdress).toBe(before.totaladdress);
      await expect
        .poll(async () => (await api.get<HomePageResponse>(apiPaths.homeData())).body.result.totaladdress, { timeout: 10_000 })
        .toBe(before.totaladdress + 1);
    } finally {
      await getDb().db.deleteFrom('addresses').where('address', '=', stray).execute();
      refresh();
    }
  });

  it('publishes the routes in the OpenAPI document', async () => {
    const res = await api.get<{ paths: Record<string, unknown> }>(apiPaths.openapi());
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining([apiPaths.homeData(), apiPaths.rubyPrice()]));
  });
});
