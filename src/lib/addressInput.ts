/**
 * Client-side shape check of an address from the URL, so a malformed one gets a clear message at
 * once instead of a request the API can only refuse. Same rule as common/address.ts (which pulls
 * in ethers, too heavy for the bundle): `r` or `0x` followed by 40 hex digits, any case.
 */
const ADDRESS_RE = /^(?:[rR]|0[xX])[0-9a-fA-F]{40}$/;

export function isAddressInput(input: string): boolean {
  return ADDRESS_RE.test(input.trim());
}

/** Case-insensitive equality of two addresses in either form (false when either is malformed). */
export function sameAddressInput(a: string, b: string): boolean {
  if (!isAddressInput(a) || !isAddressInput(b)) return false;
  return a.trim().slice(-40).toLowerCase() === b.trim().slice(-40).toLowerCase();
}
