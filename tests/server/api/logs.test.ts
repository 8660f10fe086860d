/**
 * The Logs tab's and Events tab's endpoints against the devnet: every log of a token transfer and
 * of a DEX swap compared with the node's receipt (address, topics, data, order), decoded with the
 * standard events (Transfer, Approval, Swap, Sync); an event no ABI knows stays raw; a contract's
 * events newest first, paged; bad input 400, an unknown transaction 404.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { id, Interface } from 'ethers';
import { toRubyAddress } from '../../../common/address';
import type { AddressEventsResponse, LogItem, TransactionLogsResponse } from '../../../common/api/logs';
import type { Deployment } from '../../../server/chain/trafficContracts';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';
import { describeEachDatabase } from '../../helpers/db';
import { apiPaths, rawApiPath } from '../../../common/api/paths';

const SWAP = 'Swap(address,uint256,uint256,uint256,uint256,address)';
const TRANSFER = 'Transfer(address,address,uint256)';
const pairAbi = new Interface([
  `event ${SWAP.replace('(address,uint256,uint256,uint256,uint256,address)', '(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)')}`,
]);

interface NodeLog {
  address: string;
  topics: string[];
  data: string;
  logIndex: string;
}

let chain: IndexedChain;
let deployment: Deployment;
beforeAll(async () => {
  chain = await startIndexedChain({ steps: 8 });
  deployment = await chain.traffic.setup();
}, 300_000);
afterAll(() => chain?.stop());

describeEachDatabase('transaction logs and address events', (getDb) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await chain.api(getDb());
  }, 300_000);
  afterAll(() => api?.close());

  /** A transaction hash with a log of this topic0, from the node's own logs. */
  const txWith = async (signature: string) => {
    const logs = await chain.rpc.call<Array<{ transactionHash: string }>>('eth_getLogs', [
      { fromBlock: '0x0', toBlock: 'latest', topics: [id(signature)] },
    ]);
    expect(logs.length, signature).toBeGreaterThan(0);
    return logs[logs.length - 1]!.transactionHash;
  };
  const logsOf = async (hash: string) => {
    const res = await api.get<TransactionLogsResponse>(apiPaths.txLogs(hash));
    expect(res.statusCode).toBe(200);
    const receipt = await chain.rpc.call<{ logs: NodeLog[] }>('eth_getTransactionReceipt', [hash]);
    // Every log, in order, raw parts exactly as the node has them.
    expect(res.body.result.map((l) => [l.logIndex, l.address, l.topics, l.data])).toEqual(
      receipt.logs.map((l) => [Number(BigInt(l.logIndex)), toRubyAddress(l.address), l.topics, l.data]),
    );
    return res.body.result;
  };
  const arg = (l: LogItem, name: string) => l.decoded?.args.find((a) => a.name === name);

  it("decodes a DEX swap's logs: token Transfers, the pair's Sync and Swap, with named and typed arguments", async () => {
    const hash = await txWith(SWAP);
    const logs = await logsOf(hash);
    const swap = logs.find((l) => l.decoded?.name === 'Swap')!;
    expect(swap.decoded).toMatchObject({ signature: SWAP, source: 'standard' });
    expect(deployment.pairs.map((p) => toRubyAddress(p.address))).toContain(swap.address);
    const raw = pairAbi.decodeEventLog('Swap', swap.data, swap.topics);
    expect(swap.decoded!.args).toEqual([
      { name: 'sender', type: 'address', indexed: true, value: toRubyAddress(raw[0] as string) },
      { name: 'amount0In', type: 'uint256', indexed: false, value: String(raw[1]) },
      { name: 'amount1In', type: 'uint256', indexed: false, value: String(raw[2]) },
      { name: 'amount0Out', type: 'uint256', indexed: false, value: String(raw[3]) },
      { name: 'amount1Out', type: 'uint256', indexed: false, value: String(raw[4]) },
      { name: 'to', type: 'address', indexed: true, value: toRubyAddress(raw[5] as string) },
    ]);
    expect(logs.some((l) => l.decoded?.name === 'Sync')).toBe(true);
    const transfers = logs.filter((l) => l.decoded?.signature === TRANSFER);
    expect(transfers.length).toBeGreaterThanOrEqual(2);
    for (const t of transfers) {
      expect(t.decoded!.args.map((a) => [a.name, a.type, a.indexed])).toEqual([
        ['from', 'address', true],
        ['to', 'address', true],
        ['value', 'uint256', false],
      ]);
      expect(arg(t, 'value')!.value).toBe(BigInt(t.data).toString());
      expect(arg(t, 'from')!.value).toBe(toRubyAddress('0x' + t.topics[1]!.slice(26)));
    }
    expect(swap.hash).toBe(hash);
    expect(swap.createdAt).toBe(new Date(swap.timestamp * 1000).toISOString());
  });

  it('decodes a token transfer and leaves an event no ABI knows raw', async () => {
    const transfer = await logsOf(await txWith(TRANSFER));
    expect(transfer.some((l) => l.decoded?.name === 'Transfer' && l.decoded.source === 'standard')).toBe(true);
    // The splitter's own events are in no standard list and it is not verified here.
    const splitterLogs = await chain.rpc.call<NodeLog[]>('eth_getLogs', [
      { fromBlock: '0x0', toBlock: 'latest', address: deployment.splitter },
    ]);
    expect(splitterLogs.length).toBeGreaterThan(0);
    const logs = await logsOf((splitterLogs[0] as unknown as { transactionHash: string }).transactionHash);
    const own = logs.filter((l) => l.address === toRubyAddress(deployment.splitter));
    expect(own.length).toBeGreaterThan(0);
    for (const l of own) expect(l.decoded).toBeNull();
  });

  it("lists a contract's events newest first, paged, with the totals", async () => {
    const pair = deployment.pairs[0]!.address;
    const nodeLogs = await chain.rpc.call<NodeLog[]>('eth_getLogs', [{ fromBlock: '0x0', toBlock: 'latest', address: pair }]);
    const size = 3;
    const first = await api.get<AddressEventsResponse>(apiPaths.addressEvents({ address: toRubyAddress(pair), page: 1, size }));
    expect(first.statusCode).toBe(200);
    expect(first.body.totalTransactions).toBe(nodeLogs.length);
    expect(first.body.totalPages).toBe(Math.ceil(nodeLogs.length / size));
    const newest = [...nodeLogs].reverse();
    expect(first.body.result.map((l) => [l.topics, l.data])).toEqual(newest.slice(0, size).map((l) => [l.topics, l.data]));
    const second = await api.get<AddressEventsResponse>(
      apiPaths.addressEvents({ address: pair.toUpperCase().replace('0X', '0x'), page: 2, size }),
    );
    expect(second.body.result.map((l) => [l.topics, l.data])).toEqual(newest.slice(size, 2 * size).map((l) => [l.topics, l.data]));
    expect(second.body.currentPage).toBe(2);
    // An address that emitted nothing: an empty page, not an error.
    const none = await api.get<AddressEventsResponse>(apiPaths.addressEvents({ address: deployment.deployer, page: 1, size: 20 }));
    expect(none.body).toEqual({ status: true, result: [], totalTransactions: 0, totalPages: 0, currentPage: 1 });
  });

  it('answers bad input with 400 and an unknown transaction with 404, never a 500', async () => {
    for (const url of [
      rawApiPath('txLogs', '0x12'),
      rawApiPath('txLogs', 'nothex'),
      rawApiPath('addressEvents', 'r12', '1', '20'),
      rawApiPath('addressEvents', deployment.deployer, '0', '20'),
      rawApiPath('addressEvents', deployment.deployer, '1', '201'),
    ]) {
      const res = await api.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.body.status, url).toBe(false);
    }
    const unknown = await api.get(apiPaths.txLogs(`0x${'ab'.repeat(32)}`));
    expect(unknown.statusCode).toBe(404);
  });
});
