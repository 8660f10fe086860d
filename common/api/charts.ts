/** Chart data (docs/decisions.md#spec-entities "Hourly chart point", "Token/contract graph bucket", "Deploy record"). */
import { Type, type Static } from '@sinclair/typebox';
import { Address, Amount, EpochSeconds, IsoTime, Ok, Wei } from './base';

/** One hour of the last 24, oldest first; hours without transactions are zeros. */
export const HourlyPoint = Type.Object({
  _id: Type.Integer({ description: 'the hour of day (0–23, UTC), as `hour`' }),
  hour: Type.Integer({ description: 'hour of day 0–23, UTC' }),
  count: Type.Integer(),
  totalFee: Amount,
  totalFeeWei: Wei,
  createdAt: IsoTime,
  timestamp: EpochSeconds,
});
export type HourlyPoint = Static<typeof HourlyPoint>;

/** A labelled count: an hour ('HH:00', UTC) or a day ('YYYY-MM-DD', UTC). */
export const GraphBucket = Type.Object({
  _id: Type.String(),
  count: Type.Integer(),
  createdAt: Type.String({ description: 'ISO start of the bucket' }),
});
export type GraphBucket = Static<typeof GraphBucket>;

export const DeployRecord = Type.Object({
  contract_address: Address,
  contractname: Type.Union([Type.String(), Type.Null()]),
  createdAt: IsoTime,
  timestamp: EpochSeconds,
  blockNumber: Type.Integer(),
});
export type DeployRecord = Static<typeof DeployRecord>;

export const TransactionGraphResponse = Ok(Type.Array(HourlyPoint));
export type TransactionGraphResponse = Static<typeof TransactionGraphResponse>;

export const GraphResponse = Ok(Type.Array(GraphBucket));
export type GraphResponse = Static<typeof GraphResponse>;

/** /getTokendeploy: token deployments per day (last 14 days) and the 8 newest tokens (`tokendepoloy`, sic). */
export const TokenDeployResponse = Ok(Type.Array(GraphBucket), { tokendepoloy: Type.Array(DeployRecord) });
export type TokenDeployResponse = Static<typeof TokenDeployResponse>;

/** /getContractdeploy: DApp deployments per day (last 14 days) and the 8 newest DApps. */
export const ContractDeployResponse = Ok(Type.Array(GraphBucket), { contractdeploy: Type.Array(DeployRecord) });
export type ContractDeployResponse = Static<typeof ContractDeployResponse>;
