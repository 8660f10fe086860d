/**
 * The one mapping from a `transactions` row to the list item every list shares.
 */
import type { Selectable } from 'kysely';
import type { TransactionListItem } from '../../../common/api/transactions';
import type { DB } from '../../db/schema';
import { isoTime, rubyAddress, toAmount, toWei } from '../format';

/** The columns a list item needs (select these, not *, to keep list queries narrow). */
export const TX_LIST_COLUMNS = [
  'hash', 'block_number', 'tx_index', 'timestamp', 'from_address', 'to_address', 'contract_address',
  'value', 'fee', 'status', 'tx_type', 'method', 'token_address', 'decoded_input',
] as const;

export type TxListRow = Pick<Selectable<DB['transactions']>, (typeof TX_LIST_COLUMNS)[number]>;

/** Addresses inside decodedInput are stored lowercase 0x: show them in the r form. */
export function displayDecodedInput(value: unknown): Record<string, unknown>[] | null {
  if (!Array.isArray(value)) return null;
  const conv = (v: unknown): unknown => {
    if (typeof v === 'string' && /^0x[0-9a-fA-F]{40}$/.test(v)) return rubyAddress(v);
    if (Array.isArray(v)) return v.map(conv);
    return v;
  };
  return value.filter((x): x is Record<string, unknown> => typeof x === 'object' && x !== null).map((item) =>
    Object.fromEntries(Object.entries(item).map(([k, v]) => [k, conv(v)])));
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
