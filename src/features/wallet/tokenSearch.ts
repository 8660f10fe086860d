import { parseAddress } from '../../../common/address';
import { SEARCH } from '../../../common/spec';
import type { SearchTokenItem } from '../../../common/api/wallet';

/** An address or the start of one: r or 0x, then hex digits only. */
const ADDRESS_SHAPE = /^(?:r|0x)([0-9a-f]+)$/i;

/**
 * The wallet's token search (docs/decisions.md#wallet-token-search): the name or the symbol
 * contains the query, case-insensitive, at any length ('Ruby Dollar', 'ruby silver', 'RSLV'); a query shaped like an
 * address (r or 0x and hex digits) of 10 or more characters also matches the contract address, its start or all of it.
 * The specification took every query of 10 or more characters for an address, so longer names found nothing.
 */
export function searchTokens(catalogue: readonly SearchTokenItem[], query: string): SearchTokenItem[] {
  const q = query.trim();
  if (q === '') return [];
  const needle = q.toLowerCase();
  const shape = q.length >= SEARCH.walletTokenThreshold ? ADDRESS_SHAPE.exec(q) : null;
  const full = shape ? parseAddress(q) : null;
  const prefix = shape ? (shape[1] as string).toLowerCase() : null;
  return catalogue.filter((t) => {
    if ((t.contractname ?? '').toLowerCase().includes(needle) || (t.symbol ?? '').toLowerCase().includes(needle)) return true;
    if (prefix === null) return false;
    const hex = t.contract_address.toLowerCase().slice(1);
    return full ? `0x${hex}` === full : hex.startsWith(prefix);
  });
}
