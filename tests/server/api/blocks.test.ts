import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BlockDetailResponse, BlocksPage, LatestBlocksResponse, BlockChartResponse } from '../../../common/api/blocks';
import type { AllTransactionsPage } from '../../../common/api/transactions';
import { toRubyAddress } from '../../../common/address';
import { hexToNumber } from '../../../server/chain/rpc';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';
import { describeEachDatabase } from '../../helpers/db';
import { apiPaths, openApiPaths } from '../../../common/api/paths';

let chain: IndexedChain;
beforeAll(async () => {
  chain = await startIndexedChain({ steps: 6 });
});
afterAll(() => chain?.stop());

interface NodeBlock {
  number: string;
  hash: string;
  miner: string;
  gasUsed: string;
  size: string;
  transactions: string[];
}

describeEachDatabase('blocks API', (getDb) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await chain.api(getDb());
  });
  afterAll(() => api?.close());

  it('lists blocks newest first with page totals that agree with the node', async () => {
    const head = hexToNumber(await chain.rpc.call<string>('eth_blockNumber'));
    const res = await api.get<BlocksPage>(apiPaths.blocks({ page: 1, size: 5 }));
    expect(res.statusCode).toBe(200);
    expect(res.body.status).toBe(true);
    expect(res.body.result.map((b) => b.blockNumber)).toEqual([head, head - 1, head - 2, head - 3, head - 4]);
    expect(res.body).toMatchObject({ totalTransactions: head + 1, totalPages: Math.ceil((head + 1) / 5), currentPage: 1 });
    const node = await chain.rpc.call<NodeBlock>('eth_getBlockByNumber', [`0x${head.toString(16)}`, false]);
    const first = res.body.result[0]!;
    expect(first.blockHash).toBe(node.hash);
    expect(first.Trx).toBe(node.transactions.length);
    expect(first.miner).toBe(toRubyAddress(node.miner));
    expect(first.size).toBe(hexToNumber(node.size));
    // The last page holds block 0; past it, an empty list.
    const last = await api.get<BlocksPage>(apiPaths.blocks({ page: Math.ceil((head + 1) / 5), size: 5 }));
    expect(last.body.result.at(-1)?.blockNumber).toBe(0);
    const past = await api.get<BlocksPage>(apiPaths.blocks({ page: Math.ceil((head + 1) / 5) + 1, size: 5 }));
    expect(past.body.result).toEqual([]);
  });

  it('answers one block by number and by hash, with its transactions', async () => {
    const head = hexToNumber(await chain.rpc.call<string>('eth_blockNumber'));
    const node = await chain.rpc.call<NodeBlock>('eth_getBlockByNumber', [`0x${head.toString(16)}`, false]);
    const byNumber = await api.get<BlockDetailResponse>(apiPaths.block(head));
    expect(byNumber.statusCode).toBe(200);
    expect(byNumber.body.result).toMatchObject({
      number: head,
      hash: node.hash,
      totaltransaction: node.transactions.length,
      gasUsed: BigInt(node.gasUsed).toString(),
    });
    expect(byNumber.body.blockdata).toEqual(byNumber.body.result);
    expect(byNumber.body.transactionData.map((t) => t.hash)).toEqual(node.transactions);
    const byHash = await api.get<BlockDetailResponse>(apiPaths.block(node.hash.toUpperCase().replace('0X', '0x')));
    expect(byHash.body.result.number).toBe(head);
  });

  it("a block's transactions show what a token transfer moved, as the all-transactions list does (issue #38 item 16)", async () => {
    const all = await api.get<AllTransactionsPage>(apiPaths.allTx({ page: 1, size: 200 }));
    const moved = all.body.result.filter((t) => t.tokenValueWei !== undefined);
    expect(moved.length).toBeGreaterThan(0);
    for (const listed of moved.slice(0, 5)) {
      const block = await api.get<BlockDetailResponse>(apiPaths.block(listed.blockNumber));
      const inBlock = block.body.transactionData.find((t) => t.hash === listed.hash);
      // The same row in both lists, field for field: the block's tab once read '0 RUBY' where the list read '337 RUSD'.
      expect(inBlock).toEqual(listed);
    }
  });

  it('rejects malformed input with 400 and unknown blocks with 404', async () => {
    for (const url of [
      apiPaths.blocks({ page: 0, size: 20 }),
      apiPaths.blocks({ page: 1, size: 0 }),
      apiPaths.blocks({ page: 'abc', size: 20 }),
      apiPaths.blocks({ page: 1, size: 201 }),
      apiPaths.blocks({ page: '-1', size: 20 }),
      apiPaths.block('12x'),
      apiPaths.block('0x12zz'),
    ]) {
      const res = await api.get<{ status: boolean; message: string }>(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.body.status).toBe(false);
      expect(res.body.message).toMatch(/Invalid/);
    }
    const missing = await api.get<{ status: boolean; message: string }>(apiPaths.block(99999999));
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toEqual({ status: false, message: 'Block 99999999 not found' });
    const unknown = await api.get<{ status: boolean; message: string }>('/api/nothing/here');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body.status).toBe(false);
  });

  it('latest blocks and the block chart are cached per block and move on with a new block', async () => {
    const before = await api.get<LatestBlocksResponse>(apiPaths.latestBlocks());
    const chart = await api.get<BlockChartResponse>(apiPaths.blockChart());
    expect(chart.body.result.at(-1)?.blockNumber).toBe(before.body.result[0]?.blockNumber);
    const mined = await api.mine();
    const after = await api.get<LatestBlocksResponse>(apiPaths.latestBlocks());
    expect(after.body.result[0]?.blockNumber).toBe(mined);
    const chart2 = await api.get<BlockChartResponse>(apiPaths.blockChart());
    expect(chart2.body.result.at(-1)).toMatchObject({ blockNumber: mined });
  });

  it('publishes an OpenAPI document of the routes', async () => {
    const res = await api.get<{ openapi: string; paths: Record<string, unknown> }>(apiPaths.openapi());
    expect(res.statusCode).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining([openApiPaths.blocks, openApiPaths.block]));
  });
});
