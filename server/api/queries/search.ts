/**
 * Search: the named contracts the SPA matches typed names against, and what a typed term is
 * (block number or hash, transaction hash, address).
 */
import { sql } from 'kysely';
import { parseAddress } from '../../../common/address';
import type { SearchContractItem, SearchKind } from '../../../common/api/search';
import type { ApiContext } from '../context';
import { rubyAddress } from '../format';

/** Rows of the full list (newest first): far above any real catalogue, a bound on the answer. */
export const SEARCH_LIST_LIMIT = 10_000;
/** Rows of an autocomplete answer. */
export const SEARCH_MATCH_LIMIT = 20;
/** Longer name queries cannot match (names are stored up to 200 characters). */
const MAX_QUERY = 200;

/** The name shown: a token by its on-chain name(), any other contract by its verified name first. */
const DISPLAY_NAME = sql<
  string | null
>`CASE WHEN c.contract_type = 'rbc20' THEN coalesce(c.name, s.contract_name) ELSE coalesce(s.contract_name, c.name) END`;

interface NamedRow {
  address: string;
  contract_type: string;
  is_nft: boolean;
  display: string | null;
}

function toItem(r: NamedRow): SearchContractItem {
  return {
    contractname: r.display ?? '',
    contract_address: rubyAddress(r.address),
    contractType: r.contract_type === 'rbc20' ? 'rbc20' : 'dapp',
    ...(r.is_nft ? { nft: true as const } : {}),
  };
}

/** Every contract with a name, newest first, once per block. */
export function namedContracts(ctx: ApiContext): Promise<SearchContractItem[]> {
  return ctx.cache.get('search:namedContracts', async () => {
    const r = await sql<NamedRow>`SELECT address, contract_type, is_nft, display FROM (
        SELECT c.address, c.contract_type, c.is_nft, c.block_number, ${DISPLAY_NAME} AS display
        FROM contracts c LEFT JOIN contract_sources s ON s.address = c.address
      ) named WHERE display IS NOT NULL AND display <> ''
      ORDER BY block_number DESC, address ASC LIMIT ${SEARCH_LIST_LIMIT}`.execute(ctx.db);
    return r.rows.map(toItem);
  });
}

/** LIKE pattern matching `q` literally anywhere. */
function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Named contracts whose name or token symbol contains `q` (case-insensitive): exact matches, then prefixes, then shorter names. */
export async function matchContracts(ctx: ApiContext, q: string): Promise<SearchContractItem[]> {
  const term = q.trim();
  if (term.length > MAX_QUERY || term.includes('\0')) return [];
  const lower = term.toLowerCase();
  // A token's symbol matches too ('RUSD' finds Ruby USD, issue #25 item 9): an exact symbol first, then as names.
  const r = await sql<NamedRow>`SELECT address, contract_type, is_nft, display FROM (
      SELECT c.address, c.contract_type, c.is_nft, c.symbol, ${DISPLAY_NAME} AS display
      FROM contracts c LEFT JOIN contract_sources s ON s.address = c.address
    ) named WHERE display IS NOT NULL AND display <> ''
      AND (display ILIKE ${containsPattern(term)} ESCAPE '\\' OR symbol ILIKE ${containsPattern(term)} ESCAPE '\\')
    ORDER BY (lower(display) = ${lower}) DESC, (lower(coalesce(symbol, '')) = ${lower}) DESC,
      (position(${lower} in lower(display)) = 1) DESC, length(display) ASC, display ASC, address ASC
    LIMIT ${SEARCH_MATCH_LIMIT}`.execute(ctx.db);
  return r.rows.map(toItem);
}

const HASH_BODY = /^(?:0[xX])?([0-9a-fA-F]{64})$/;
const BLOCK_NUMBER = /^[0-9]{1,16}$/;

/** What the term names, with the value for that page's route; null when nothing. */
export async function resolveSearch(ctx: ApiContext, raw: string): Promise<{ result: SearchKind; value: number | string } | null> {
  const term = raw.trim();
  if (term === '' || term.length > 100) return null;
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
