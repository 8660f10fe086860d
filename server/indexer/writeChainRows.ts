/**
 * The chain rows of one batch (blocks, transactions, address links, logs, transfers, internal
 * calls, withdrawals), appended with COPY inside the caller's transaction. They cannot exist yet
 * (re-indexing deletes them first, rollback.ts), so COPY's lack of ON CONFLICT is no loss. The
 * column types come from the schema (bulkColumns), so they cannot drift from the migrations.
 */
import type { Kysely, Transaction } from 'kysely';
import { bulkColumns } from '../db/bulk';
import { copyInsert } from '../db/copy';
import type { DB } from '../db/schema';
import type { BatchRows } from './rowTypes';

type Tx = Transaction<DB> | Kysely<DB>;
const s = (v: bigint | null): string | null => (v === null ? null : v.toString());

/** The columns each chain table is written with, in the order of the values below (bench/capacityRows.ts writes the same). */
// prettier-ignore
export const CHAIN_ROW_COLUMNS = {
  blocks: [
    'number', 'hash', 'parent_hash', 'miner', 'timestamp', 'size', 'gas_used', 'gas_limit', 'base_fee_per_gas', 'difficulty',
    'total_difficulty', 'nonce', 'extra_data', 'mix_hash', 'receipts_root', 'sha3_uncles', 'state_root', 'tx_count', 'traced',
  ],
  transactions: [
    'hash', 'block_number', 'tx_index', 'timestamp', 'from_address', 'to_address', 'contract_address', 'value', 'gas', 'gas_price',
    'max_fee_per_gas', 'max_priority_fee_per_gas', 'effective_gas_price', 'gas_used', 'fee', 'nonce', 'input', 'status',
    'envelope_type', 'chain_id', 'v', 'r', 's', 'tx_type', 'method', 'decoded_input', 'token_address',
  ],
  address_transactions: ['address', 'block_number', 'tx_index', 'hash'],
  logs: ['block_number', 'log_index', 'tx_hash', 'tx_index', 'address', 'topic0', 'topic1', 'topic2', 'topic3', 'data'],
  token_transfers: [
    'block_number', 'log_index', 'tx_hash', 'tx_index', 'timestamp', 'token_address', 'from_address', 'to_address', 'value', 'token_id',
    'batch_index',
  ],
  internal_transactions: [
    'block_number', 'tx_hash', 'tx_index', 'trace_index', 'timestamp', 'trace_address', 'call_type', 'from_address', 'to_address',
    'value', 'gas', 'gas_used', 'input', 'output', 'error',
  ],
  withdrawals: ['block_number', 'position', 'withdrawal_index', 'validator_index', 'address', 'amount', 'timestamp'],
  tx_authorizations: [
    'block_number', 'tx_index', 'auth_index', 'tx_hash', 'chain_id', 'delegate', 'nonce', 'y_parity', 'r', 's', 'authority', 'valid',
    'invalid_reason',
  ],
  tx_blobs: ['block_number', 'tx_index', 'tx_hash', 'versioned_hashes', 'max_fee_per_blob_gas', 'blob_gas_used', 'blob_gas_price'],
} as const satisfies { [T in ChainTable]: ReadonlyArray<keyof DB[T] & string> };

type ChainTable =
  | 'blocks'
  | 'transactions'
  | 'address_transactions'
  | 'logs'
  | 'token_transfers'
  | 'internal_transactions'
  | 'withdrawals'
  | 'tx_authorizations'
  | 'tx_blobs';

const BLOCK_COLUMNS = bulkColumns('blocks', CHAIN_ROW_COLUMNS.blocks);
const TX_COLUMNS = bulkColumns('transactions', CHAIN_ROW_COLUMNS.transactions);
const ADDRESS_TX_COLUMNS = bulkColumns('address_transactions', CHAIN_ROW_COLUMNS.address_transactions);
const LOG_COLUMNS = bulkColumns('logs', CHAIN_ROW_COLUMNS.logs);
const TRANSFER_COLUMNS = bulkColumns('token_transfers', CHAIN_ROW_COLUMNS.token_transfers);
const INTERNAL_COLUMNS = bulkColumns('internal_transactions', CHAIN_ROW_COLUMNS.internal_transactions);
const WITHDRAWAL_COLUMNS = bulkColumns('withdrawals', CHAIN_ROW_COLUMNS.withdrawals);
const AUTHORIZATION_COLUMNS = bulkColumns('tx_authorizations', CHAIN_ROW_COLUMNS.tx_authorizations);
const BLOB_COLUMNS = bulkColumns('tx_blobs', CHAIN_ROW_COLUMNS.tx_blobs);

