import { formatEther } from 'ethers';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { toRubyAddress } from '../../../common/address';
import type { ContractDeployResponse, GraphResponse, TokenDeployResponse, TransactionGraphResponse } from '../../../common/api/charts';
import { hexToBigInt, hexToNumber, toHexQuantity } from '../../../server/chain/rpc';
import type { Deployment } from '../../../server/chain/traffic';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';
import { describeEachDatabase } from '../../helpers/db';
import { apiPaths } from '../../../common/api/paths';

let chain: IndexedChain;
let deployment: Deployment;
beforeAll(async () => {
  chain = await startIndexedChain({ steps: 8 });
  deployment = await chain.traffic.setup();
});
afterAll(() => chain?.stop());

interface NodeTx {
  to: string | null;
  input: string;
}
interface NodeBlock {
  timestamp: string;
  transactions: NodeTx[];
}
interface NodeReceipt {
  gasUsed: string;
  effectiveGasPrice: string;
}

const HOUR = 3600;

/** The chain's transactions by spec type code, its fees, and its newest block time, from the node. */
async function nodeCounts() {
  const head = hexToNumber(await chain.rpc.call<string>('eth_blockNumber'));
  const numbers = Array.from({ length: head + 1 }, (_, n) => n);
  const blocks = await chain.rpc.batch<NodeBlock>(
    numbers.map((n) => ({ method: 'eth_getBlockByNumber', params: [toHexQuantity(n), true] })),
  );
  const receipts = (
    await chain.rpc.batch<NodeReceipt[]>(numbers.map((n) => ({ method: 'eth_getBlockReceipts', params: [toHexQuantity(n)] })))
  ).flat();
  const tokens = new Set([...deployment.tokens.map((t) => t.address), ...deployment.pairs.map((p) => p.address)]);
  const contracts = new Set([...tokens, deployment.router, deployment.splitter, deployment.nft]);
  const byType = [0, 0, 0, 0];
  for (const tx of blocks.flatMap((b) => b.transactions)) {
    const to = tx.to?.toLowerCase() ?? null;
    const selector = tx.input.slice(0, 10);
    let type = 3;
    if (to === null) type = 1;
    else if (tokens.has(to) && (selector === '0xa9059cbb' || selector === '0x23b872dd')) type = 2;
    else if (tx.input === '0x' && !contracts.has(to)) type = 0;
    byType[type]! += 1;
  }
  const fees = receipts.reduce((s, x) => s + hexToBigInt(x.gasUsed) * hexToBigInt(x.effectiveGasPrice), 0n);
  return { byType, total: byType.reduce((a, b) => a + b, 0), fees, headTime: hexToNumber(blocks[head]!.timestamp) };
}

const currentHour = (headTime: number) => Math.floor(Math.max(Date.now() / 1000, headTime) / HOUR) * HOUR;

