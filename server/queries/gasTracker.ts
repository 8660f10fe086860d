/**
 * The Gas Tracker's figures from the indexed chain (common/api/gasTracker.ts), so they hold on any
 * node: the priority fee each transaction of the newest GAS_SAMPLE_BLOCKS blocks paid (its effective
 * gas price minus its block's base fee), at the 25th / 50th / 75th percentile (percentile_disc: a fee
 * some transaction really paid, exact in wei); the newest base fee;
 * and the base fee averaged per hour over the 24 hours before the newest block (blocks_timestamp_idx).
 * A chain without EIP-1559 base fees counts them as 0.
 */
import { sql } from 'kysely';
import { GAS_SAMPLE_BLOCKS, TRANSFER_GAS, type GasLevel, type GasTracker } from '../../common/api/gasTracker';
import type { ApiContext } from '../core/context';

const HOUR = 3600;

function level(priority: bigint, baseFee: bigint): GasLevel {
  const price = baseFee + priority;
  return { priorityFeeWei: priority.toString(), gasPriceWei: price.toString(), transferFeeWei: (price * TRANSFER_GAS).toString() };
}

const wei = (v: string | null): bigint => (v === null ? 0n : BigInt(v));

export async function gasTracker(ctx: ApiContext): Promise<GasTracker> {
  const head = await sql<{ number: number; timestamp: number; base_fee: string | null }>`
    SELECT number, timestamp, base_fee_per_gas::text AS base_fee FROM blocks ORDER BY number DESC LIMIT 1`.execute(ctx.db);
  const top = head.rows[0];
  const baseFee = wei(top?.base_fee ?? null);
  if (!top) {
    const none = level(0n, 0n);
    return { blockNumber: null, baseFeeWei: '0', sampleBlocks: 0, sampleTransactions: 0, low: none, average: none, high: none, hourly: [] };
  }
  const [fees, hours] = await Promise.all([
    sql<{ n: number; p25: string | null; p50: string | null; p75: string | null }>`
      WITH b AS (SELECT number, COALESCE(base_fee_per_gas, 0) AS base_fee FROM blocks WHERE number > ${Number(top.number) - GAS_SAMPLE_BLOCKS})
      SELECT count(*)::int AS n,
        percentile_disc(0.25) WITHIN GROUP (ORDER BY GREATEST(t.effective_gas_price - b.base_fee, 0))::text AS p25,
        percentile_disc(0.5) WITHIN GROUP (ORDER BY GREATEST(t.effective_gas_price - b.base_fee, 0))::text AS p50,
        percentile_disc(0.75) WITHIN GROUP (ORDER BY GREATEST(t.effective_gas_price - b.base_fee, 0))::text AS p75
      FROM b JOIN transactions t ON t.block_number = b.number`.execute(ctx.db),
    sql<{ hour: number; base_fee: string; blocks: number; gas_used: string }>`
      SELECT (timestamp / ${HOUR}) * ${HOUR} AS hour, round(avg(COALESCE(base_fee_per_gas, 0)))::text AS base_fee,
        count(*)::int AS blocks, sum(gas_used)::text AS gas_used
      FROM blocks WHERE timestamp > ${Number(top.timestamp) - 24 * HOUR}
      GROUP BY 1 ORDER BY 1`.execute(ctx.db),
  ]);
  const f = fees.rows[0];
  return {
    blockNumber: Number(top.number),
    baseFeeWei: baseFee.toString(),
    sampleBlocks: Math.min(GAS_SAMPLE_BLOCKS, Number(top.number) + 1),
    sampleTransactions: f?.n ?? 0,
    low: level(wei(f?.p25 ?? null), baseFee),
    average: level(wei(f?.p50 ?? null), baseFee),
    high: level(wei(f?.p75 ?? null), baseFee),
    hourly: hours.rows.map((h) => ({ hour: Number(h.hour), baseFeeWei: h.base_fee, blocks: h.blocks, gasUsed: h.gas_used })),
  };
}
