import { Interface } from 'ethers';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { toRubyAddress } from '../../../common/address';
import type { AllTransactionsPage, CallTrace, TransactionDetailResponse } from '../../../common/api/transactions';
import { TX_TYPE_LABELS } from '../../../common/spec';
import { hexToBigInt, hexToNumber, toHexQuantity } from '../../../server/chain/rpc';
import { erc20, router } from '../../../server/chain/trafficContracts';
import type { Deployment } from '../../../server/chain/traffic';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';
import { describeEachDatabase } from '../../helpers/db';
import { apiPaths, openApiPaths, rawApiPath } from '../../../common/api/paths';

let chain: IndexedChain;
let deployment: Deployment;
beforeAll(async () => {
  chain = await startIndexedChain({ steps: 10 });
  deployment = await chain.traffic.setup();
});
afterAll(() => chain?.stop());

interface NodeTx {
  hash: string;
  from: string;
  to: string | null;
  value: string;
  gas: string;
  input: string;
  nonce: string;
  type: string;
  chainId?: string;
  blockNumber: string;
  blockHash: string;
  transactionIndex: string;
  v?: string;
  r?: string;
  s?: string;
}
interface NodeLog {
  address: string;
  topics: string[];
  data: string;
  logIndex: string;
}
interface NodeReceipt {
  status: string;
  gasUsed: string;
  effectiveGasPrice: string;
  contractAddress: string | null;
  logs: NodeLog[];
}
interface NodeFrame {
  type: string;
  from: string;
  to?: string;
  value?: string;
  input?: string;
  output?: string;
  error?: string;
  calls?: NodeFrame[];
}

const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const splitter = new Interface(['function distribute(address[] recipients) payable']);

/** Every transaction hash of the chain, newest first (block desc, index desc). */
async function nodeHashesNewestFirst(): Promise<string[]> {
  const head = hexToNumber(await chain.rpc.call<string>('eth_blockNumber'));
  const blocks = await chain.rpc.batch<{ transactions: string[] }>(
    Array.from({ length: head + 1 }, (_, n) => ({ method: 'eth_getBlockByNumber', params: [toHexQuantity(n), false] })),
  );
  return blocks.flatMap((b) => b.transactions).reverse();
}

async function nodeTx(hash: string): Promise<{ tx: NodeTx; receipt: NodeReceipt }> {
  const [tx, receipt] = await chain.rpc.batch<NodeTx | NodeReceipt>([
    { method: 'eth_getTransactionByHash', params: [hash] },
    { method: 'eth_getTransactionReceipt', params: [hash] },
  ]);
  return { tx: tx as NodeTx, receipt: receipt as NodeReceipt };
}

const topicAddress = (t: string | undefined) => `0x${(t ?? '').slice(26)}`;
const r = (a: string) => toRubyAddress(a);

