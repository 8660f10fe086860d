/**
 * The one place that converts between the RVM's `r…` address form and Ethereum's `0x…` form.
 *
 * Invariants:
 * - Every input (URL, search box, API path, form) may be `r…` or `0x…`, in any case.
 * - Display / API output is `r` + 40 hex digits in EIP-55 checksum casing.
 * - Storage and JSON-RPC use lowercase `0x…` (canonical, so string equality is address equality).
 */
// keccak-256 from @noble/hashes (what ethers' getAddress uses inside), not ethers itself: the
// browser's entry imports this module, and `ethers` would bring its whole package into the
// landing pages' vendor chunk (vite.config.ts).
import { keccak_256 } from '@noble/hashes/sha3';

const BODY = /^[0-9a-fA-F]{40}$/;

export class AddressError extends Error {
  constructor(input: string) {
    super(`Invalid address: ${input.length > 60 ? `${input.slice(0, 60)}…` : input}`);
    this.name = 'AddressError';
  }
}

/** The 40 hex digits of an `r…` / `0x…` address, or null when the input is not one. */
function body(input: string): string | null {
  if (typeof input !== 'string') return null;
  const s = input.trim();
  let rest: string;
  if (s.length === 41 && (s[0] === 'r' || s[0] === 'R')) rest = s.slice(1);
  else if (s.length === 42 && s[0] === '0' && (s[1] === 'x' || s[1] === 'X')) rest = s.slice(2);
  else return null;
  return BODY.test(rest) ? rest.toLowerCase() : null;
}

/** True when the input is an address in either form, any case. */
export function isAddress(input: string): boolean {
  return body(input) !== null;
}

/** Lowercase `0x…` form (storage, comparison, JSON-RPC), or null when invalid. */
export function parseAddress(input: string): string | null {
  const b = body(input);
  return b === null ? null : `0x${b}`;
}

/** Lowercase `0x…` form; throws AddressError when invalid. */
export function toHexAddress(input: string): string {
  const a = parseAddress(input);
  if (a === null) throw new AddressError(String(input));
  return a;
}

/** EIP-55: a hex letter is uppercase when its nibble of keccak-256(lowercase hex) is ≥ 8. */
function checksum(lowerHex: string): string {
  // The hex is ASCII: its bytes built in this realm's Uint8Array (a TextEncoder's can come from
  // another realm under jsdom, which @noble/hashes' instanceof check refuses).
  const hash = keccak_256(Uint8Array.from(lowerHex, (c) => c.charCodeAt(0)));
  let out = '';
  for (let i = 0; i < lowerHex.length; i++) {
    const c = lowerHex[i] as string;
    const nibble = ((hash[i >> 1] as number) >> (i % 2 === 0 ? 4 : 0)) & 0xf;
    out += c >= 'a' && nibble >= 8 ? c.toUpperCase() : c;
  }
  return out;
}

/** EIP-55 checksummed `0x…` form; throws AddressError when invalid. */
export function toChecksumHexAddress(input: string): string {
  return `0x${checksum(toHexAddress(input).slice(2))}`;
}

/** Display form: `r` + EIP-55 checksummed hex; throws AddressError when invalid. */
export function toRubyAddress(input: string): string {
  return `r${toChecksumHexAddress(input).slice(2)}`;
}

/** Display form for values that may be absent (a contract creation has no `to`). */
export function toRubyAddressOrNull(input: string | null | undefined): string | null {
  if (input === null || input === undefined || input === '') return null;
  return toRubyAddress(input);
}

/** Case-insensitive equality across both forms; false when either is invalid. */
export function sameAddress(a: string, b: string): boolean {
  const x = parseAddress(a);
  return x !== null && x === parseAddress(b);
}
