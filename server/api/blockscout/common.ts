/**
 * What every Blockscout v2 answer shares: addresses as Blockscout's address objects (0x, EIP-55),
 * its error answers (422 for a malformed parameter, 404 "Not found"), and its paging
 * (`next_page_params`, passed back verbatim by clients as the next request's query).
 */
import { sql } from 'kysely';
import { parseAddress, toChecksumHexAddress } from '../../../common/address';
import type { ProxyInfo, ProxyKind } from '../../../common/api/proxy';
import type { ApiContext } from '../../core/context';
import { isHash } from '../../core/params';
import type { Page } from '../../core/params';
import { DISPLAY_NAME_SQL } from '../../queries/displayName';

/** Blockscout's items carry no summaries or token moves: the shared list queries skip them (queries/listExtras.ts). */
export const NO_EXTRAS = { extras: false } as const;

/** Blockscout's page size (its lists answer 50 items). */
export const BS_PAGE_SIZE = 50;

/** An error in Blockscout's words: 422 {errors:[…]} for a bad parameter, 404/400 {message}. */
export class BlockscoutError extends Error {
  constructor(
    readonly statusCode: number,
    readonly payload: object,
  ) {
    super(JSON.stringify(payload));
    this.name = 'BlockscoutError';
  }
}

const ADDRESS_FORMAT = 'Invalid format. Expected ~r/^0x([A-Fa-f0-9]{40})$/';
const HASH_FORMAT = 'Invalid format. Expected ~r/^0x([A-Fa-f0-9]{64})$/';

/** 422 as Blockscout's parameter casting answers it (OpenApiSpex's JSON:API error list). */
export function invalidParam(name: string, detail: string): BlockscoutError {
  return new BlockscoutError(422, { errors: [{ title: 'Invalid value', source: { pointer: `/${name}` }, detail }] });
}
export const notFoundBs = (): BlockscoutError => new BlockscoutError(404, { message: 'Not found' });

/** A path's address: lowercase 0x (the storage form); `r…` is taken too. */
export function bsAddressParam(input: string, name = 'address_hash_param'): string {
  const a = parseAddress(input);
  if (a === null) throw invalidParam(name, ADDRESS_FORMAT);
  return a;
}
export function bsHashParam(input: string, name = 'transaction_hash_param'): string {
  if (!isHash(input)) throw invalidParam(name, HASH_FORMAT);
  return input.toLowerCase();
}
export function bsBlockParam(input: string): { number: number } | { hash: string } {
  if (isHash(input)) return { hash: input.toLowerCase() };
  if (/^(0|[1-9][0-9]{0,14})$/.test(input)) return { number: Number(input) };
  throw invalidParam('block_hash_or_number_param', 'Invalid value: expected a block number or a 0x block hash');
}

/** The page a request's `items_count` (the items already listed, as our next_page_params carry it) asks for. */
export function bsPage(query: Readonly<Record<string, unknown>>, size = BS_PAGE_SIZE): Page {
  const raw = query.items_count;
  if (raw === undefined || raw === '') return { page: 1, size, offset: 0 };
  const s = String(raw);
  if (!/^(0|[1-9][0-9]{0,8})$/.test(s)) throw invalidParam('items_count', 'Invalid integer. Got: string');
  const offset = Number(s);
  return { page: Math.floor(offset / size) + 1, size, offset };
}

/** next_page_params after `page`: null on the last page; `key` adds the last item's keyset fields. */
export function nextPageParams(page: Page, listed: number, more: boolean, key: Record<string, string | number> = {}): object | null {
  if (!more || listed < page.size) return null;
  return { ...key, items_count: page.offset + listed };
}

export type BsProxyType = 'eip1967' | 'eip1967_beacon' | 'eip1822' | 'eip1167' | 'basic_implementation';
export interface BsImplementation {
  address_hash: string;
  name: string | null;
}

