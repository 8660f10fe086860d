/**
 * The advanced filter's rows as CSV lines (the same RFC 4180 rules and formula guard as the address
 * exports, server/api/export/csv.ts), and as the API's rows.
 */
import type { AdvancedFilterRow } from '../../../common/api/advancedFilter';
import { rubyAddress, isoTime, toAmount } from '../../core/format';
import type { FilterRow } from '../../queries/advancedFilter';
import { csvField, exactUnits } from './csv';

export const FILTER_HEADER = [
  'Kind',
  'Transaction Hash',
  'Blockno',
  'UnixTimestamp',
  'DateTime (UTC)',
  'From',
  'To',
  'Amount',
  'Asset',
  'ContractAddress',
  'TokenId',
  'Method',
  'MethodId',
  'Status',
  'Amount (raw)',
];

const decimalsOf = (r: FilterRow): number => (r.token_decimals === null ? 18 : Number(r.token_decimals));
const methodIdOf = (r: FilterRow): string => (r.method_id.length >= 10 ? r.method_id : '0x');

export function filterLine(r: FilterRow): string {
  const iso = isoTime(Number(r.timestamp));
  const asset = r.token_address === null ? 'RUBY' : (r.token_symbol ?? '');
  return (
    `${r.kind},${r.hash},${r.block_number},${r.timestamp},${iso.slice(0, 10)} ${iso.slice(11, 19)},${rubyAddress(r.from_address)},` +
    `${rubyAddress(r.to_address) ?? ''},${exactUnits(r.value, decimalsOf(r))},${csvField(asset)},${rubyAddress(r.token_address) ?? ''},` +
    `${r.token_id ?? ''},${csvField(r.method)},${methodIdOf(r)},${r.ok ? 'Success' : 'Failed'},${r.value}\r\n`
  );
}

export function filterApiRow(r: FilterRow): AdvancedFilterRow {
  const timestamp = Number(r.timestamp);
  return {
    kind: r.kind,
    hash: r.hash,
    blockNumber: Number(r.block_number),
    txIndex: r.tx_index,
    index: r.idx,
    timestamp,
    createdAt: isoTime(timestamp),
    from: rubyAddress(r.from_address),
    to: rubyAddress(r.to_address),
    method: r.method,
    methodId: methodIdOf(r),
    status: r.ok ? 'Success' : 'Failed',
    value: toAmount(r.value, decimalsOf(r)),
    valueWei: r.value,
    token:
      r.token_address === null
        ? null
        : { address: rubyAddress(r.token_address), name: r.token_name, symbol: r.token_symbol, decimals: decimalsOf(r) },
    tokenId: r.token_id,
  };
}
