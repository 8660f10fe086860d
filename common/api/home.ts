/**
 * Home page data (docs/decisions.md#spec-entities "Home data" / "Homepage stats") and the price strip. Computed
 * once per block on the server; the same object is the first item of the live channel's
 * `blockandtrncount`.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Amount, Ok, Wei } from './base';

const NullableWei = Type.Union([Wei, Type.Null()]);

/**
 * Beside the node's values (gas fee, pending pool): whether the node answers now, and when those
 * values were read. While the node is down they are the last-known ones, served without waiting.
 */
const NodeDataAge = {
  nodeReachable: Type.Boolean({
    description: 'whether the node answers now; when false, fee, gasPriceWei and pendingTransactions are its last-known values',
  }),
  nodeDataAsOf: Type.Union([Type.Integer(), Type.Null()], {
    description: "unix seconds when the node's values in this answer were read (the older of them); null when never",
  }),
  nodeDataAge: Type.Union([Type.Integer(), Type.Null()], {
    description: "seconds since the node's values in this answer were read; null when never",
  }),
};

export const HomeData = Type.Object({
  latestBlockNumber: Type.Union([Type.Integer(), Type.Null()], {
    description: 'the indexed head (null before the first block is indexed)',
  }),
  trx_length: Type.Integer({ description: 'transactions indexed' }),
  totaladdress: Type.Integer({ description: 'distinct addresses seen' }),
  twentyFourHoursAgotxn: Type.Integer({ description: 'transactions in the last 24 hours' }),
  totalFees24Hours: Amount,
  totalFees24HoursWei: Wei,
  avgFee24Hours: Amount,
  avgFee24HoursWei: Wei,
  fee: Type.Union([Amount, Type.Null()], {
    description: 'current gas price × 21,000 in RUBY (a coin transfer); null when the node has never answered',
  }),
  feeWei: NullableWei,
  gasPriceWei: NullableWei,
  pendingTransactions: Type.Union([Type.Integer(), Type.Null()], {
    description: "the node's pending pool (txpool_status); 0 when the node has no such method, null when the node has never answered",
  }),
  avgBlockTime: Type.Integer({ description: 'average seconds between the last 100 blocks, whole seconds' }),
  rubyprice: Type.Number({ description: 'USD per RUBY' }),
  ...NodeDataAge,
});
export type HomeData = Static<typeof HomeData>;

export const HomePageResponse = Ok(HomeData);
export type HomePageResponse = Static<typeof HomePageResponse>;

/** /getrubyprice: `result.price` in USD, the gas fee of a coin transfer beside it. */
export const RubyPriceResponse = Type.Object({
  status: Type.Boolean(),
  result: Type.Object({ price: Type.Number({ description: 'USD per RUBY' }) }),
  fee: Type.Union([Amount, Type.Null()], { description: 'current gas price × 21,000 in RUBY; null when the node has never answered' }),
  feeWei: NullableWei,
  gasPriceWei: NullableWei,
  ...NodeDataAge,
});
export type RubyPriceResponse = Static<typeof RubyPriceResponse>;
