/**
 * The NFT items an address holds now (the address page's NFTs tab), from the indexed
 * transfers, by the collection's standard:
 * - ERC-721 (and a collection not known as ERC-1155): an item belongs to the recipient of its latest
 *   transfer; only items the address ever received are looked at (token_transfers_to_idx).
 * - ERC-1155: an id has any number of holders; the address holds the sum of what it received minus
 *   what it sent of that id (its own transfers only, token_transfers_to_idx and _from_idx), listed
 *   while that balance is above zero.
 * Each row carries the transfer that last brought the item to the address (the tab's "Received
 * in"), its standard and its amount (always 1 for ERC-721). Latest received first.
 */
import { sql, type RawBuilder } from 'kysely';
import type { AddressNftItem, NftKind } from '../../common/api/nfts';
import type { ApiContext } from '../core/context';
import { isoTime, rubyAddress } from '../core/format';
import type { Page } from '../core/params';
import { tokenUris } from './nftInventory';

export interface HeldRow {
  token_address: string;
  token_id: string;
  tx_hash: string;
  block_number: number;
  timestamp: number;
  log_index: number;
  batch_index: number;
  amount: string;
  standard: NftKind;
}

const isErc1155 = (column: RawBuilder<unknown>) =>
  sql`EXISTS (SELECT 1 FROM contracts c WHERE c.address = ${column} AND c.nft_kind = 'erc1155')`;

/** ERC-721 items whose latest transfer went to `holder`. */
const held721 = (holder: string) => sql`
  SELECT l.token_address, l.token_id::text AS token_id, l.tx_hash, l.block_number, l.timestamp, l.log_index, l.batch_index,
    '1' AS amount, 'erc721' AS standard
  FROM (
    SELECT DISTINCT ON (t.token_address, t.token_id) t.token_address, t.token_id, t.to_address, t.tx_hash, t.block_number, t.timestamp,
      t.log_index, t.batch_index
    FROM token_transfers t
    JOIN (
      SELECT DISTINCT r.token_address, r.token_id FROM token_transfers r
      WHERE r.to_address = ${holder} AND r.token_id IS NOT NULL AND NOT ${isErc1155(sql.ref('r.token_address'))}
    ) r ON r.token_address = t.token_address AND r.token_id = t.token_id
    ORDER BY t.token_address, t.token_id, t.block_number DESC, t.log_index DESC, t.batch_index DESC
  ) l WHERE l.to_address = ${holder}`;

/** ERC-1155 ids `holder` has a positive balance of: in minus out per (collection, id). */
const held1155 = (holder: string) => sql`
  SELECT x.token_address, x.token_id::text AS token_id, x.tx_hash, x.block_number, x.timestamp, x.log_index, x.batch_index,
    x.amount::text AS amount, 'erc1155' AS standard
  FROM (
    SELECT m.*, sum(m.delta) OVER w AS amount,
      row_number() OVER (w ORDER BY m.delta > 0 DESC, m.block_number DESC, m.log_index DESC, m.batch_index DESC) AS rn
    FROM (
      SELECT token_address, token_id, value AS delta, tx_hash, block_number, timestamp, log_index, batch_index
        FROM token_transfers WHERE to_address = ${holder} AND token_id IS NOT NULL
      UNION ALL
      SELECT token_address, token_id, -value, tx_hash, block_number, timestamp, log_index, batch_index
        FROM token_transfers WHERE from_address = ${holder} AND token_id IS NOT NULL
    ) m
    WHERE ${isErc1155(sql.ref('m.token_address'))}
    WINDOW w AS (PARTITION BY m.token_address, m.token_id)
  ) x WHERE x.rn = 1 AND x.amount > 0`;

/** Every item `holder` holds now, both standards. */
export const heldItems = (holder: string) => sql`(${held721(holder)}) UNION ALL (${held1155(holder)})`;

export async function addressNftCount(ctx: ApiContext, holder: string): Promise<number> {
  const { rows } = await sql<{ n: string }>`SELECT count(*)::text AS n FROM (${heldItems(holder)}) h`.execute(ctx.db);
  return Number(rows[0]?.n ?? 0);
}

export async function addressNfts(ctx: ApiContext, holder: string, page: Page): Promise<AddressNftItem[]> {
  const { rows } = await sql<HeldRow & { name: string | null; symbol: string | null }>`
    SELECT h.*, c.name, c.symbol FROM (${heldItems(holder)}) h LEFT JOIN contracts c ON c.address = h.token_address
    ORDER BY h.block_number DESC, h.log_index DESC, h.batch_index DESC, h.token_address, h.token_id
    LIMIT ${page.size} OFFSET ${page.offset}`.execute(ctx.db);
  const uris = await tokenUris(
    ctx,
    rows.map((r) => ({ token: r.token_address, id: r.token_id, kind: r.standard })),
  );
  return rows.map((r, i) => ({
    contractAddress: rubyAddress(r.token_address),
    name: r.name,
    symbol: r.symbol,
    tokenId: r.token_id,
    standard: r.standard,
    amount: r.amount,
    hash: r.tx_hash,
    blockNumber: Number(r.block_number),
    timestamp: Number(r.timestamp),
    createdAt: isoTime(Number(r.timestamp)),
    tokenUri: uris[i] ?? null,
  }));
}
