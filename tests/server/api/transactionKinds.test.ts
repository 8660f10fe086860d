/**
 * One transaction of each kind against the node: fee, status and fields, contract creation,
 * token transfer, DEX swap, internal transactions and the raw call trace.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CallTrace, TransactionDetailResponse } from '../../../common/api/transactions';
import { TX_TYPE_LABELS } from '../../../common/spec';
import { hexToBigInt, hexToNumber } from '../../../server/chain/rpc';
import { erc20, router } from '../../../server/chain/trafficContracts';
import type { TestApi } from '../../helpers/apiFixture';
import { describeEachDatabase } from '../../helpers/db';
import { apiPaths } from '../../../common/api/paths';
import {
  chain,
  deployment,
  useTransactionsChain,
  type NodeFrame,
  TRANSFER,
  splitter,
  nodeTx,
  topicAddress,
  r,
} from './transactionsFixture';

useTransactionsChain();

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
});
