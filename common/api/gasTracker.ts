/**
 * The Gas Tracker: what a transaction pays now, from the chain's own recent blocks
 * (no oracle): the base fee of the newest indexed block, the priority fees paid in the last
 * blocks at the 25th / 50th / 75th percentile (low / average / high), and the base fee per hour
 * over the last 24 hours. Wei as decimal strings.
 */
import { Type, type Static } from '@sinclair/typebox';
import { EpochSeconds, Ok, Wei } from './base';

export const GasLevel = Type.Object({
  priorityFeeWei: Wei,
  gasPriceWei: Wei,
  transferFeeWei: Wei,
});
export type GasLevel = Static<typeof GasLevel>;

export const GasHour = Type.Object({
  hour: EpochSeconds,
  baseFeeWei: Wei,
  blocks: Type.Integer(),
  gasUsed: Type.String({ description: 'gas used by the hour’s blocks (decimal)' }),
});
export type GasHour = Static<typeof GasHour>;

export const GasTracker = Type.Object({
  blockNumber: Type.Union([Type.Integer(), Type.Null()], { description: 'newest indexed block (null before the first)' }),
  baseFeeWei: Wei,
  sampleBlocks: Type.Integer({ description: 'blocks whose transactions gave the percentiles' }),
  sampleTransactions: Type.Integer(),
  low: GasLevel,
  average: GasLevel,
  high: GasLevel,
  hourly: Type.Array(GasHour, { description: 'the last 24 hours, oldest first' }),
});
export type GasTracker = Static<typeof GasTracker>;

export const GasTrackerResponse = Ok(GasTracker);
export type GasTrackerResponse = Static<typeof GasTrackerResponse>;

/** Gas of a plain coin transfer, for the "a transfer costs" line. */
export const TRANSFER_GAS = 21_000n;
/** Newest blocks sampled for the priority-fee percentiles. */
export const GAS_SAMPLE_BLOCKS = 20;
