/**
 * The Gas Tracker (issue #25) against the node's own blocks and receipts: the newest base fee, the
 * priority-fee percentiles of the newest 20 blocks (percentile_disc: fees really paid), and the
 * blocks and base fee per hour over the 24 hours before the newest block.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { GAS_SAMPLE_BLOCKS, type GasTrackerResponse } from '../../../common/api/gasTracker';
import { apiPaths } from '../../../common/api/paths';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';
import { describeEachDatabase } from '../../helpers/db';
import { readChain, type NodeChain } from './addressNode';

let chain: IndexedChain;
let node: NodeChain;

beforeAll(async () => {
  chain = await startIndexedChain({ steps: 8 });
  node = await readChain(chain.rpc);
});
afterAll(() => chain?.stop());

/** PostgreSQL's percentile_disc: the first sorted value whose cumulative share reaches p. */
function percentile(sorted: bigint[], p: number): bigint {
  if (sorted.length === 0) return 0n;
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;
}

describeEachDatabase('Gas Tracker API', (getDb) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await chain.api(getDb());
  });
  afterAll(() => api?.close());

  it("answers the base fee, low / average / high priority fees and the hours, as the node's blocks give them", async () => {
    const res = await api.get<GasTrackerResponse>(apiPaths.gasTracker());
    expect(res.statusCode).toBe(200);
    const g = res.body.result;
    const newest = node.blocks[node.blocks.length - 1]!;
    expect(g.blockNumber).toBe(Number(BigInt(newest.number)));
    const baseFee = BigInt(newest.baseFeePerGas ?? '0x0');
    expect(g.baseFeeWei).toBe(baseFee.toString());

    const sample = node.blocks.filter((b) => Number(BigInt(b.number)) > g.blockNumber! - GAS_SAMPLE_BLOCKS);
    const fees = sample
      .flatMap((b) =>
        b.transactions.map((tx) => {
          const r = node.receipts.get(tx.hash.toLowerCase())!;
          const tip = BigInt(r.effectiveGasPrice ?? '0x0') - BigInt(b.baseFeePerGas ?? '0x0');
          return tip > 0n ? tip : 0n;
        }),
      )
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(fees.length).toBeGreaterThan(0);
    expect(g.sampleTransactions).toBe(fees.length);
    const levels = [g.low, g.average, g.high];
    [0.25, 0.5, 0.75].forEach((p, i) => {
      const tip = percentile(fees, p);
      expect(levels[i]!.priorityFeeWei, `p${p * 100}`).toBe(tip.toString());
      expect(levels[i]!.gasPriceWei).toBe((baseFee + tip).toString());
      expect(levels[i]!.transferFeeWei).toBe(((baseFee + tip) * 21_000n).toString());
    });
    expect(BigInt(g.low.priorityFeeWei) <= BigInt(g.average.priorityFeeWei)).toBe(true);
    expect(BigInt(g.average.priorityFeeWei) <= BigInt(g.high.priorityFeeWei)).toBe(true);

    const since = Number(BigInt(newest.timestamp)) - 24 * 3600;
    const inDay = node.blocks.filter((b) => Number(BigInt(b.timestamp)) > since);
    expect(g.hourly.reduce((n, h) => n + h.blocks, 0)).toBe(inDay.length);
    expect(g.hourly.map((h) => h.hour)).toEqual([...g.hourly.map((h) => h.hour)].sort((a, b) => a - b));
    const gas = inDay.reduce((n, b) => n + BigInt(b.gasUsed), 0n);
    expect(g.hourly.reduce((n, h) => n + BigInt(h.gasUsed), 0n)).toBe(gas);
  });
});
