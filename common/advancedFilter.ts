/**
 * The advanced filter's parameters, as a URL's query carries them (so a filter is a link): parsed
 * and checked here once, for the API (a 400 with the message) and the page (the same message
 * under the form, before it asks). Pure: no database. An unknown token is found by the API.
 *
 *   from, to     one or several addresses (r… or 0x…), comma-separated; mode=and|or joins them
 *   method       4-byte selectors (0x + 8 hex) or method names, comma-separated
 *   token        token contracts (fungible or NFT), comma-separated; only token rows match then
 *   kind         tx, internal, token, nft (comma-separated; all when absent)
 *   min, max     amount in whole units of the row's asset (RUBY, or the token's decimals)
 *   fromBlock, toBlock, fromDate, toDate (YYYY-MM-DD, UTC, inclusive)
 *   status       success | failed
 *   cursor, size keyset paging (newest first)
 */
import { parseAddress } from './address';
import { defineTexts } from './i18n/texts';

/** Why a filter is impossible: the API's 400 message, and the page's (in the active language; Hindi in src/locales/hi/filter.json). */
export const FILTER_ERRORS = defineTexts('filter.errors', {
  tooMany: (field: string, max: number) => `At most ${max} values in ${field}`,
  address: (value: string, field: string) => `Invalid address "${value}" in ${field}: use r… or 0x… with 40 hex digits`,
  selector: (value: string) => `Invalid method selector "${value}": use 0x + 8 hex digits, or a method name`,
  methodName: (value: string) => `Invalid method name "${value}": use a name such as transfer, or 0x + 8 hex digits`,
  amount: (field: string, value: string) => `Invalid ${field} amount "${value}": use a decimal number such as 1.5`,
  block: (field: string, value: string) => `Invalid ${field} "${value}": use a block number`,
  date: (field: string, value: string) => `Invalid ${field} "${value}": use YYYY-MM-DD (UTC)`,
  cursor: 'Invalid cursor: use the next cursor of a page',
  size: (value: string, max: number) => `Invalid size "${value}": use 1 to ${max}`,
  choice: (field: string, value: string, allowed: string) => `Invalid ${field} "${value}": use ${allowed}`,
  kind: (value: string, allowed: string) => `Invalid kind "${value}": use ${allowed}`,
  tokenKind: 'A token filter matches token transfers only: add the kind token or nft',
  amountRange: (min: string, max: string) => `The minimum amount ${min} is above the maximum ${max}`,
  blockRange: (from: number, to: number) => `The first block ${from} is after the last block ${to}`,
  dateRange: (from: string, to: string) => `The start date ${from} is after the end date ${to}`,
  unknownToken: (tokens: string) => `Unknown token ${tokens}: not a token this explorer has indexed`,
} as const);

export const FILTER_KINDS = ['tx', 'internal', 'token', 'nft'] as const;
export type FilterKind = (typeof FILTER_KINDS)[number];
export const FILTER_STATUSES = ['success', 'failed'] as const;
export type FilterStatus = (typeof FILTER_STATUSES)[number];
/** The query's field names, in the order a link writes them. */
export const FILTER_FIELDS = [
  'from',
  'to',
  'mode',
  'method',
  'token',
  'kind',
  'min',
  'max',
  'fromBlock',
  'toBlock',
  'fromDate',
  'toDate',
  'status',
] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];
export type FilterQuery = Partial<Record<FilterField | 'cursor' | 'size', string>>;

/** At most this many values in one list field. */
export const MAX_FILTER_VALUES = 10;
export const DEFAULT_FILTER_SIZE = 25;
export const MAX_FILTER_SIZE = 100;

export interface FilterMethod {
  selector: string | null;
  name: string | null;
}
/** A row's place in the newest-first order: block, tx index, kind rank (tx 2, internal 1, token 0), index, batch index. */
export type FilterCursor = readonly [number, number, number, number, number];

export interface FilterSpec {
  from: string[];
  to: string[];
  mode: 'and' | 'or';
  methods: FilterMethod[];
  tokens: string[];
  kinds: FilterKind[];
  /** Decimal text in whole units, as typed (trimmed). */
  min: string | null;
  max: string | null;
  fromBlock: number | null;
  toBlock: number | null;
  fromDate: string | null;
  toDate: string | null;
  status: FilterStatus | null;
  cursor: FilterCursor | null;
  size: number;
}

export class FilterError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FilterError';
  }
}

