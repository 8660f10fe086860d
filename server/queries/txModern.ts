/**
 * The modern transaction kinds' parts of the transaction and block details
 * (EIP-1559 fee figures, confirmations, EIP-4844 blob fields, EIP-7702 authorization lists) and
 * an account's delegation. The SQL parts ride in the detail's one statement (transactionDetail.ts).
 */
import { sql } from 'kysely';
import type { AddressDelegation, AuthorizationInvalidReason, TxAuthorization, TxBlobFields, TxFeeFigures } from '../../common/api/txKinds';
import type { ApiContext } from '../core/context';
import { rubyAddress } from '../core/format';

const ZERO = '0x0000000000000000000000000000000000000000';
/** /getDelegation lists at most this many delegation changes; the address page's counters the newest few. */
export const DELEGATION_HISTORY_LIMIT = 25;
export const DELEGATION_PAGE_ROWS = 5;

export interface AuthorizationJson {
  auth_index: number;
  chain_id: string;
  delegate: string;
  nonce: string;
  y_parity: number;
  r: string;
  s: string;
  authority: string | null;
  valid: boolean | null;
  invalid_reason: string | null;
}

export interface BlobJson {
  versioned_hashes: string[];
  max_fee_per_blob_gas: string | null;
  blob_gas_used: string | null;
  blob_gas_price: string | null;
}

/** Columns the detail statement adds (`t` is the transaction row): the indexed head, authorizations, blob fields. */
export const MODERN_COLUMNS = sql`(SELECT last_block FROM indexer_state WHERE id = 1) AS indexed_head,
      (SELECT coalesce(jsonb_agg(jsonb_build_object('auth_index', a.auth_index, 'chain_id', a.chain_id::text, 'delegate', a.delegate,
          'nonce', a.nonce::text, 'y_parity', a.y_parity, 'r', a.r, 's', a.s, 'authority', a.authority, 'valid', a.valid,
          'invalid_reason', a.invalid_reason) ORDER BY a.auth_index), '[]'::jsonb)
        FROM tx_authorizations a WHERE a.block_number = t.block_number AND a.tx_index = t.tx_index) AS authorizations,
      (SELECT jsonb_build_object('versioned_hashes', x.versioned_hashes, 'max_fee_per_blob_gas', x.max_fee_per_blob_gas::text,
          'blob_gas_used', x.blob_gas_used::text, 'blob_gas_price', x.blob_gas_price::text)
        FROM tx_blobs x WHERE x.block_number = t.block_number AND x.tx_index = t.tx_index) AS blob`;

const big = (v: string | null | undefined): bigint | null => (v === null || v === undefined ? null : BigInt(v));
const text = (v: bigint | null): string | null => (v === null ? null : v.toString());

/** EIP-1559 figures from the transaction's columns and its block's base fee. */
export function feeFigures(
  tx: { effective_gas_price: string; max_fee_per_gas: string | null; gas_used: string },
  baseFeePerGas: string | null,
): TxFeeFigures {
  const price = BigInt(tx.effective_gas_price);
  const used = BigInt(tx.gas_used);
  const base = big(baseFeePerGas);
  const max = big(tx.max_fee_per_gas);
  const tip = base === null ? null : price - base;
  return {
    priorityFeePerGas: text(tip),
    priorityFee: text(tip === null ? null : tip * used),
    burntFee: text(base === null ? null : base * used),
    savedFee: text(max === null ? null : (max - price) * used),
  };
}

/** Confirmations at the indexed head (head − block + 1), 0 when the head is unknown or behind. */
export function confirmations(head: number | string | null, block: number): number {
  if (head === null) return 0;
  return Math.max(Number(head) - block + 1, 0);
}

export function authorizationItem(a: AuthorizationJson): TxAuthorization {
  return {
    index: a.auth_index,
    chainId: a.chain_id,
    delegate: rubyAddress(a.delegate),
    cleared: a.delegate === ZERO,
    nonce: a.nonce,
    yParity: a.y_parity,
    r: a.r,
    s: a.s,
    authority: rubyAddress(a.authority),
    valid: a.valid,
    invalidReason: (a.invalid_reason as AuthorizationInvalidReason | null) ?? null,
  };
}

export function blobItem(b: BlobJson | null): TxBlobFields | null {
  if (!b) return null;
  const used = big(b.blob_gas_used);
  const price = big(b.blob_gas_price);
  return {
    versionedHashes: b.versioned_hashes,
    maxFeePerBlobGas: b.max_fee_per_blob_gas,
    blobGasUsed: b.blob_gas_used,
    blobGasPrice: b.blob_gas_price,
    blobFee: text(used === null || price === null ? null : used * price),
  };
}

/** Burnt fees and the producer's reward of a block, from its base fee, gas used and the sum of its fees. */
export function blockFees(b: { base_fee_per_gas: string | null; gas_used: string }, totalFees: string | null) {
  const total = BigInt(totalFees ?? '0');
  const base = big(b.base_fee_per_gas);
  const burnt = base === null ? null : base * BigInt(b.gas_used);
  return { burntFees: text(burnt), reward: text(burnt === null ? total : total - burnt), totalFees: total.toString() };
}

interface DelegationJson {
  delegate: string;
  block_number: number;
  timestamp: number;
  tx_hash: string;
}

/**
 * The account's valid authorizations, newest first, as one jsonb array column (`limit` rows):
 * an index range on (authority, block, tx, position) with the block's time.
 */
export function delegationColumn(address: string, limit: number) {
  return sql<DelegationJson[]>`(SELECT coalesce(jsonb_agg(jsonb_build_object('delegate', x.delegate, 'block_number', x.block_number,
      'timestamp', x.timestamp, 'tx_hash', x.tx_hash) ORDER BY x.block_number DESC, x.tx_index DESC, x.auth_index DESC), '[]'::jsonb)
    FROM (SELECT a.delegate, a.block_number, a.tx_index, a.auth_index, b.timestamp, a.tx_hash
      FROM tx_authorizations a JOIN blocks b ON b.number = a.block_number
      WHERE a.authority = ${address} AND a.valid
      ORDER BY a.block_number DESC, a.tx_index DESC, a.auth_index DESC LIMIT ${limit}) x)`;
}

/**
 * The delegation from those rows: the newest one's delegate, none when it cleared (delegated to
 * the zero address) or there is none.
 */
export function delegationOf(rows: DelegationJson[]): AddressDelegation {
  const history = rows.map((r) => ({
    delegate: r.delegate === ZERO ? null : rubyAddress(r.delegate),
    cleared: r.delegate === ZERO,
    blockNumber: Number(r.block_number),
    timestamp: Number(r.timestamp),
    txHash: r.tx_hash,
  }));
  return { delegate: history[0]?.delegate ?? null, history };
}

/** /getDelegation: the account's delegation and its last DELEGATION_HISTORY_LIMIT changes. */
export async function addressDelegation(ctx: ApiContext, address: string): Promise<AddressDelegation> {
  const r = await sql<{ d: DelegationJson[] }>`SELECT ${delegationColumn(address, DELEGATION_HISTORY_LIMIT)} AS d`.execute(ctx.db);
  return delegationOf(r.rows[0]?.d ?? []);
}
