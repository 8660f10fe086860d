/**
 * Transactions in Blockscout's Transaction shape. The list or detail query gives the item (hash,
 * position, parties, value, fee, status, method: queries/transactions.ts, addresses.ts, blocks.ts,
 * transactionDetail.ts); `txFacts` adds the gas and envelope columns Blockscout's item carries and
 * our list items leave out, for the page's hashes in one statement.
 */
import type { TransactionListItem } from '../../../common/api/transactions';
import { TX_TYPE } from '../../../common/txTypes';
import type { ApiContext } from '../../core/context';
import { bsAddress, bsAddressOrNull, bsTime, type AddressBook } from './common';

export interface TxFacts {
  tx_index: number;
  gas: string;
  gas_price: string | null;
  effective_gas_price: string;
  max_fee_per_gas: string | null;
  max_priority_fee_per_gas: string | null;
  gas_used: string;
  nonce: number;
  input: string;
  envelope_type: number;
  base_fee_per_gas: string | null;
}

/** The gas and envelope facts of the transactions `hashes` (with their block's base fee). */
export async function txFacts(ctx: ApiContext, hashes: readonly string[]): Promise<ReadonlyMap<string, TxFacts>> {
  if (hashes.length === 0) return new Map();
  const rows = await ctx.db
    .selectFrom('transactions as t')
    .leftJoin('blocks as b', 'b.number', 't.block_number')
    .select([
      't.hash',
      't.tx_index',
      't.gas',
      't.gas_price',
      't.effective_gas_price',
      't.max_fee_per_gas',
      't.max_priority_fee_per_gas',
      't.gas_used',
      't.nonce',
      't.input',
      't.envelope_type',
      'b.base_fee_per_gas',
    ])
    .where('t.hash', 'in', [...new Set(hashes)])
    .execute();
  return new Map(rows.map(({ hash, ...f }) => [hash, f]));
}

/** The item fields a shaped transaction reads (every list item and the detail have them). */
export type TxItem = Pick<
  TransactionListItem,
  | 'hash'
  | 'blockNumber'
  | 'transactionIndex'
  | 'timestamp'
  | 'from'
  | 'to'
  | 'contractAddress'
  | 'valueWei'
  | 'feeWei'
  | 'status'
  | 'transactiontype'
  | 'functionName'
>;

const TYPES: Record<number, string[]> = {
  [TX_TYPE.coinTransfer]: ['coin_transfer'],
  [TX_TYPE.contractCreate]: ['contract_creation'],
  [TX_TYPE.tokenTransfer]: ['token_transfer', 'contract_call'],
  [TX_TYPE.contractCall]: ['contract_call'],
};

const mul = (a: string | null, b: string): string | null => (a === null ? null : (BigInt(a) * BigInt(b)).toString());

/** Addresses a shaped transaction names (for addressBook). */
export const txAddresses = (t: TxItem): (string | null)[] => [t.from, t.to, t.contractAddress];

export function shapeTransaction(
  t: TxItem,
  f: TxFacts | undefined,
  head: number | null,
  book: AddressBook,
  transfers: { items: object[]; overflow: boolean } | null = null,
  decoded: object | null = null,
) {
  const input = f?.input ?? '0x';
  const baseFee = f?.base_fee_per_gas ?? null;
  const gasUsed = f?.gas_used ?? '0';
  const priorityPerGas = f && baseFee !== null ? (BigInt(f.effective_gas_price) - BigInt(baseFee)).toString() : null;
  const creation = t.to === null;
  return {
    hash: t.hash,
    result: t.status === 1 ? 'success' : 'Reverted',
    status: t.status === 1 ? 'ok' : 'error',
    block_number: t.blockNumber,
    timestamp: bsTime(t.timestamp),
    from: bsAddress(t.from, book),
    to: creation ? null : bsAddress(t.to ?? '', book),
    created_contract: bsAddressOrNull(t.contractAddress, book),
    confirmations: head === null ? 0 : Math.max(0, head - t.blockNumber + 1),
    confirmation_duration: [],
    value: t.valueWei,
    fee: { type: 'actual', value: t.feeWei },
    gas_price: f?.effective_gas_price ?? null,
    type: f?.envelope_type ?? null,
    gas_used: gasUsed,
    gas_limit: f?.gas ?? '0',
    max_fee_per_gas: f?.max_fee_per_gas ?? null,
    max_priority_fee_per_gas: f?.max_priority_fee_per_gas ?? null,
    base_fee_per_gas: baseFee,
    priority_fee: priorityPerGas === null ? null : mul(priorityPerGas, gasUsed),
    transaction_burnt_fee: mul(baseFee, gasUsed),
    nonce: f?.nonce ?? 0,
    position: t.transactionIndex,
    revert_reason: null,
    raw_input: input,
    decoded_input: decoded,
    token_transfers: transfers?.items ?? null,
    token_transfers_overflow: transfers?.overflow ?? null,
    actions: [],
    exchange_rate: null,
    historic_exchange_rate: null,
    method: t.functionName ?? (input.length >= 10 ? input.slice(0, 10) : null),
    transaction_types: TYPES[t.transactiontype] ?? ['contract_call'],
    transaction_tag: null,
    has_error_in_internal_transactions: null,
    authorization_list: [],
    is_pending_update: false,
  };
}