describeEachDatabase('transactions API', (getDb) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await chain.api(getDb());
  });
  afterAll(() => api?.close());

  /** Hashes of the indexed transactions matching a condition, oldest first. */
  async function find(where: (q: ReturnType<typeof baseQuery>) => ReturnType<typeof baseQuery>): Promise<string[]> {
    const rows = await where(baseQuery()).orderBy('block_number', 'asc').orderBy('tx_index', 'asc').execute();
    return rows.map((x) => x.hash);
  }
  function baseQuery() {
    return getDb().db.selectFrom('transactions').select('hash');
  }
  async function detail(hash: string) {
    const res = await api.get<TransactionDetailResponse>(apiPaths.txData(hash));
    expect(res.statusCode, hash).toBe(200);
    expect(res.body.status).toBe(true);
    return res.body.result;
  }

  it('lists every transaction newest first; the pages tile the whole list from both ends', async () => {
    const all = await nodeHashesNewestFirst();
    expect(all.length).toBeGreaterThan(50);
    const first = await api.get<AllTransactionsPage>(apiPaths.allTx({ page: 1, size: 5 }));
    expect(first.statusCode).toBe(200);
    expect(first.body).toMatchObject({
      status: true,
      totalTransactions: all.length,
      totalPages: Math.ceil(all.length / 5),
      currentPage: 1,
    });
    expect(first.body.result.map((t) => t.hash)).toEqual(all.slice(0, 5));
    const item = first.body.result[0]!;
    const { tx, receipt } = await nodeTx(item.hash);
    expect(item).toMatchObject({
      blockNumber: hexToNumber(tx.blockNumber),
      transactionIndex: hexToNumber(tx.transactionIndex),
      from: r(tx.from),
      valueWei: hexToBigInt(tx.value).toString(),
      feeWei: (hexToBigInt(receipt.gasUsed) * hexToBigInt(receipt.effectiveGasPrice)).toString(),
      status: hexToNumber(receipt.status),
    });

    // Pages of 7: the early ones walk down from the newest, the late ones up from the oldest.
    const size = 7;
    const pages = Math.ceil(all.length / size);
    const seen: string[] = [];
    for (let p = 1; p <= pages; p++) {
      const res = await api.get<AllTransactionsPage>(apiPaths.allTx({ page: p, size }));
      expect(res.body.currentPage).toBe(p);
      expect(res.body.totalPages).toBe(pages);
      seen.push(...res.body.result.map((t) => t.hash));
    }
    expect(seen).toEqual(all);
    const past = await api.get<AllTransactionsPage>(apiPaths.allTx({ page: pages + 1, size }));
    expect(past.statusCode).toBe(200);
    expect(past.body.result).toEqual([]);
    const big = await api.get<AllTransactionsPage>(apiPaths.allTx({ page: 1, size: 200 }));
    expect(big.body.result.map((t) => t.hash)).toEqual(all.slice(0, 200));
  });

  it('rejects malformed pages and hashes with 400 and answers 404 for an unknown transaction', async () => {
    for (const url of [
      apiPaths.allTx({ page: 0, size: 20 }),
      apiPaths.allTx({ page: 1, size: 0 }),
      apiPaths.allTx({ page: 'x', size: 20 }),
      apiPaths.allTx({ page: 1, size: 201 }),
      apiPaths.txData('0x123'),
      apiPaths.txData('abc'),
      apiPaths.txData(`0x${'g'.repeat(64)}`),
      apiPaths.txData(`0x${'a'.repeat(65)}`),
    ]) {
      const res = await api.get<{ status: boolean; message: string }>(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.body.status).toBe(false);
      expect(res.body.message).toMatch(/Invalid/);
    }
    // What the router itself refuses (an over-long parameter, a bad % escape) gets the same JSON error body.
    for (const [url, code] of [
      [apiPaths.txData(`0x${'a'.repeat(10_000)}`), 414],
      [rawApiPath('txData', '%E0%A4%A'), 400],
    ] as const) {
      const res = await api.get<{ status: boolean; message: string }>(url);
      expect(res.statusCode).toBe(code);
      expect(res.body).toEqual({ status: false, message: expect.stringMatching(/^Invalid request/) });
    }
    const unknown = `0x${'ab'.repeat(32)}`;
    const missing = await api.get<{ status: boolean; message: string }>(apiPaths.txData(unknown.toUpperCase().replace('0X', '0x')));
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toEqual({ status: false, message: `Transaction ${unknown} not found` });
  });

  it('a transaction of each kind agrees with the node: fee = gasUsed × effectiveGasPrice, status, block, fields', async () => {
    const samples = [
      ...(await find((q) => q.where('tx_type', '=', 0).limit(1))),
      ...(await find((q) => q.where('tx_type', '=', 1).limit(1))),
      ...(await find((q) => q.where('tx_type', '=', 2).limit(1))),
      ...(await find((q) => q.where('tx_type', '=', 3).limit(1))),
      ...(await find((q) => q.where('status', '=', 0).limit(1))),
    ];
    expect(samples.length).toBe(5);
    for (const hash of samples) {
      const d = await detail(hash);
      const { tx, receipt } = await nodeTx(hash);
      const block = await chain.rpc.call<{ hash: string; timestamp: string }>('eth_getBlockByNumber', [tx.blockNumber, false]);
      const fee = hexToBigInt(receipt.gasUsed) * hexToBigInt(receipt.effectiveGasPrice);
      expect(d).toMatchObject({
        hash,
        status: hexToNumber(receipt.status),
        blockNumber: hexToNumber(tx.blockNumber),
        blockHash: tx.blockHash,
        timestamp: hexToNumber(block.timestamp),
        createdAt: new Date(hexToNumber(block.timestamp) * 1000).toISOString(),
        from: r(tx.from),
        to: tx.to ? r(tx.to) : null,
        valueWei: hexToBigInt(tx.value).toString(),
        feeWei: fee.toString(),
        gas: hexToBigInt(tx.gas).toString(),
        gasLimit: hexToBigInt(tx.gas).toString(),
        gasUsed: hexToBigInt(receipt.gasUsed).toString(),
        gasPriceWei: hexToBigInt(receipt.effectiveGasPrice).toString(),
        nonce: hexToNumber(tx.nonce),
        transactionIndex: hexToNumber(tx.transactionIndex),
        input: tx.input,
        type: hexToNumber(tx.type),
        chainId: 18215,
        r: tx.r,
        s: tx.s,
      });
      expect(d.fee).toBeCloseTo(Number(fee) / 1e18, 15);
      expect(d.transactionType).toBe(TX_TYPE_LABELS[d.transactiontype as 0 | 1 | 2 | 3]);
      expect(d.contractAddress).toBe(receipt.contractAddress ? r(receipt.contractAddress) : null);
      // The token transfers are the receipt's Transfer events.
      const transfers = receipt.logs.filter((l) => l.topics[0] === TRANSFER);
      expect(d.tokenTransfers.map((t) => [t.logIndex, t.tokenAddress, t.from, t.to])).toEqual(
        transfers.map((l) => [hexToNumber(l.logIndex), r(l.address), r(topicAddress(l.topics[1])), r(topicAddress(l.topics[2]))]),
      );
      // The trace's top frame is the transaction itself.
      expect(d.rawTrace).toMatchObject({
        type: tx.to ? 'CALL' : 'CREATE',
        from: r(tx.from),
        value: `0x${hexToBigInt(tx.value).toString(16)}`,
        input: tx.input,
      });
      if (d.status === 0) expect(d.rawTrace?.error).toMatch(/reverted|out of gas/);
      else expect(d.rawTrace?.error).toBeUndefined();
    }
  });

  it('a contract creation names the created contract', async () => {
    const [hash] = await find((q) => q.where('tx_type', '=', 1).where('status', '=', 1).limit(1));
    const d = await detail(hash!);
    const { receipt } = await nodeTx(hash!);
    expect(receipt.contractAddress).toBeTruthy();
    expect(d).toMatchObject({
      to: null,
      contract: r(receipt.contractAddress!),
      contractAddress: r(receipt.contractAddress!),
      functionName: 'Contract Creation',
      transactionType: 'Contract Create',
      dex: null,
    });
    expect(d.rawTrace).toMatchObject({ type: 'CREATE', to: r(receipt.contractAddress!) });
  });

  it('a token transfer carries the token, its amount in tokens and the decoded input', async () => {
    const [hash] = await find((q) => q.where('tx_type', '=', 2).where('status', '=', 1).where('method', '=', 'transfer').limit(1));
    const d = await detail(hash!);
    const { tx } = await nodeTx(hash!);
    const token = deployment.tokens.find((t) => t.address === tx.to?.toLowerCase());
    expect(token).toBeDefined();
    const [to, amount] = erc20.decodeFunctionData('transfer', tx.input) as unknown as [string, bigint];
    expect(d).toMatchObject({
      functionName: 'transfer',
      transactionType: 'Token transfer',
      tokenAddress: r(token!.address),
      contract: r(token!.address),
      tokenSymbol: token!.symbol,
      tokenName: token!.name,
      tokenDecimals: 18,
      tokenValueWei: amount.toString(),
      amountWei: amount.toString(),
    });
    expect(d.tokenValue).toBeCloseTo(Number(amount) / 1e18, 9);
    expect(d.amount).toBe(d.tokenValue);
    expect(d.decodedInput).toEqual([{ _to: r(to), _value: amount.toString() }]);
    expect(d.tokenTransfers).toHaveLength(1);
    expect(d.tokenTransfers[0]).toMatchObject({ to: r(to), valueWei: amount.toString(), tokenSymbol: token!.symbol, tokenDecimals: 18 });
  });

  it('a swap of the traffic generator shows the DEX details from its input and Transfer events', async () => {
    // A fresh block of traffic: take a swap the generator sent and expected to succeed.
    let swap: string | undefined;
    for (let i = 0; i < 6 && !swap; i++) {
      await api.mine();
      swap = chain.traffic.lastStep.find((s) => s.kind === 'swap' && !s.expectFail)?.hash;
    }
    expect(swap).toBeDefined();
    const d = await detail(swap!);
    const { tx, receipt } = await nodeTx(swap!);
    expect(receipt.status).toBe('0x1');
    const [amountIn, amountOutMin, path, recipient] = router.decodeFunctionData('swapExactTokensForTokens', tx.input) as unknown as [
      bigint,
      bigint,
      string[],
      string,
    ];
    const logs = receipt.logs.filter((l) => l.topics[0] === TRANSFER);
    const paid = logs.find((l) => l.address === path[0]!.toLowerCase() && topicAddress(l.topics[1]) === tx.from.toLowerCase());
    const got = logs
      .filter((l) => l.address === path.at(-1)!.toLowerCase() && topicAddress(l.topics[2]) === recipient.toLowerCase())
      .at(-1);
    expect(hexToBigInt(paid!.data)).toBe(amountIn);
    const out = hexToBigInt(got!.data);
    const symbol = (a: string) => deployment.tokens.find((t) => t.address === a.toLowerCase())?.symbol;
    expect(d.functionName).toBe('swapExactTokensForTokens');
    expect(d.transactiontype).toBe(3);
    expect(d.dex).toMatchObject({
      function: 'swapExactTokensForTokens',
      path: path.map(r),
      pathSymbols: path.map(symbol),
      recipient: r(recipient),
      amountInWei: amountIn.toString(),
      amountOutWei: out.toString(),
      minReceivedWei: amountOutMin.toString(),
      tokenIn: { address: r(path[0]!), symbol: symbol(path[0]!), decimals: 18 },
      tokenOut: { address: r(path.at(-1)!), symbol: symbol(path.at(-1)!), decimals: 18 },
    });
    expect(d.dex!.amountIn).toBeCloseTo(Number(amountIn) / 1e18, 9);
    expect(d.dex!.amountOut).toBeCloseTo(Number(out) / 1e18, 6);
    expect(d.dex!.minReceived).toBeCloseTo(Number(amountOutMin) / 1e18, 6);
    expect(out >= amountOutMin).toBe(true);
    expect(d.tokenReceived).toMatchObject({
      address: r(path.at(-1)!),
      symbol: symbol(path.at(-1)!),
      to: r(recipient),
      amountWei: out.toString(),
    });
    expect(d.decodedInput?.[0]).toMatchObject({
      amountIn: amountIn.toString(),
      amountOutMin: amountOutMin.toString(),
      path: path.map(r),
      to: r(recipient),
    });
    expect(d.contract).toBe(r(deployment.router));
    // Not a swap: no DEX details.
    const [coin] = await find((q) => q.where('tx_type', '=', 0).limit(1));
    expect((await detail(coin!)).dex).toBeNull();
  });

  it("the DApp's payments are internal transactions, and the raw trace matches the node's callTracer", async () => {
    const [hash] = await find((q) => q.where('method', '=', 'distribute').where('status', '=', 1).limit(1));
    expect(hash).toBeDefined();
    const d = await detail(hash!);
    const { tx } = await nodeTx(hash!);
    const [recipients] = splitter.decodeFunctionData('distribute', tx.input) as unknown as [string[]];
    const share = hexToBigInt(tx.value) / BigInt(recipients.length);
    const payments = (d.internalTransactions ?? []).filter((c) => c.valueWei !== '0');
    expect(payments.slice(0, recipients.length).map((c) => [c.from, c.to, c.valueWei, c.callType, c.error])).toEqual(
      recipients.map((a) => [r(deployment.splitter), r(a), share.toString(), 'call', null]),
    );
    expect(d.decodedInput).toEqual([{ recipients: recipients.map(r) }]);

    // Same tree as the node's own callTracer (types, addresses, values, inputs, nesting).
    const node = await chain.rpc.call<NodeFrame>('debug_traceTransaction', [hash, { tracer: 'callTracer' }]);
    const shape = (f: NodeFrame | CallTrace): unknown => ({
      type: f.type,
      from: r(f.from),
      to: f.to ? r(f.to) : undefined,
      value: BigInt(f.value ?? '0x0').toString(),
      input: f.input ?? '0x',
      calls: (f.calls ?? []).map(shape),
    });
    expect(shape(d.rawTrace as CallTrace)).toEqual(shape(node));
  });

  it('a swap with nested calls nests its internal calls by trace address, as the node does', async () => {
    const [hash] = await find((q) => q.where('method', '=', 'swapExactTokensForTokens').where('status', '=', 1).limit(1));
    const d = await detail(hash!);
    const node = await chain.rpc.call<NodeFrame>('debug_traceTransaction', [hash, { tracer: 'callTracer' }]);
    const shape = (f: NodeFrame | CallTrace): unknown => ({
      type: f.type,
      to: f.to ? r(f.to) : undefined,
      output: f.output,
      calls: (f.calls ?? []).map(shape),
    });
    const mine = shape(d.rawTrace as CallTrace) as { output?: string };
    // The top frame's output is not stored (only the internal calls' outputs are).
    expect({ ...mine, output: undefined }).toEqual({ ...(shape(node) as object), output: undefined });
    expect((d.internalTransactions ?? []).some((c) => c.traceAddress.includes(','))).toBe(true);
  });

  it('publishes the routes in the OpenAPI document', async () => {
    const res = await api.get<{ paths: Record<string, unknown> }>(apiPaths.openapi());
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining([openApiPaths.allTx, openApiPaths.txData]));
  });
});
