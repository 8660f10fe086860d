/**
 * Search: the named contracts the SPA matches typed names against, and what a typed term is
 * (block number or hash, transaction hash, address).
 */
import { sql } from 'kysely';
import { parseAddress } from '../../common/address';
import type { SearchContractItem, SearchKind } from '../../common/api/search';
import type { ApiContext } from '../core/context';
import { rubyAddress } from '../core/format';
import { DISPLAY_NAME_SQL } from './displayName';

/** Rows of the full list (newest first): far above any real catalogue, a bound on the answer. */
export const SEARCH_LIST_LIMIT = 10_000;
/** Rows of an autocomplete answer. */
export const SEARCH_MATCH_LIMIT = 20;
/** Longer name queries cannot match (names are stored up to 200 characters). */
const MAX_QUERY = 200;

interface NamedRow {
  address: string;
  contract_type: string;
  is_nft: boolean;
  symbol: string | null;
  display: string | null;
}

/** Public name tags by lowercase 0x address (server/core/nameTags.ts). */
export type Tags = ReadonlyMap<string, string>;

function toItem(r: NamedRow, tags: Tags): SearchContractItem {
  const tag = tags.get(r.address);
  return {
    contractname: r.display ?? tag ?? '',
    contract_address: rubyAddress(r.address),
    contractType: r.contract_type === 'rbc20' ? 'rbc20' : 'dapp',
    ...(r.is_nft ? { nft: true as const } : {}),
    ...(r.symbol ? { symbol: r.symbol } : {}),
    ...(tag !== undefined ? { tag } : {}),
  };
}

/**
 * Every contract with a name, newest first, once per block, then the contracts known only by a public name tag
 * (the router, the splitter: no name() and not verified), so the search flow's list matches a tag as it matches a name
 *. The tags are added per answer: they change apart from blocks.
 */
export async function namedContracts(ctx: ApiContext, tags: Tags): Promise<SearchContractItem[]> {
  const rows = await ctx.cache.get('search:namedContracts', async () => {
    const r = await sql<NamedRow>`SELECT address, contract_type, is_nft, symbol, display FROM (
        SELECT c.address, c.contract_type, c.is_nft, c.symbol, c.block_number, ${DISPLAY_NAME_SQL} AS display
        FROM contracts c LEFT JOIN contract_sources s ON s.address = c.address
      ) named WHERE display IS NOT NULL AND display <> ''
      ORDER BY block_number DESC, address ASC LIMIT ${SEARCH_LIST_LIMIT}`.execute(ctx.db);
    return r.rows;
  });
  const listed = new Set(rows.map((r) => r.address));
  const unnamed = [...tags.keys()].filter((a) => !listed.has(a)).slice(0, SEARCH_LIST_LIMIT);
  const tagged =
    unnamed.length === 0
      ? []
      : (
          await sql<NamedRow>`SELECT c.address, c.contract_type, c.is_nft, c.symbol, NULL AS display FROM contracts c
            WHERE c.address IN (${sql.join(unnamed)}) ORDER BY c.block_number DESC, c.address ASC`.execute(ctx.db)
        ).rows;
  return [...rows, ...tagged].map((r) => toItem(r, tags));
}

/** LIKE pattern matching `q` literally anywhere. */
function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Addresses whose tag contains `lower`, and those whose tag is `lower`, at most SEARCH_LIST_LIMIT. */
function taggedMatching(tags: Tags, lower: string): { any: string[]; exact: string[] } {
  const any: string[] = [];
  const exact: string[] = [];
  for (const [address, tag] of tags) {
    const t = tag.toLowerCase();
    if (!t.includes(lower)) continue;
    any.push(address);
    if (t === lower) exact.push(address);
    if (any.length >= SEARCH_LIST_LIMIT) break;
  }
  return { any, exact };
}

/** `address IN (…)`; for none, a condition never true (an empty IN list is not SQL, a constant cannot sort). */
function inList(addresses: readonly string[]) {
  return addresses.length === 0 ? sql<boolean>`(address IS NULL)` : sql<boolean>`(address IN (${sql.join(addresses)}))`;
}

/**
 * Contracts whose name, token symbol or public name tag contains `q` (case-insensitive), at most 20: an exact name,
 * symbol or tag first, then names starting with it, then shorter names.
 */
export async function matchContracts(ctx: ApiContext, q: string, tags: Tags): Promise<SearchContractItem[]> {
  const term = q.trim();
  if (term.length > MAX_QUERY || term.includes('\0')) return [];
  const lower = term.toLowerCase();
  const tagged = taggedMatching(tags, lower);
  const like = containsPattern(term);
  const r = await sql<NamedRow>`SELECT address, contract_type, is_nft, symbol, display FROM (
      SELECT c.address, c.contract_type, c.is_nft, c.symbol, ${DISPLAY_NAME_SQL} AS display
      FROM contracts c LEFT JOIN contract_sources s ON s.address = c.address
    ) named WHERE ((display IS NOT NULL AND display <> '') OR ${inList(tagged.any)})
      AND (display ILIKE ${like} ESCAPE '\\' OR symbol ILIKE ${like} ESCAPE '\\' OR ${inList(tagged.any)})
    ORDER BY (lower(coalesce(display, '')) = ${lower}) DESC, (lower(coalesce(symbol, '')) = ${lower}) DESC,
      ${inList(tagged.exact)} DESC, (position(${lower} in lower(coalesce(display, ''))) = 1) DESC,
      length(coalesce(display, '')) ASC, display ASC, address ASC
    LIMIT ${SEARCH_MATCH_LIMIT}`.execute(ctx.db);
  return r.rows.map((row) => toItem(row, tags));
}

const HASH_BODY = /^(?:0[xX])?([0-9a-fA-F]{64})$/;
const BLOCK_NUMBER = /^[0-9]{1,16}$/;

/** What the term names, with the value for that page's route; null when nothing. */
export async function resolveSearch(
  ctx: ApiContext,
  raw: string,
  tags: Tags,
): Promise<{ result: SearchKind; value: number | string } | null> {
  const term = raw.trim();
  if (term === '' || term.length > 100) return null;
  // An address's exact public name tag ('Ruby DEX Router', any case) names that address.
  const lower = term.toLowerCase();
  for (const [address, tag] of tags) if (tag.toLowerCase() === lower) return { result: 'alladdress', value: rubyAddress(address) };
  const address = parseAddress(term);
  if (address) return { result: 'alladdress', value: rubyAddress(address) };
  const hash = HASH_BODY.exec(term);
  if (hash) {
    const h = `0x${(hash[1] as string).toLowerCase()}`;
    const tx = await ctx.db.selectFrom('transactions').select('hash').where('hash', '=', h).executeTakeFirst();
    if (tx) return { result: 'transaction', value: tx.hash };
    const block = await ctx.db.selectFrom('blocks').select('number').where('hash', '=', h).executeTakeFirst();
    if (block) return { result: 'block', value: block.number };
    return null;
  }
  if (BLOCK_NUMBER.test(term)) {
    const n = Number(term);
    if (!Number.isSafeInteger(n)) return null;
    const block = await ctx.db.selectFrom('blocks').select('number').where('number', '=', n).executeTakeFirst();
    if (block) return { result: 'block', value: block.number };
  }
  return null;
}
