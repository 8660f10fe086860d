/**
 * An ERC-1155 collection's inventory: the holdings per id, each holder's amount of each
 * id summed from token_transfers (received minus sent; the zero address and empty holdings left
 * out), with the transfer that last changed the holding. ERC-721 items have one owner each
 * (nftInventory.ts); an ERC-1155 id has any number of holders.
 */
import { sql } from 'kysely';
import type { ApiContext } from '../core/context';

const ZERO = '0x0000000000000000000000000000000000000000';

export interface HoldingRow {
  token_address: string;
  token_id: string;
  to_address: string;
  amount: string;
  tx_hash: string;
  block_number: number;
  timestamp: number;
}

const holdings = (token: string) => sql`
  WITH moves AS (
    SELECT token_address, token_id, to_address AS holder, value AS delta, tx_hash, block_number, log_index, batch_index, timestamp
      FROM token_transfers WHERE token_address = ${token} AND token_id IS NOT NULL
    UNION ALL
    SELECT token_address, token_id, from_address, -value, tx_hash, block_number, log_index, batch_index, timestamp
      FROM token_transfers WHERE token_address = ${token} AND token_id IS NOT NULL
  ), sums AS (
    SELECT token_id, holder, sum(delta) AS amount FROM moves GROUP BY token_id, holder
  ), latest AS (
    SELECT DISTINCT ON (token_id, holder) token_address, token_id, holder, tx_hash, block_number, timestamp
      FROM moves ORDER BY token_id, holder, block_number DESC, log_index DESC, batch_index DESC
  )
  SELECT l.token_address, l.token_id::text AS token_id, l.holder AS to_address, s.amount::text AS amount,
    l.tx_hash, l.block_number, l.timestamp
  FROM sums s JOIN latest l ON l.token_id = s.token_id AND l.holder = s.holder
  WHERE s.amount > 0 AND s.holder <> ${ZERO}`;

/** One page of the holdings, by token id then holder. */
export async function erc1155Holdings(ctx: ApiContext, token: string, page: { size: number; offset: number }): Promise<HoldingRow[]> {
  const { rows } = await sql<HoldingRow>`SELECT * FROM (${holdings(token)}) h
    ORDER BY h.token_id::numeric, h.to_address LIMIT ${page.size} OFFSET ${page.offset}`.execute(ctx.db);
  return rows.map((r) => ({ ...r, block_number: Number(r.block_number), timestamp: Number(r.timestamp) }));
}

/** The holdings (rows of the inventory) and their distinct holders. */
export async function erc1155Counts(ctx: ApiContext, token: string): Promise<{ items: number; owners: number }> {
  const { rows } = await sql<{ items: string; owners: string }>`
    SELECT count(*)::text AS items, count(DISTINCT to_address)::text AS owners FROM (${holdings(token)}) h`.execute(ctx.db);
  return { items: Number(rows[0]?.items ?? 0), owners: Number(rows[0]?.owners ?? 0) };
}
