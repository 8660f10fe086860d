/** Block shapes (docs/decisions.md#spec-entities: live list, detail, chart point). */
import { Type, type Static } from '@sinclair/typebox';
import { Address, EpochSeconds, Hash, IsoTime, Ok, PageTotals } from './base';
import { TransactionListItem } from './transactions';
import { BlockFeeFields } from './txKinds';

export const BlockListItem = Type.Object({
  blockNumber: Type.Integer(),
  timestamp: EpochSeconds,
  createdAt: IsoTime,
  Trx: Type.Integer({ description: 'transaction count' }),
  blockHash: Hash,
  miner: Address,
  size: Type.Integer({ description: 'bytes' }),
  gasUsed: Type.String(),
});
export type BlockListItem = Static<typeof BlockListItem>;

export const BlockDetail = Type.Object({
  number: Type.Integer(),
  hash: Hash,
  parentHash: Hash,
  miner: Address,
  timestamp: EpochSeconds,
  createdAt: IsoTime,
  size: Type.Integer(),
  gasUsed: Type.String(),
  gasLimit: Type.String(),
  baseFeePerGas: Type.Union([Type.String(), Type.Null()]),
  difficulty: Type.String(),
  totalDifficulty: Type.Union([Type.String(), Type.Null()]),
  nonce: Type.Union([Type.String(), Type.Null()]),
  extraData: Type.Union([Type.String(), Type.Null()]),
  mixHash: Type.Union([Type.String(), Type.Null()]),
  receiptsRoot: Type.Union([Type.String(), Type.Null()]),
  sha3Uncles: Type.Union([Type.String(), Type.Null()]),
  stateRoot: Type.Union([Type.String(), Type.Null()]),
  totaltransaction: Type.Integer(),
  ...BlockFeeFields,
});
export type BlockDetail = Static<typeof BlockDetail>;

export const BlockChartPoint = Type.Object({ blockNumber: Type.Integer(), Trx: Type.Integer() });
export type BlockChartPoint = Static<typeof BlockChartPoint>;

export const BlocksPage = Ok(Type.Array(BlockListItem), PageTotals);
export type BlocksPage = Static<typeof BlocksPage>;

/** /getBlockNumberdata/{block}: the block as `result` and (documented name) `blockdata`, with its transactions. */
export const BlockDetailResponse = Type.Object({
  status: Type.Boolean(),
  result: BlockDetail,
  blockdata: BlockDetail,
  transactionData: Type.Array(TransactionListItem),
});
export type BlockDetailResponse = Static<typeof BlockDetailResponse>;

export const LatestBlocksResponse = Ok(Type.Array(BlockListItem));
export type LatestBlocksResponse = Static<typeof LatestBlocksResponse>;

export const BlockChartResponse = Ok(Type.Array(BlockChartPoint));
export type BlockChartResponse = Static<typeof BlockChartResponse>;
