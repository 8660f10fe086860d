/**
 * Blockscout's REST API v2 on the devnet, blocks and transactions: every answer conforms to
 * Blockscout's published OpenAPI (tests/helpers/blockscoutV2.ts) and its values are the node's
 * (hashes, counts, gas, values); lists page with next_page_params to their end; bad input is a
 * 422 and an unknown hash a 404, in Blockscout's words.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { toChecksumHexAddress } from '../../../common/address';
import { BLOCKSCOUT_ROUTES } from '../../../common/api/blockscoutPaths';
import { apiPaths, fillPattern, rawApiPath, type Query } from '../../../common/api/paths';
import { toHexQuantity } from '../../../server/chain/rpc';
import type { RawBlock, RawTransactionReceipt } from '../../../server/chain/types';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';
import { expectBlockscout } from '../../helpers/blockscoutV2';
import { describeEachDatabase } from '../../helpers/db';

type Item = Record<string, unknown>;
type List = { items: Item[]; next_page_params: Query | null };

let chain: IndexedChain;
let blocks: RawBlock[];
beforeAll(async () => {
  chain = await startIndexedChain({ steps: 3 });
  const head = Number(BigInt(await chain.rpc.call<string>('eth_blockNumber')));
  blocks = await chain.rpc.batch<RawBlock>(
    Array.from({ length: head + 1 }, (_, n) => ({ method: 'eth_getBlockByNumber', params: [toHexQuantity(n), true] })),
  );
}, 300_000);
afterAll(() => chain?.stop());

describeEachDatabase('Blockscout REST API v2: blocks and transactions', (getDb) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await chain.api(getDb());
  }, 300_000);
  afterAll(() => api?.close());

  const allTxs = () => blocks.flatMap((b) => b.transactions).reverse();

  /** Every page of a list, following next_page_params as a client does. */
  async function pages(build: (q?: Query) => string, route: Parameters<typeof expectBlockscout>[0]): Promise<Item[]> {
    const out: Item[] = [];
    let query: Query | undefined;
    for (let i = 0; i < 20; i++) {
      const res = await api.get<List>(build(query));
      expectBlockscout(route, res);
      out.push(...res.body.items);
      if (!res.body.next_page_params) return out;
      query = res.body.next_page_params;
    }
    throw new Error('no last page');
  }

  it('stats and the main page agree with the node', async () => {
    const stats = await api.get<Item>(apiPaths.bsStats());
    expectBlockscout('bsStats', stats);
    expect(stats.body.total_blocks).toBe(String(blocks.length));
    expect(stats.body.total_transactions).toBe(String(allTxs().length));
    const main = await api.get<Item[]>(apiPaths.bsMainBlocks());
    expectBlockscout('bsMainBlocks', main);
    expect(main.body.map((b) => b.hash)).toEqual(
      blocks
        .slice(-4)
        .reverse()
        .map((b) => b.hash),
    );
    const txs = await api.get<Item[]>(apiPaths.bsMainTransactions());
    expectBlockscout('bsMainTransactions', txs);
    expect(txs.body.map((t) => t.hash)).toEqual(
      allTxs()
        .slice(0, 6)
        .map((t) => t.hash),
    );
  });

  it('lists every block and every transaction, page after page, as the node has them', async () => {
    const listed = await pages(apiPaths.bsBlocks, 'bsBlocks');
    expect(listed.map((b) => [b.height, b.hash, b.parent_hash, b.gas_used, b.transactions_count])).toEqual(
      [...blocks]
        .reverse()
        .map((b) => [Number(BigInt(b.number)), b.hash, b.parentHash, BigInt(b.gasUsed).toString(), b.transactions.length]),
    );
    const txs = await pages(apiPaths.bsTransactions, 'bsTransactions');
    expect(allTxs().length).toBeGreaterThan(50); // more than one page
    expect(txs.map((t) => [t.hash, t.nonce, t.value, t.gas_limit, t.raw_input])).toEqual(
      allTxs().map((t) => [t.hash, Number(BigInt(t.nonce)), BigInt(t.value).toString(), BigInt(t.gas).toString(), t.input]),
    );
  });

  it('one block by number and by hash, and its transactions', async () => {
    const b = blocks.find((x) => x.transactions.length > 1) as RawBlock;
    const n = Number(BigInt(b.number));
    for (const key of [n, b.hash]) {
      const res = await api.get<Item>(apiPaths.bsBlock(key));
      expectBlockscout('bsBlock', res);
      expect(res.body).toMatchObject({
        height: n,
        hash: b.hash,
        gas_limit: BigInt(b.gasLimit).toString(),
        size: Number(BigInt(b.size ?? '0')),
      });
      expect((res.body.miner as Item).hash).toBe(toChecksumHexAddress(b.miner));
    }
    const txs = await api.get<List>(apiPaths.bsBlockTransactions(n));
    expectBlockscout('bsBlockTransactions', txs);
    expect(txs.body.items.map((t) => t.hash)).toEqual(b.transactions.map((t) => t.hash));
  });

  it('one transaction and its parts, with the receipt’s figures', async () => {
    // A swap: token transfers, logs and internal calls.
    const receipts = (
      await chain.rpc.batch<RawTransactionReceipt[]>(blocks.map((b) => ({ method: 'eth_getBlockReceipts', params: [b.number] })))
    ).flat();
    const swap = receipts.filter((r) => r.logs.length >= 3).at(-1) as RawTransactionReceipt;
    const hash = swap.transactionHash;
    const tx = await api.get<Item>(apiPaths.bsTransaction(hash));
    expectBlockscout('bsTransaction', tx);
    expect(tx.body).toMatchObject({
      hash,
      status: 'ok',
      result: 'success',
      block_number: Number(BigInt(swap.blockNumber)),
      gas_used: BigInt(swap.gasUsed).toString(),
      gas_price: BigInt(swap.effectiveGasPrice ?? '0').toString(),
      fee: { type: 'actual', value: (BigInt(swap.gasUsed) * BigInt(swap.effectiveGasPrice ?? '0')).toString() },
    });
    // The call decoded as the transaction page decodes it (the router's standard signatures).
    expect(tx.body.decoded_input).toMatchObject({ method_call: expect.stringMatching(/^\w+\(/), parameters: expect.any(Array) });
    const transferTopic = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
    const logs = await api.get<List>(apiPaths.bsTxLogs(hash));
    expectBlockscout('bsTxLogs', logs);
    expect(logs.body.items.map((l) => [l.index, l.data])).toEqual(swap.logs.map((l) => [Number(BigInt(l.logIndex)), l.data]));
    const transfers = await api.get<List>(apiPaths.bsTxTokenTransfers(hash));
    expectBlockscout('bsTxTokenTransfers', transfers);
    expect(transfers.body.items.length).toBe(swap.logs.filter((l) => l.topics[0] === transferTopic).length);
    expect((tx.body.token_transfers as Item[]).length).toBe(transfers.body.items.length);
    for (const route of ['bsTxInternal', 'bsTxRawTrace', 'bsTxStateChanges', 'bsTxSummary'] as const) {
      expectBlockscout(route, await api.get(apiPaths[route](hash)));
    }
    const internal = await api.get<List>(apiPaths.bsTxInternal(hash));
    expect(internal.body.items.length).toBeGreaterThan(0);
    const trace = await api.get<Item[]>(apiPaths.bsTxRawTrace(hash));
    expect(trace.body.length).toBe(internal.body.items.length + 1);
    expect(trace.body[0]).toMatchObject({ traceAddress: [], type: 'call' });
    const summary = await api.get<{ data: { summaries: Item[] } }>(apiPaths.bsTxSummary(hash));
    expect(summary.body.data.summaries.length).toBeGreaterThan(0);
  });

  it("answers bad input in Blockscout's words (422, 404), never a 500", async () => {
    const unknown = `0x${'ab'.repeat(32)}`;
    for (const route of ['bsTransaction', 'bsTxLogs', 'bsTxTokenTransfers', 'bsTxInternal', 'bsTxRawTrace', 'bsTxSummary'] as const) {
      expectBlockscout(route, await api.get(apiPaths[route]('0x12')), 422);
      const none = await api.get(apiPaths[route](unknown));
      expect(none, route).toEqual({ statusCode: 404, body: { message: 'Not found' } });
    }
    expectBlockscout('bsBlock', await api.get(apiPaths.bsBlock('nope')), 422);
    expect((await api.get(apiPaths.bsBlock(10_000_000))).statusCode).toBe(404);
    expect((await api.get(apiPaths.bsBlock(unknown))).statusCode).toBe(404);
    expect((await api.get(apiPaths.bsBlocks({ items_count: -1 }))).statusCode).toBe(422);
  });

  it('no input makes any v2 route answer a 5xx', async () => {
    const odd = [
      '0x',
      `r${'g'.repeat(40)}`,
      '%E0%A4%A',
      '-1',
      '1e3',
      '0x1',
      ' ',
      'a'.repeat(300),
      `0x${'0'.repeat(40)}`,
      `0x${'f'.repeat(64)}`,
    ];
    const queries: Query[] = [
      { items_count: 99_999_999 },
      { items_count: '1.5' },
      { items_count: '' },
      { q: '%' },
      { q: '' },
      { q: 'a'.repeat(2000) },
    ];
    const seen: string[] = [];
    for (const name of Object.keys(BLOCKSCOUT_ROUTES) as (keyof typeof BLOCKSCOUT_ROUTES)[]) {
      const pattern = BLOCKSCOUT_ROUTES[name].pattern;
      const urls = pattern.includes(':')
        ? odd.map((v) => rawApiPath(name, ...fillPattern(pattern, { block: v, hash: v, address: v }, false).split('/').slice(3)))
        : queries.map((q) => (apiPaths[name] as (q: Query) => string)(q));
      for (const url of urls) {
        const res = await api.app.inject({ method: 'GET', url });
        if (res.statusCode >= 500) seen.push(`${url.slice(0, 120)}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(seen).toEqual([]);
  });
});
