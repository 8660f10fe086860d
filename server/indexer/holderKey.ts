/**
 * A (token, holder) pair as one string, the key of the indexer's token-balance sets and maps
 * (transform's tokenHolders, the balance snapshot, the rows written). Only holderKey() makes one,
 * so no code splits or glues the pair by hand; the brand keeps a plain string out of those maps.
 *
 * Invariant: both halves are 0x addresses in lower case, as the indexer stores them (an address
 * never contains the separator).
 */

export type HolderKey = string & { readonly __holderKey: unique symbol };

const SEPARATOR = '|';

/** The zero address: mint and burn bookkeeping in Transfer events, never a holder. */
export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

export function holderKey(token: string, holder: string): HolderKey {
  return `${token}${SEPARATOR}${holder}` as HolderKey;
}

export function parseHolderKey(key: HolderKey): { token: string; holder: string } {
  const at = key.indexOf(SEPARATOR);
  return { token: key.slice(0, at), holder: key.slice(at + 1) };
}

/** A key whose holder is a real account (not the zero address). */
export function isRealHolder(key: HolderKey): boolean {
  return parseHolderKey(key).holder !== ZERO_ADDRESS;
}
