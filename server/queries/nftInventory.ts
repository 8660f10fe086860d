/**
 * NFT collections. The indexer keeps no NFT ownership table: an item belongs to the
 * recipient of its latest transfer (a burn, to the zero address, removes it), read through
 * token_transfers_nft_idx (migration 016). Metadata URIs are asked of the node for the page shown.
 */
import { AbiCoder } from 'ethers';
import { sql } from 'kysely';
import type { NftInventoryItem, NftKind } from '../../common/api/nfts';
import { rpcCalls, settledOf } from '../chain/rpcActions';
import type { ApiContext } from '../core/context';
import { isoTime, rubyAddress } from '../core/format';
import type { Page } from '../core/params';
import type { TokenMeta } from './tokens';
import { erc1155Counts, erc1155Holdings } from './erc1155Inventory';

const coder = AbiCoder.defaultAbiCoder();
const ZERO = '0x0000000000000000000000000000000000000000';
/** tokenURI(uint256) and ERC-1155's uri(uint256). */
const URI_SELECTOR: Record<NftKind, string> = { erc721: '0xc87b56dd', erc1155: '0x0e89341c' };

export interface NftCollection {
  address: string;
  kind: NftKind;
  name: string | null;
  symbol: string | null;
}

/** An NFT collection known to the indexer, or null (not a contract, or not an NFT). */
export async function findNftCollection(ctx: ApiContext, address: string): Promise<NftCollection | null> {
  const r = await ctx.db
    .selectFrom('contracts')
    .select(['address', 'name', 'symbol', 'is_nft', 'nft_kind'])
    .where('address', '=', address)
    .executeTakeFirst();
  if (!r || !(r.is_nft || r.nft_kind === 'erc721' || r.nft_kind === 'erc1155')) return null;
  return { address: r.address, kind: r.nft_kind === 'erc1155' ? 'erc1155' : 'erc721', name: r.name, symbol: r.symbol };
}

/** A collection as the transfer lists take a token (no decimals: each transfer moves one item). */
export async function findNftToken(ctx: ApiContext, address: string): Promise<TokenMeta | null> {
  const c = await findNftCollection(ctx, address);
  if (!c) return null;
  const r = await ctx.db.selectFrom('contracts').select('transfer_count').where('address', '=', address).executeTakeFirstOrThrow();
  return { address, name: c.name, symbol: c.symbol, decimals: 0, totalSupply: null, transferCount: r.transfer_count };
}

interface ItemRow {
  token_address: string;
  token_id: string;
  to_address: string;
  tx_hash: string;
  block_number: number;
  timestamp: number;
}

/** The current items of a collection: each token id with the latest transfer that moved it. */
const latestItems = (token: string) => sql`
  SELECT DISTINCT ON (token_id) token_address, token_id, to_address, tx_hash, block_number, timestamp
  FROM token_transfers WHERE token_address = ${token} AND token_id IS NOT NULL
  ORDER BY token_id, block_number DESC, log_index DESC`;

/** Items of the collection not burnt (ERC-1155: holdings per id), and their distinct owners. */
export async function inventoryCounts(
  ctx: ApiContext,
  token: string,
  kind: NftKind = 'erc721',
): Promise<{ items: number; owners: number }> {
  if (kind === 'erc1155') return erc1155Counts(ctx, token);
  const { rows } = await sql<{ items: string; owners: string }>`
    SELECT count(*)::text AS items, count(DISTINCT to_address)::text AS owners
    FROM (${latestItems(token)}) l WHERE l.to_address <> ${ZERO}`.execute(ctx.db);
  return { items: Number(rows[0]?.items ?? 0), owners: Number(rows[0]?.owners ?? 0) };
}

/** Metadata calls sent together (one post of the visitor lane). */
export const METADATA_CHUNK = 4;
/** A page's metadata calls stop being sent after this long; the items left show no metadata. */
export const METADATA_BUDGET_MS = 3_000;

/**
 * The metadata URI of each item, from the node now, through the visitor lane (gas-capped, timed
 * out, never counted by the node breaker); null where the call fails, answers no string, was
 * stopped, or was not sent because the page's METADATA_BUDGET_MS was spent (a collection whose
 * tokenURI burns gas costs the node at most about that long per page).
 */
export async function tokenUris(
  ctx: ApiContext,
  items: readonly { token: string; id: string; kind: NftKind }[],
): Promise<(string | null)[]> {
  const out: (string | null)[] = items.map(() => null);
  const deadline = performance.now() + METADATA_BUDGET_MS;
  for (let at = 0; at < items.length && performance.now() < deadline; at += METADATA_CHUNK) {
    const chunk = items.slice(at, at + METADATA_CHUNK);
    const calls = chunk.map((i) =>
      rpcCalls.call({ to: i.token, data: URI_SELECTOR[i.kind] + BigInt(i.id).toString(16).padStart(64, '0') }, 'latest'),
    );
    const answers = await settledOf(ctx.visitorRpc, calls).catch(() => null);
    if (answers === null) break; // the lane is full or the node is gone: the rest stays unavailable
    answers.forEach((o, k) => {
      if (o.ok) out[at + k] = decodeString(o.result);
    });
  }
  return out;
}

/** An ABI-encoded string, or null. */
export function decodeString(hex: string): string | null {
  try {
    return (coder.decode(['string'], hex)[0] as string).slice(0, 2048);
  } catch {
    return null;
  }
}

const lastTransfer = (r: ItemRow) => ({
  hash: r.tx_hash,
  blockNumber: r.block_number,
  timestamp: r.timestamp,
  createdAt: isoTime(r.timestamp),
});

/** One page of a collection's items, by token id (ERC-1155: each id's holdings, with the amount). */
export async function nftInventory(ctx: ApiContext, c: NftCollection, page: Page): Promise<NftInventoryItem[]> {
  if (c.kind === 'erc1155') {
    const held = await erc1155Holdings(ctx, c.address, page);
    const uris = await tokenUris(
      ctx,
      held.map((r) => ({ token: r.token_address, id: r.token_id, kind: c.kind })),
    );
    return held.map((r, i) => ({
      tokenId: r.token_id,
      owner: rubyAddress(r.to_address),
      amount: r.amount,
      ...lastTransfer(r),
      tokenUri: uris[i] ?? null,
    }));
  }
  const { rows } = await sql<ItemRow>`SELECT * FROM (${latestItems(c.address)}) l WHERE l.to_address <> ${ZERO}
    ORDER BY l.token_id LIMIT ${page.size} OFFSET ${page.offset}`.execute(ctx.db);
  const uris = await tokenUris(
    ctx,
    rows.map((r) => ({ token: r.token_address, id: r.token_id, kind: c.kind })),
  );
  return rows.map((r, i) => ({ tokenId: r.token_id, owner: rubyAddress(r.to_address), ...lastTransfer(r), tokenUri: uris[i] ?? null }));
}
