/**
 * From database rows to the API's field formats (see common/api/base.ts): `r…` addresses,
 * RUBY numbers beside exact wei strings, ISO and epoch times.
 */
import { toRubyAddress } from '../../common/address';

const DIGITS = /^-?\d+$/;

/**
 * A wei (or token base unit) amount as a display number; exactness lives in the *Wei field.
 * The decimal point is placed in the digit string and Number() rounds that exact decimal once,
 * so the result equals Number(ethers.formatUnits(wei, decimals)) (tests/server/api/format.test.ts)
 * at a small fraction of its cost: lists format two amounts per row, and ethers' FixedNumber
 * was a third of the API's CPU on a block page.
 */
export function toAmount(wei: string | bigint | null | undefined, decimals = 18): number {
  if (wei === null || wei === undefined) return 0;
  let digits = typeof wei === 'bigint' || !DIGITS.test(wei) ? BigInt(wei).toString() : wei;
  const negative = digits.startsWith('-');
  if (negative) digits = digits.slice(1);
  if (!Number.isSafeInteger(decimals) || decimals < 0) throw new RangeError(`invalid decimals: ${decimals}`);
  if (decimals === 0) return Number(negative ? `-${digits}` : digits);
  const padded = digits.padStart(decimals + 1, '0');
  const text = `${padded.slice(0, padded.length - decimals)}.${padded.slice(padded.length - decimals)}`;
  return Number(negative ? `-${text}` : text);
}

/** Decimal digits of a numeric (wei) column; '0' for null. */
export function toWei(wei: string | bigint | null | undefined): string {
  return wei === null || wei === undefined ? '0' : BigInt(wei).toString();
}

const RUBY_CACHE_MAX = 50_000;
const rubyCache = new Map<string, string>();

export function rubyAddress(a: string): string;
export function rubyAddress(a: string | null | undefined): string | null;
export function rubyAddress(a: string | null | undefined): string | null {
  if (!a) return null;
  // The EIP-55 checksum is a keccak per call (tens of µs): lists repeat the same few addresses,
  // so remember the answers (bounded; cleared when full).
  let r = rubyCache.get(a);
  if (r === undefined) {
    r = toRubyAddress(a);
    if (rubyCache.size >= RUBY_CACHE_MAX) rubyCache.clear();
    rubyCache.set(a, r);
  }
  return r;
}

let lastEpoch = Number.NaN;
let lastIso = '';

/** ISO time of epoch seconds. Lists repeat one timestamp per block: the last answer is kept. */
export function isoTime(epochSeconds: number): string {
  if (epochSeconds !== lastEpoch) {
    lastIso = new Date(epochSeconds * 1000).toISOString();
    lastEpoch = epochSeconds;
  }
  return lastIso;
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