export async function writeChainRows(tx: Tx, rows: BatchRows): Promise<void> {
  await copyInsert(tx, 'blocks', BLOCK_COLUMNS, rows.blocks, (b) => [
    b.number,
    b.hash,
    b.parentHash,
    b.miner,
    b.timestamp,
    b.size,
    s(b.gasUsed),
    s(b.gasLimit),
    s(b.baseFeePerGas),
    s(b.difficulty),
    s(b.totalDifficulty),
    b.nonce,
    b.extraData,
    b.mixHash,
    b.receiptsRoot,
    b.sha3Uncles,
    b.stateRoot,
    b.txCount,
    b.traced,
  ]);

  await copyInsert(tx, 'transactions', TX_COLUMNS, rows.txs, (t) => [
    t.hash,
    t.blockNumber,
    t.txIndex,
    t.timestamp,
    t.from,
    t.to,
    t.contractAddress,
    s(t.value),
    s(t.gas),
    s(t.gasPrice),
    s(t.maxFeePerGas),
    s(t.maxPriorityFeePerGas),
    s(t.effectiveGasPrice),
    s(t.gasUsed),
    s(t.fee),
    t.nonce,
    t.input,
    t.status,
    t.envelopeType,
    t.chainId,
    t.v,
    t.r,
    t.s,
    t.txType,
    t.method,
    t.decodedInput,
    t.tokenAddress,
  ]);

  await copyInsert(tx, 'address_transactions', ADDRESS_TX_COLUMNS, rows.addressTxs, (a) => [a.address, a.blockNumber, a.txIndex, a.hash]);

  await copyInsert(tx, 'logs', LOG_COLUMNS, rows.logs, (l) => [
    l.blockNumber,
    l.logIndex,
    l.txHash,
    l.txIndex,
    l.address,
    l.topics[0],
    l.topics[1],
    l.topics[2],
    l.topics[3],
    l.data,
  ]);

  await copyInsert(tx, 'token_transfers', TRANSFER_COLUMNS, rows.transfers, (t) => [
    t.blockNumber,
    t.logIndex,
    t.txHash,
    t.txIndex,
    t.timestamp,
    t.token,
    t.from,
    t.to,
    s(t.value),
    s(t.tokenId),
    t.batchIndex ?? 0,
  ]);

  await copyInsert(tx, 'internal_transactions', INTERNAL_COLUMNS, rows.internal, (c) => [
    c.blockNumber,
    c.txHash,
    c.txIndex,
    c.traceIndex,
    c.timestamp,
    c.traceAddress,
    c.callType,
    c.from,
    c.to,
    s(c.value),
    s(c.gas),
    s(c.gasUsed),
    c.input,
    c.output,
    c.error,
  ]);

  await copyInsert(tx, 'withdrawals', WITHDRAWAL_COLUMNS, rows.withdrawals, (w) => [
    w.blockNumber,
    w.position,
    s(w.index),
    s(w.validatorIndex),
    w.address,
    s(w.amountWei),
    w.timestamp,
  ]);

  if (rows.authorizations.length > 0) {
    await copyInsert(tx, 'tx_authorizations', AUTHORIZATION_COLUMNS, rows.authorizations, (a) => [
      a.blockNumber,
      a.txIndex,
      a.authIndex,
      a.txHash,
      s(a.chainId),
      a.delegate,
      s(a.nonce),
      a.yParity,
      a.r,
      a.s,
      a.authority,
      a.valid,
      a.invalidReason,
    ]);
  }
  if (rows.blobs.length > 0) {
    await copyInsert(tx, 'tx_blobs', BLOB_COLUMNS, rows.blobs, (b) => [
      b.blockNumber,
      b.txIndex,
      b.txHash,
      b.versionedHashes,
      s(b.maxFeePerBlobGas),
      s(b.blobGasUsed),
      s(b.blobGasPrice),
    ]);
  }
}