describeEachDatabase('charts API', (getDb) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await chain.api(getDb());
  });
  afterAll(() => api?.close());

  it('transactions and fees per hour: 24 points oldest first, zeros filled, summing to the chain', async () => {
    const node = await nodeCounts();
    const before = currentHour(node.headTime);
    const res = await api.get<TransactionGraphResponse>(apiPaths.transactionGraph());
    const after = currentHour(node.headTime);
    expect(res.statusCode).toBe(200);
    expect(res.body.status).toBe(true);
    const points = res.body.result;
    expect(points).toHaveLength(24);
    const last = points.at(-1)!;
    expect(last.timestamp).toBeGreaterThanOrEqual(before);
    expect(last.timestamp).toBeLessThanOrEqual(after);
    points.forEach((p, i) => {
      expect(p.timestamp).toBe(last.timestamp - (23 - i) * HOUR);
      expect(p.hour).toBe(new Date(p.timestamp * 1000).getUTCHours());
      expect(p._id).toBe(p.hour);
      expect(p.createdAt).toBe(new Date(p.timestamp * 1000).toISOString());
      expect(p.totalFee).toBe(Number(formatEther(BigInt(p.totalFeeWei))));
    });
    expect(points.reduce((s, p) => s + p.count, 0)).toBe(node.total);
    expect(points.reduce((s, p) => s + BigInt(p.totalFeeWei), 0n)).toBe(node.fees);
    // The whole devnet chain is minutes old: it sits in the last hour or two.
    expect(points.slice(0, 22).every((p) => p.count === 0)).toBe(true);
  });

  it('token transfers and contract transactions per hour agree with the node', async () => {
    const node = await nodeCounts();
    const tokens = await api.get<GraphResponse>(apiPaths.tokenTransactionGraph());
    const contracts = await api.get<GraphResponse>(apiPaths.contractTransactionGraph());
    const hours = (await api.get<TransactionGraphResponse>(apiPaths.transactionGraph())).body.result;
    for (const res of [tokens, contracts]) {
      expect(res.statusCode).toBe(200);
      expect(res.body.result).toHaveLength(24);
      res.body.result.forEach((b, i) => {
        expect(b._id).toBe(`${String(hours[i]!.hour).padStart(2, '0')}:00`);
        expect(b.createdAt).toBe(hours[i]!.createdAt);
      });
    }
    expect(node.byType[2]).toBeGreaterThan(0);
    expect(tokens.body.result.reduce((s, b) => s + b.count, 0)).toBe(node.byType[2]);
    expect(contracts.body.result.reduce((s, b) => s + b.count, 0)).toBe(node.byType[1]! + node.byType[3]!);
  });

  it('token and DApp deployments per day over 14 days, with the newest of each', async () => {
    const tokenRes = await api.get<TokenDeployResponse>(apiPaths.tokenDeploy());
    expect(tokenRes.statusCode).toBe(200);
    const days = tokenRes.body.result;
    expect(days).toHaveLength(14);
    days.forEach((d, i) => {
      expect(d._id).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(d.createdAt).toBe(`${d._id}T00:00:00.000Z`);
      if (i > 0) expect(Date.parse(d.createdAt) - Date.parse(days[i - 1]!.createdAt)).toBe(86_400_000);
    });
    const tokenAddresses = [...deployment.tokens.map((t) => t.address), ...deployment.pairs.map((p) => p.address)];
    expect(days.reduce((s, d) => s + d.count, 0)).toBe(tokenAddresses.length);
    const list = tokenRes.body.tokendepoloy;
    expect(list.map((t) => t.contract_address).sort()).toEqual(tokenAddresses.map((a) => toRubyAddress(a)).sort());
    expect(list.map((t) => t.blockNumber)).toEqual([...list.map((t) => t.blockNumber)].sort((a, b) => b - a));
    for (const t of deployment.tokens) expect(list.find((x) => x.contract_address === toRubyAddress(t.address))?.contractname).toBe(t.name);
    for (const t of list) expect(t.createdAt).toBe(new Date(t.timestamp * 1000).toISOString());

    const dappRes = await api.get<ContractDeployResponse>(apiPaths.contractDeploy());
    expect(dappRes.statusCode).toBe(200);
    const p = deployment.proxies;
    const dapps = [deployment.router, deployment.splitter, deployment.nft, ...(p ? [p.proxy, ...p.implementations, p.clone] : [])];
    expect(dappRes.body.result.reduce((s, d) => s + d.count, 0)).toBe(dapps.length);
    expect(dappRes.body.contractdeploy.map((c) => c.contract_address).sort()).toEqual(dapps.map((a) => toRubyAddress(a)).sort());
    expect(dappRes.body.contractdeploy.find((c) => c.contract_address === toRubyAddress(deployment.nft))?.contractname).toBe('Ruby Gems');
    expect(dappRes.body.contractdeploy.find((c) => c.contract_address === toRubyAddress(deployment.router))?.contractname).toBeNull();
  });

  it('the charts are cached per block and move on with a new block', async () => {
    const before = (await api.get<TransactionGraphResponse>(apiPaths.transactionGraph())).body.result;
    const mined = await api.mine();
    const block = await chain.rpc.call<{ transactions: string[] }>('eth_getBlockByNumber', [toHexQuantity(mined), false]);
    const after = (await api.get<TransactionGraphResponse>(apiPaths.transactionGraph())).body.result;
    const sum = (ps: { count: number }[]) => ps.reduce((s, p) => s + p.count, 0);
    expect(sum(after)).toBe(sum(before) + block.transactions.length);
  });

  it('publishes the routes in the OpenAPI document', async () => {
    const res = await api.get<{ paths: Record<string, unknown> }>(apiPaths.openapi());
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining([
        apiPaths.transactionGraph(),
        apiPaths.tokenTransactionGraph(),
        apiPaths.contractTransactionGraph(),
        apiPaths.tokenDeploy(),
        apiPaths.contractDeploy(),
      ]),
    );
  });
});
