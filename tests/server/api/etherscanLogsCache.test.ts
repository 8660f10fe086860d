/**
 * getLogs answers kept by the hash of the range's highest block (server/api/etherscan/logsCache.ts):
 * an answer cached for a fixed range must not outlive a reorg of that range, and a range reaching
 * the head must take in each new block. Checked against the node's eth_getLogs on a real devnet
 * whose last blocks are replaced (evm_snapshot / evm_revert, then other blocks mined and indexed).
 */
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TRANSFER_TOPIC } from '../../../server/indexer/decode';
import { hexToNumber, toHexQuantity } from '../../../server/chain/rpc';
import { LogsCache } from '../../../server/api/etherscan/logsCache';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';
import { describeEachDatabase } from '../../helpers/db';
import { es } from './etherscanFixture';

interface NodeLog {
  blockHash: string;
  transactionHash: string;
  logIndex: string;
}
/** What identifies a log and the chain it was read from. */
const ids = (logs: Array<{ blockHash: string; transactionHash: string; logIndex: string }>) =>
  logs.map((l) => `${l.blockHash}/${l.transactionHash}/${hexToNumber(l.logIndex === '0x' ? '0x0' : l.logIndex)}`);

it('LogsCache keeps the most recently used answers within its byte bound', () => {
  const c = new LogsCache(10);
  c.set('a', '1234');
  c.set('b', '1234');
  expect(c.get('a')).toBe('1234'); // a is now the most recent
  c.set('c', '1234'); // 12 > 10: b goes
  expect(c.get('b')).toBeUndefined();
  expect(c.get('a')).toBe('1234');
  expect(c.get('c')).toBe('1234');
  c.set('big', '12345678901'); // larger than the bound: not kept, nothing evicted
  expect(c.get('big')).toBeUndefined();
  expect(c.size).toBe(2);
});

describeEachDatabase('getLogs answer cache across new blocks and a reorg', (getDb) => {
  let chain: IndexedChain;
  let api: TestApi;
  beforeAll(async () => {
    chain = await startIndexedChain({ steps: 3 });
    api = await chain.api(getDb());
  }, 300_000);
  afterAll(async () => {
    await api?.close();
    await chain?.stop();
  });

  const nodeLogs = async (to: number) =>
    ids(await chain.rpc.call<NodeLog[]>('eth_getLogs', [{ fromBlock: '0x0', toBlock: toHexQuantity(to), topics: [TRANSFER_TOPIC] }]));
  const ours = async (to: number | 'latest') => {
    const r = await es<NodeLog[]>(api, `module=logs&action=getLogs&fromBlock=0&toBlock=${to}&topic0=${TRANSFER_TOPIC}`);
    expect(r.statusCode).toBe(200);
    return ids(r.status === '1' ? r.result : []);
  };
  const head = async () => hexToNumber(await chain.rpc.call<string>('eth_blockNumber'));

  it('keeps an empty answer like a full one: the same filter matching nothing is not scanned again', async () => {
    let recording = false;
    const statements: string[] = [];
    const recorder: KyselyPlugin = {
      transformQuery: (args) => {
        if (recording) statements.push(args.node.kind);
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const counted = await chain.api({ ...getDb(), db: getDb().db.withPlugin(recorder) });
    try {
      const nothing = `module=logs&action=getLogs&fromBlock=0&toBlock=latest&topic0=0x${'ab'.repeat(32)}`;
      recording = true;
      const first = await es<unknown[]>(counted, nothing);
      const afterFirst = statements.length;
      const second = await es<unknown[]>(counted, nothing);
      recording = false;
      expect(first).toMatchObject({ statusCode: 200, status: '0', message: 'No records found', result: [] });
      expect(second).toEqual(first);
      // The first asked the head's hash and scanned; the second only asked the head's hash.
      expect(afterFirst).toBe(2);
      expect(statements.length - afterFirst).toBe(1);
    } finally {
      await counted.close();
    }
  });

  it('a range up to the head takes in new blocks; a cached range is read again after its blocks are replaced', async () => {
    const base = await head();
    expect(await ours('latest')).toEqual(await nodeLogs(base));
    const snapshot = await chain.rpc.call<string>('evm_snapshot', []);
    // New blocks with Transfer logs, indexed.
    let top = base;
    for (let i = 0; i < 5 && (await nodeLogs(top)).length === (await nodeLogs(base)).length; i++) top = await api.mine();
    const before = await nodeLogs(top);
    expect(before.length).toBeGreaterThan((await nodeLogs(base)).length);
    expect(await ours('latest')).toEqual(before);
    // The fixed range [0, top], asked twice: the second answer is the cached one.
    expect(await ours(top)).toEqual(before);
    expect(await ours(top)).toEqual(before);

    // Replace every block after `base` by empty ones, one more than before, and index the reorg.
    await chain.rpc.call('evm_revert', [snapshot]);
    for (let n = base; n <= top; n++) await chain.rpc.call('evm_mine', []);
    await api.indexer.runOnce();
    const after = await nodeLogs(top);
    expect(after).not.toEqual(before);
    expect(await ours(top)).toEqual(after);
    expect(await ours('latest')).toEqual(after);
  });
});