const short = (v: string) => (v.length > 48 ? `${v.slice(0, 48)}…` : v);
const listOf = (raw: string | undefined): string[] =>
  (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');

function limited(name: string, values: string[]): string[] {
  if (values.length > MAX_FILTER_VALUES) throw new FilterError(FILTER_ERRORS.tooMany(name, MAX_FILTER_VALUES));
  return values;
}

function addresses(name: string, raw: string | undefined): string[] {
  const out = limited(name, listOf(raw)).map((v) => {
    const a = parseAddress(v);
    if (!a) throw new FilterError(FILTER_ERRORS.address(short(v), name));
    return a;
  });
  return [...new Set(out)];
}

const SELECTOR = /^0x[0-9a-fA-F]{8}$/;
const NAME = /^[A-Za-z_$][A-Za-z0-9_$]{0,99}$/;
function methods(raw: string | undefined): FilterMethod[] {
  return limited('method', listOf(raw)).map((v) => {
    if (SELECTOR.test(v)) return { selector: v.toLowerCase(), name: null };
    if (/^0x/i.test(v)) throw new FilterError(FILTER_ERRORS.selector(short(v)));
    if (!NAME.test(v)) throw new FilterError(FILTER_ERRORS.methodName(short(v)));
    return { selector: null, name: v };
  });
}

const AMOUNT = /^\d{1,40}(\.\d{1,36})?$/;
function amount(name: string, raw: string | undefined): string | null {
  const v = (raw ?? '').trim();
  if (v === '') return null;
  if (!AMOUNT.test(v)) throw new FilterError(FILTER_ERRORS.amount(name, short(v)));
  return v;
}

function block(name: string, raw: string | undefined): number | null {
  const v = (raw ?? '').trim();
  if (v === '') return null;
  if (!/^\d{1,15}$/.test(v)) throw new FilterError(FILTER_ERRORS.block(name, short(v)));
  return Number(v);
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
function date(name: string, raw: string | undefined): string | null {
  const v = (raw ?? '').trim();
  if (v === '') return null;
  const m = DATE.exec(v);
  const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
  if (!m || !d || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== v)
    throw new FilterError(FILTER_ERRORS.date(name, short(v)));
  return v;
}

/** Compares two decimal texts as numbers (-1, 0, 1). */
export function compareDecimal(a: string, b: string): number {
  const [ai = '0', af = ''] = a.split('.');
  const [bi = '0', bf = ''] = b.split('.');
  const width = Math.max(af.length, bf.length);
  const x = BigInt(ai + af.padEnd(width, '0'));
  const y = BigInt(bi + bf.padEnd(width, '0'));
  return x < y ? -1 : x > y ? 1 : 0;
}

function cursorOf(raw: string | undefined): FilterCursor | null {
  const v = (raw ?? '').trim();
  if (v === '') return null;
  const parts = v.split('.');
  if (parts.length !== 5 || !parts.every((p) => /^\d{1,15}$/.test(p))) throw new FilterError(FILTER_ERRORS.cursor);
  const n = parts.map(Number);
  return [n[0] ?? 0, n[1] ?? 0, n[2] ?? 0, n[3] ?? 0, n[4] ?? 0];
}
export const cursorText = (c: FilterCursor): string => c.join('.');

function sizeOf(raw: string | undefined): number {
  const v = (raw ?? '').trim();
  if (v === '') return DEFAULT_FILTER_SIZE;
  const n = /^\d{1,4}$/.test(v) ? Number(v) : NaN;
  if (!(n >= 1 && n <= MAX_FILTER_SIZE)) throw new FilterError(FILTER_ERRORS.size(short(v), MAX_FILTER_SIZE));
  return n;
}

function oneOf<T extends string>(name: string, raw: string | undefined, allowed: readonly T[]): T | null {
  const v = (raw ?? '').trim().toLowerCase();
  if (v === '') return null;
  const found = allowed.find((a) => a === v);
  if (!found) throw new FilterError(FILTER_ERRORS.choice(name, short(v), allowed.join(' or ')));
  return found;
}

/** The filter of a query; throws FilterError with the message to show for an impossible one. */
export function parseFilter(q: FilterQuery): FilterSpec {
  const kindsRaw = limited('kind', listOf(q.kind)).map((k) => {
    const found = FILTER_KINDS.find((x) => x === k.toLowerCase());
    if (!found) throw new FilterError(FILTER_ERRORS.kind(short(k), FILTER_KINDS.join(', ')));
    return found;
  });
  const tokens = addresses('token', q.token);
  let kinds: FilterKind[] = kindsRaw.length ? FILTER_KINDS.filter((k) => kindsRaw.includes(k)) : [...FILTER_KINDS];
  if (tokens.length) {
    if (kindsRaw.length && !kinds.some((k) => k === 'token' || k === 'nft')) throw new FilterError(FILTER_ERRORS.tokenKind);
    kinds = kinds.filter((k) => k === 'token' || k === 'nft');
  }
  const spec: FilterSpec = {
    from: addresses('from', q.from),
    to: addresses('to', q.to),
    mode: oneOf('mode', q.mode, ['and', 'or'] as const) ?? 'and',
    methods: methods(q.method),
    tokens,
    kinds,
    min: amount('min', q.min),
    max: amount('max', q.max),
    fromBlock: block('fromBlock', q.fromBlock),
    toBlock: block('toBlock', q.toBlock),
    fromDate: date('fromDate', q.fromDate),
    toDate: date('toDate', q.toDate),
    status: oneOf('status', q.status, FILTER_STATUSES),
    cursor: cursorOf(q.cursor),
    size: sizeOf(q.size),
  };
  if (spec.min !== null && spec.max !== null && compareDecimal(spec.min, spec.max) > 0)
    throw new FilterError(FILTER_ERRORS.amountRange(spec.min, spec.max));
  if (spec.fromBlock !== null && spec.toBlock !== null && spec.fromBlock > spec.toBlock)
    throw new FilterError(FILTER_ERRORS.blockRange(spec.fromBlock, spec.toBlock));
  if (spec.fromDate !== null && spec.toDate !== null && spec.fromDate > spec.toDate)
    throw new FilterError(FILTER_ERRORS.dateRange(spec.fromDate, spec.toDate));
  return spec;
}
