/**
 * EIP-4895 withdrawals: a block may credit validators' withdrawals to addresses with
 * no transaction at all. Each is stored (block, position, index, validator index, address, amount
 * in wei) and its address counts as touched, so its balance is read from the node with the
 * batch's other balances: the credit is in the stored balance whatever the node.
 */
import type { RawBlock } from '../chain/types';

export interface WithdrawalRow {
  blockNumber: number;
  position: number;
  index: bigint;
  validatorIndex: bigint;
  address: string;
  amountWei: bigint;
  timestamp: number;
}

const GWEI = 1_000_000_000n;

/** The block's withdrawals as rows (none for a block without the field). */
export function withdrawalRows(block: RawBlock): WithdrawalRow[] {
  const n = Number(BigInt(block.number));
  const ts = Number(BigInt(block.timestamp));
  return (block.withdrawals ?? []).map((w, position) => ({
    blockNumber: n,
    position,
    index: BigInt(w.index),
    validatorIndex: BigInt(w.validatorIndex),
    address: w.address.toLowerCase(),
    amountWei: BigInt(w.amount) * GWEI,
    timestamp: ts,
  }));
}
