/**
 * The one mapping from a `transactions` row to the list item every list shares.
 */
import type { Selectable } from 'kysely';
import type { TransactionListItem } from '../../common/api/transactions';
import { parseColumnSpec, tables, type DB } from '../db/schema';
import { isoTime, rubyAddress, toAmount, toWei } from '../core/format';

/** The columns a list item needs (select these, not *, to keep list queries narrow). */
export const TX_LIST_COLUMNS = [
  'hash',
  'block_number',
  'tx_index',
  'timestamp',
  'from_address',
  'to_address',
  'contract_address',
  'value',
  'fee',
  'status',
  'tx_type',
  'method',
  'token_address',
  'decoded_input',
] as const;

/**
 * The same columns as json_build_object arguments over a row alias `t`, for lists aggregated
 * inside one statement: numeric (wei) columns as text, so JSON never carries them as numbers.
 */
export const TX_JSON_FIELDS = TX_LIST_COLUMNS.map(
  (c) => `'${c}', t.${c}${parseColumnSpec(tables.transactions[c]).type === 'numeric' ? '::text' : ''}`,
).join(', ');

export type TxListRow = Pick<Selectable<DB['transactions']>, (typeof TX_LIST_COLUMNS)[number]>;

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** Addresses inside decodedInput are stored lowercase 0x: show them in the r form. */
export function displayDecodedInput(value: unknown): Record<string, unknown>[] | null {
  if (!Array.isArray(value)) return null;
  const conv = (v: unknown): unknown => {
    if (typeof v === 'string') return v.length === 42 && HEX_ADDRESS.test(v) ? rubyAddress(v) : v;
    if (Array.isArray(v)) return v.map(conv);
    return v;
  };
  // Object.fromEntries, not assignment: a parameter an ABI names __proto__ stays a plain key.
  return value
    .filter((x): x is Record<string, unknown> => typeof x === 'object' && x !== null)
    .map((item) => Object.fromEntries(Object.entries(item).map(([k, v]) => [k, conv(v)])));
}

export function toTransactionListItem(r: TxListRow): TransactionListItem {
  return {
    hash: r.hash,
    blockNumber: r.block_number,
    transactionIndex: r.tx_index,
    timestamp: r.timestamp,
    createdAt: isoTime(r.timestamp),
    from: rubyAddress(r.from_address),
    to: rubyAddress(r.to_address),
    contractAddress: rubyAddress(r.contract_address),
    value: toAmount(r.value),
    valueWei: toWei(r.value),
    fee: toAmount(r.fee),
    feeWei: toWei(r.fee),
    status: r.status,
    transactiontype: r.tx_type,
    functionName: r.method,
    tokenAddress: rubyAddress(r.token_address),
    decodedInput: displayDecodedInput(r.decoded_input),
  };
}
