/**
 * From database rows to the API's field formats (see common/api/base.ts): `r…` addresses,
 * RUBY numbers beside exact wei strings, ISO and epoch times.
 */
import { formatUnits } from 'ethers';
import { toRubyAddress } from '../../common/address';

/** A wei (or token base unit) amount as a display number; exactness lives in the *Wei field. */
export function toAmount(wei: string | bigint | null | undefined, decimals = 18): number {
  if (wei === null || wei === undefined) return 0;
  return Number(formatUnits(BigInt(wei), decimals));
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

export function isoTime(epochSeconds: number): string {
  return new Date(epochSeconds * 1000).toISOString();
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
