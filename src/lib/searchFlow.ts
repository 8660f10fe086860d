/**
 * The pure rules of the search flow (docs/decisions.md#spec-states); the order of the steps, the calls and
 * the navigation live in src/machines/searchMachine.ts, which uses these rules as its guards:
 * 1. an empty term does nothing;
 * 2. the term is saved to the history;
 * 3. the contract list is fetched; a term under 20 characters is matched against contract names, then token
 *    symbols, then public name tags (exact, case-insensitive), a longer one against contract addresses (r… or 0x…, any case);
 * 4. a match of type rbc20 goes to /TokenDetail/{address}, dapp to /contractDetail/{address},
 *    any other type to /Invalidinput;
 * 5. without a match the search-data endpoint names the kind: 'block' → block page,
 *    'transaction' → transaction page, 'alladdress' → address page, else /Invalidinput.
 * Any failure (network, non-ok answer, missing result) ends on /Invalidinput (docs/decisions.md#spec-errors).
 */
import { SEARCH } from '../../common/spec';
import type { SearchContractItem } from '../../common/api/search';
import { urls } from '../app/urls';

/** True when the term is matched against names (under 20 characters). */
export function isNameTerm(term: string): boolean {
  return term.length < SEARCH.nameThreshold;
}

/** An address reduced to its 40 lowercase hex digits (r… and 0x… alike); other text lowercased. */
export function addressKey(value: string): string {
  const s = value.trim();
  const m = /^(?:r|0x)([0-9a-f]{40})$/i.exec(s);
  return m ? (m[1] as string).toLowerCase() : s.toLowerCase();
}

/**
 * Step 3: the contract the term names, or undefined. A name term matches a contract's name, else a token's symbol,
 * else a public name tag, each exact and case-insensitive ('RUSD', 'Ruby DEX Router'), so Enter
 * finds what the suggestions would have offered without waiting for them.
 */
export function matchContract(term: string, contracts: readonly SearchContractItem[]): SearchContractItem | undefined {
  if (isNameTerm(term)) {
    const name = term.toLowerCase();
    const by = (field: (c: SearchContractItem) => string | undefined) => contracts.find((c) => field(c)?.toLowerCase() === name);
    return by((c) => c.contractname) ?? by((c) => c.symbol) ?? by((c) => c.tag);
  }
  const key = addressKey(term);
  return contracts.find((c) => addressKey(c.contract_address) === key);
}

/** Step 4: where a matched contract leads. */
export function contractTarget(c: { contractType: string; contract_address: string; nft?: boolean }): string {
  const type = c.contractType;
  // An NFT collection has the token page.
  if (type === 'rbc20' || c.nft === true) return urls.tokenDetail(c.contract_address);
  if (type === 'dapp') return urls.contractDetail(c.contract_address);
  return urls.invalidInput();
}

/** Step 5: where a search-data answer leads. The route value is the answer's `value`, else the term. */
export function kindTarget(kind: unknown, value: string | number | undefined, term: string): string {
  const v = value === undefined || value === '' ? term : String(value);
  switch (kind) {
    case 'block':
      return urls.block(v);
    case 'transaction':
      return urls.transaction(v);
    case 'alladdress':
      return urls.address(v);
    default:
      return urls.invalidInput(term);
  }
}
