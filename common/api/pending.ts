/**
 * The node's pending pool as the Pending tab lists it (
 * docs/decisions.md#pending-transactions): what txpool_content holds, newest seen first.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Address, Amount, EpochSeconds, Hash, NullableAddress, Ok, Wei } from './base';
import { InputData } from './proxy';

export const PendingTransaction = Type.Object({
  hash: Hash,
  from: Address,
  to: NullableAddress,
  nonce: Type.Integer(),
  value: Amount,
  valueWei: Wei,
  gas: Type.String({ description: 'gas limit' }),
  gasPriceWei: Wei,
  fee: Amount,
  feeWei: Wei,
  firstSeen: EpochSeconds,
});
export type PendingTransaction = Static<typeof PendingTransaction>;

export const PendingTransactionsResponse = Ok(Type.Array(PendingTransaction), {
  pendingTransactions: Type.Integer({ description: 'transactions in the pool (the list holds at most `limit` of them)' }),
  limit: Type.Integer(),
  poolAvailable: Type.Boolean({ description: 'false when the node offers no txpool_content: the list is then empty' }),
});
export type PendingTransactionsResponse = Static<typeof PendingTransactionsResponse>;

/**
 * One transaction the node knows that the index does not hold yet: waiting in
 * the pool (blockNumber null), or mined and about to be indexed (blockNumber set).
 */
export const NodeTransaction = Type.Object({
  hash: Hash,
  from: Address,
  to: NullableAddress,
  nonce: Type.Integer(),
  value: Amount,
  valueWei: Wei,
  gas: Type.String({ description: 'gas limit' }),
  gasPriceWei: Wei,
  fee: Amount,
  feeWei: Wei,
  input: Type.String({ description: 'call data, 0x…' }),
  inputData: Type.Union([InputData, Type.Null()], { description: 'the call decoded, when an ABI or a standard signature knows it' }),
  blockNumber: Type.Union([Type.Integer(), Type.Null()], { description: 'null while pending in the pool' }),
});
export type NodeTransaction = Static<typeof NodeTransaction>;

export const NodeTransactionResponse = Ok(NodeTransaction);
export type NodeTransactionResponse = Static<typeof NodeTransactionResponse>;
