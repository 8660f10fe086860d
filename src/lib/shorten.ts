/**
 * Shortening of hashes, addresses and the search echo (docs/decisions.md#spec-screens, #spec-limits). Values too short
 * to gain anything from shortening are returned whole, so nothing is hidden for no reason.
 */
import { SEARCH } from '../../common/spec';

export const ELLIPSIS = '...';

/** first `lead` + '...' + last `tail` characters. */
export function shorten(value: string, lead: number, tail: number, dots: string = ELLIPSIS): string {
  if (value.length <= lead + tail + dots.length) return value;
  return `${value.slice(0, lead)}${dots}${tail > 0 ? value.slice(-tail) : ''}`;
}

/** Hashes: first 6, '...', last 4 ('0x1234...cdef'). */
export function shortenHash(hash: string): string {
  return shorten(hash, 6, 4);
}

/** Block hash / validator on the Latest Blocks cards: first 6 and last 6. */
export function shortenBlockCard(value: string): string {
  return shorten(value, 6, 6);
}

/** The leading lengths the spec's screens use for addresses. */
export const ADDRESS_LEADS = [20, 15, 12, 5] as const;
export type AddressLead = (typeof ADDRESS_LEADS)[number];

/** Addresses: `lead` leading characters (20, 15, 12 or 5 depending on the screen), '...', last 4. */
export function shortenAddress(address: string, lead: AddressLead = 12): string {
  return shorten(address, lead, 4);
}

/** The echo of the typed search query: over 20 characters → first 20 + '......' + last 4. */
export function shortenQueryEcho(query: string): string {
  if (query.length <= SEARCH.echoLead) return query;
  return `${query.slice(0, SEARCH.echoLead)}${SEARCH.echoDots}${query.slice(-SEARCH.echoTail)}`;
}
