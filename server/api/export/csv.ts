/**
 * CSV lines of the address exports (RFC 4180: comma-separated, CRLF, a field quoted when it holds a
 * comma, quote or line break, quotes doubled). Columns follow Etherscan's exports where they exist,
 * so accounting tools that read those map ours, plus the exact values in wei and ours (Type,
 * TokenId). Addresses in the product's r… form; amounts exact (never rounded), in RUBY or the
 * token's own units. A field starting with = + - @ is prefixed with ' so a spreadsheet never runs
 * it as a formula (a token's name is chosen by whoever deployed it).
 */
import { formatUnits } from 'ethers';
import { TX_TYPE_LABELS, TX_TYPE_UNKNOWN } from '../../../common/spec';
import { rubyAddress } from '../../core/format';
import type { ExportInternalRow, ExportTransferRow, ExportTxRow } from '../../queries/exportRows';
import { DEFAULT_TOKEN_DECIMALS } from '../../../common/txTypes';

type Field = string | number | null | undefined;

export function csvField(v: Field): string {
  if (v === null || v === undefined) return '';
  let s = String(v);
  if (/^[=+\-@\t\r]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvLine = (fields: Field[]): string => `${fields.map(csvField).join(',')}\r\n`;

/**
 * A field that cannot need quoting or the formula guard: hex hashes, r… addresses, decimal digits,
 * our own labels. The row writers below join these as they are and send only free text (a method's
 * or a token's name, an error, a trace address) through csvField: at 100,000 rows an export spent
 * a third of its CSV time in csvField's two tests per field (bench/README.md, CSV export).
 */
const plain = (v: string | number | null): string | number => (v === null ? '' : v);

/**
 * An exact decimal: "1.5", "0.000000000000000001", "12" (trailing zeros trimmed). Plain string
 * work on the integer's digits (ethers' formatUnits costs about 15 µs a value, a third of a row).
 */
export function exactUnits(raw: string, decimals: number): string {
  if (!/^\d+$/.test(raw) || !Number.isInteger(decimals) || decimals < 0) {
    const text = formatUnits(BigInt(raw), decimals);
    return text.endsWith('.0') ? text.slice(0, -2) : text;
  }
  let start = 0;
  while (start < raw.length - 1 && raw.charCodeAt(start) === 48) start++;
  const digits = start === 0 ? raw : raw.slice(start);
  if (decimals === 0) return digits;
  const padded = digits.length > decimals ? digits : digits.padStart(decimals + 1, '0');
  const point = padded.length - decimals;
  let end = padded.length;
  while (end > point && padded.charCodeAt(end - 1) === 48) end--;
  return end === point ? padded.slice(0, point) : `${padded.slice(0, point)}.${padded.slice(point, end)}`;
}

/** "2026-11-27 07:08:31" (UTC). */
const dateTime = (ts: number) => {
  const iso = new Date(Number(ts) * 1000).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
};

export const TX_HEADER = [
  'Transaction Hash',
  'Blockno',
  'UnixTimestamp',
  'DateTime (UTC)',
  'From',
  'To',
  'ContractAddress',
  'Value_IN(RUBY)',
  'Value_OUT(RUBY)',
  'TxnFee(RUBY)',
  'Status',
  'Method',
  'Type',
  'Nonce',
  'Value (wei)',
  'TxnFee (wei)',
];

export function txLine(r: ExportTxRow, address: string): string {
  const value = exactUnits(r.value, 18);
  const incoming = r.to_address === address || r.contract_address === address;
  const outgoing = r.from_address === address;
  const label = TX_TYPE_LABELS[r.tx_type as keyof typeof TX_TYPE_LABELS] ?? TX_TYPE_UNKNOWN;
  return (
    `${r.hash},${r.block_number},${r.timestamp},${dateTime(r.timestamp)},${rubyAddress(r.from_address)},` +
    `${plain(rubyAddress(r.to_address))},${plain(rubyAddress(r.contract_address))},${incoming && !outgoing ? value : '0'},` +
    `${outgoing ? value : '0'},${outgoing ? exactUnits(r.fee, 18) : '0'},${r.status === 1 ? 'Success' : 'Failed'},` +
    `${csvField(r.method)},${csvField(label)},${r.nonce},${r.value},${r.fee}\r\n`
  );
}

export const TRANSFER_HEADER = [
  'Transaction Hash',
  'Blockno',
  'UnixTimestamp',
  'DateTime (UTC)',
  'From',
  'To',
  'TokenValue',
  'ContractAddress',
  'TokenName',
  'TokenSymbol',
  'TokenId',
  'Direction',
  'TokenValue (raw)',
];

export function transferLine(r: ExportTransferRow, address: string): string {
  const nft = r.token_id !== null;
  const direction = r.from_address === address ? (r.to_address === address ? 'SELF' : 'OUT') : 'IN';
  const amount = nft ? r.value : exactUnits(r.value, r.decimals ?? DEFAULT_TOKEN_DECIMALS);
  return (
    `${r.tx_hash},${r.block_number},${r.timestamp},${dateTime(r.timestamp)},${rubyAddress(r.from_address)},` +
    `${rubyAddress(r.to_address)},${amount},${rubyAddress(r.token_address)},${csvField(r.name)},${csvField(r.symbol)},` +
    `${plain(r.token_id)},${direction},${r.value}\r\n`
  );
}

export const INTERNAL_HEADER = [
  'Transaction Hash',
  'Blockno',
  'UnixTimestamp',
  'DateTime (UTC)',
  'From',
  'To',
  'Value_IN(RUBY)',
  'Value_OUT(RUBY)',
  'Type',
  'TraceAddress',
  'ErrCode',
  'Value (wei)',
];

export function internalLine(r: ExportInternalRow, address: string): string {
  const value = exactUnits(r.value, 18);
  const outgoing = r.from_address === address;
  return (
    `${r.tx_hash},${r.block_number},${r.timestamp},${dateTime(r.timestamp)},${rubyAddress(r.from_address)},` +
    `${plain(rubyAddress(r.to_address))},${outgoing ? '0' : value},${outgoing ? value : '0'},${csvField(r.call_type)},` +
    `${csvField(r.trace_address)},${csvField(r.error)},${r.value}\r\n`
  );
}
