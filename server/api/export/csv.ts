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
import { rubyAddress } from '../format';
import type { ExportInternalRow, ExportTransferRow, ExportTxRow } from '../queries/exportRows';
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
 * An exact decimal: "1.5", "0.000000000000000001", "12" (trailing zeros trimmed). Plain string
 * work on the integer's digits (ethers' formatUnits costs about 15 µs a value, a third of a row).
 */
export function exactUnits(raw: string, decimals: number): string {
  if (!/^\d+$/.test(raw) || !Number.isInteger(decimals) || decimals < 0) {
    const text = formatUnits(BigInt(raw), decimals);
    return text.endsWith('.0') ? text.slice(0, -2) : text;
  }
  const digits = raw.replace(/^0+(?=\d)/, '');
  if (decimals === 0) return digits;
  const padded = digits.padStart(decimals + 1, '0');
  const int = padded.slice(0, padded.length - decimals);
  const frac = padded.slice(padded.length - decimals).replace(/0+$/, '');
  return frac === '' ? int : `${int}.${frac}`;
}

const dateTime = (ts: number) =>
  new Date(Number(ts) * 1000)
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d{3}Z$/, '');

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
  return csvLine([
    r.hash,
    r.block_number,
    r.timestamp,
    dateTime(r.timestamp),
    rubyAddress(r.from_address),
    rubyAddress(r.to_address),
    rubyAddress(r.contract_address),
    incoming && !outgoing ? value : '0',
    outgoing ? value : '0',
    outgoing ? exactUnits(r.fee, 18) : '0',
    r.status === 1 ? 'Success' : 'Failed',
    r.method ?? '',
    TX_TYPE_LABELS[r.tx_type as keyof typeof TX_TYPE_LABELS] ?? TX_TYPE_UNKNOWN,
    r.nonce,
    r.value,
    r.fee,
  ]);
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
  return csvLine([
    r.tx_hash,
    r.block_number,
    r.timestamp,
    dateTime(r.timestamp),
    rubyAddress(r.from_address),
    rubyAddress(r.to_address),
    nft ? r.value : exactUnits(r.value, r.decimals ?? DEFAULT_TOKEN_DECIMALS),
    rubyAddress(r.token_address),
    r.name ?? '',
    r.symbol ?? '',
    r.token_id ?? '',
    direction,
    r.value,
  ]);
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
  return csvLine([
    r.tx_hash,
    r.block_number,
    r.timestamp,
    dateTime(r.timestamp),
    rubyAddress(r.from_address),
    rubyAddress(r.to_address),
    outgoing ? '0' : value,
    outgoing ? value : '0',
    r.call_type,
    r.trace_address,
    r.error ?? '',
    r.value,
  ]);
}
