import { parseAddress } from '../../../common/address';
import { SEARCH } from '../../../common/spec';
import type { SearchTokenItem } from '../../../common/api/wallet';

/**
 * The wallet's token search (docs/decisions.md#spec-validation): under 10 characters matches the contract name
 * (case-insensitive, part of the name); 10 or more matches the contract address (r or 0x, any
 * case, the start of the address or all of it).
 */
export function searchTokens(catalogue: readonly SearchTokenItem[], query: string): SearchTokenItem[] {
  const q = query.trim();
  if (q === '') return [];
  if (q.length < SEARCH.walletTokenThreshold) {
    const needle = q.toLowerCase();
    return catalogue.filter((t) => (t.contractname ?? '').toLowerCase().includes(needle));
  }
  const full = parseAddress(q);
  const prefix = q.toLowerCase().replace(/^(r|0x)/, '');
  return catalogue.filter((t) => {
    const hex = t.contract_address.toLowerCase().slice(1);
    return full ? `0x${hex}` === full : hex.startsWith(prefix);
  });
}