const PROXY_TYPES: Record<ProxyKind, BsProxyType> = {
  eip1967: 'eip1967',
  'eip1967-beacon': 'eip1967_beacon',
  eip1822: 'eip1822',
  eip1167: 'eip1167',
  getter: 'basic_implementation',
};

/** A proxy as Blockscout names it, from the contract page's proxy resolution (queries/proxies.ts proxyInfo). */
export function proxyFields(p: ProxyInfo | null): { proxy_type: BsProxyType | null; implementations: BsImplementation[] } {
  if (!p) return { proxy_type: null, implementations: [] };
  return {
    proxy_type: PROXY_TYPES[p.kind],
    implementations: [{ address_hash: toChecksumHexAddress(p.implementation), name: p.implementationName }],
  };
}

/** Blockscout's Address object. */
export interface BsAddress {
  hash: string;
  is_contract: boolean | null;
  name: string | null;
  is_scam: boolean;
  reputation: 'ok';
  proxy_type: BsProxyType | null;
  implementations: BsImplementation[];
  is_verified: boolean | null;
  ens_domain_name: null;
  metadata: null;
  private_tags: never[];
  public_tags: never[];
  watchlist_names: never[];
}

export interface AddressFacts {
  isContract: boolean;
  name: string | null;
  verified: boolean;
}
export type AddressBook = ReadonlyMap<string, AddressFacts>;

/** `address` in either form (our items name them r…). */
export function bsAddress(address: string, book: AddressBook): BsAddress {
  const lower = parseAddress(address) ?? address.toLowerCase();
  const f = book.get(lower);
  return {
    hash: toChecksumHexAddress(lower),
    is_contract: f?.isContract ?? false,
    name: f?.name ?? null,
    is_scam: false,
    reputation: 'ok',
    proxy_type: null,
    implementations: [],
    is_verified: f?.verified ?? false,
    ens_domain_name: null,
    metadata: null,
    private_tags: [],
    public_tags: [],
    watchlist_names: [],
  };
}
export const bsAddressOrNull = (address: string | null | undefined, book: AddressBook): BsAddress | null =>
  address ? bsAddress(address, book) : null;

/** Contract name and verification of the addresses an answer names (one statement). */
export async function addressBook(ctx: ApiContext, addresses: Iterable<string | null | undefined>): Promise<AddressBook> {
  const list = [...new Set([...addresses].flatMap((a) => (a ? [parseAddress(a) ?? ''] : [])).filter((a) => a !== ''))];
  const out = new Map<string, AddressFacts>();
  if (list.length === 0) return out;
  const rows = await ctx.db
    .selectFrom('contracts as c')
    .leftJoin('contract_sources as s', 's.address', 'c.address')
    .select(['c.address', DISPLAY_NAME_SQL.as('name'), sql<boolean>`s.address IS NOT NULL`.as('verified')])
    .where('c.address', 'in', list)
    .execute();
  for (const r of rows) out.set(r.address, { isContract: true, name: r.name, verified: Boolean(r.verified) });
  return out;
}

/** Epoch seconds as Blockscout's timestamps ('2026-11-28T14:00:00.000000Z'). */
export function bsTime(epochSeconds: number): string {
  return new Date(epochSeconds * 1000).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}

/** Blockscout's token type names for our contract kinds. */
export function tokenType(contractType: string, isNft: boolean, nftKind: string | null = null): 'ERC-20' | 'ERC-721' | 'ERC-1155' | null {
  if (contractType === 'rbc20') return 'ERC-20';
  if (isNft) return nftKind === 'erc1155' ? 'ERC-1155' : 'ERC-721';
  return null;
}

/** The hashes of indexed blocks by number (token transfers and logs name their block by hash too). */
export async function blockHashes(ctx: ApiContext, numbers: Iterable<number>): Promise<ReadonlyMap<number, string>> {
  const list = [...new Set(numbers)];
  if (list.length === 0) return new Map();
  const rows = await ctx.db.selectFrom('blocks').select(['number', 'hash']).where('number', 'in', list).execute();
  return new Map(rows.map((r) => [r.number, r.hash]));
}
