/**
 * Balances and holders at any indexed block, from our own history (no archive node):
 * - a coin balance: the coin_balance_history row at or below the block (the indexer reads it at
 *   each block that touched the address; balanceHistory.ts), or, below the first row, the first
 *   row's (it is the balance before the first touch);
 * - a token balance, and every holder of a token: the sum of its transfers up to the block
 *   (received minus sent, per holder; the zero address's mints are no holder). NFTs count one per
 *   ERC-721 item, the amount for ERC-1155.
 */
import { sql } from 'kysely';
import type { ApiContext } from '../core/context';

/** Why a historical answer cannot be given, or null when it can. */
export type HistoryGap = 'ahead' | 'before' | 'unavailable';

/** The indexed range: the first block the indexer started at and the highest indexed block. */
export async function indexedRange(ctx: ApiContext): Promise<{ start: number; head: number | null }> {
  const r = await sql<{ start: number | null; head: number | null }>`SELECT
      (SELECT start_block FROM indexer_state WHERE id = 1) AS start, (SELECT max(number) FROM blocks) AS head`.execute(ctx.db);
  const row = r.rows[0];
  return { start: Number(row?.start ?? 0), head: row?.head === null || row?.head === undefined ? null : Number(row.head) };
}

/**
 * The coin balance of `address` at the end of `block` (wei), or a gap. An address with no row was
 * never touched in the indexed history: its balance then is its balance now (`current`).
 */
export async function coinBalanceAt(
  ctx: ApiContext,
  address: string,
  block: number,
  current: () => Promise<bigint>,
): Promise<{ balance: string } | { gap: HistoryGap }> {
  const range = await indexedRange(ctx);
  if (range.head === null || block > range.head) return { gap: 'ahead' };
  if (block < range.start) return { gap: 'before' };
  const { rows } = await sql<{ balance: string | null; block_number: number }>`
    (SELECT balance, block_number FROM coin_balance_history WHERE address = ${address} AND block_number <= ${block}
      ORDER BY block_number DESC LIMIT 1)
    UNION ALL
    (SELECT balance, block_number FROM coin_balance_history WHERE address = ${address} AND block_number > ${block}
      ORDER BY block_number ASC LIMIT 1)`.execute(ctx.db);
  const row = rows.find((r) => Number(r.block_number) <= block) ?? rows[0];
  if (!row) return { balance: (await current()).toString() };
  if (row.balance === null) return { gap: 'unavailable' };
  return { balance: String(row.balance) };
}

/** What a holder has of `token` at the end of `block`: received minus sent (base units). */
export async function tokenBalanceAt(ctx: ApiContext, token: string, holder: string, block: number): Promise<string> {
  const { rows } = await sql<{ v: string | null }>`SELECT
      coalesce((SELECT sum(value) FROM token_transfers WHERE to_address = ${holder} AND token_address = ${token} AND block_number <= ${block}), 0)
    - coalesce((SELECT sum(value) FROM token_transfers WHERE from_address = ${holder} AND token_address = ${token} AND block_number <= ${block}), 0)
      AS v`.execute(ctx.db);
  return String(rows[0]?.v ?? '0');
}

export interface HolderAt {
  holder: string;
  balance: string;
}

const holdersSql = (token: string, block: number) => sql`
  SELECT holder, sum(v) AS balance FROM (
    SELECT to_address AS holder, value AS v FROM token_transfers WHERE token_address = ${token} AND block_number <= ${block}
    UNION ALL
    SELECT from_address, -value FROM token_transfers WHERE token_address = ${token} AND block_number <= ${block}
  ) d
  WHERE holder <> '0x0000000000000000000000000000000000000000'
  GROUP BY holder HAVING sum(v) > 0`;

/** The holders of `token` at the end of `block`, largest first (then by address), one page. */
export async function holdersAt(ctx: ApiContext, token: string, block: number, skip: number, limit: number | null): Promise<HolderAt[]> {
  const { rows } = await sql<HolderAt>`SELECT holder, balance::text AS balance FROM (${holdersSql(token, block)}) h
    ORDER BY h.balance DESC, h.holder ${limit === null ? sql`` : sql`LIMIT ${limit}`} OFFSET ${skip}`.execute(ctx.db);
  return rows;
}

export async function holderCountAt(ctx: ApiContext, token: string, block: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM (${holdersSql(token, block)}) h`.execute(ctx.db);
  return Number(rows[0]?.n ?? 0);
}

export interface NftHolding {
  token: string;
  name: string | null;
  symbol: string | null;
  quantity: string;
}

/** The NFT collections `holder` holds now, with how many items of each (Etherscan's addresstokennftbalance). */
export async function nftHoldingsOf(ctx: ApiContext, holder: string, skip: number, limit: number): Promise<NftHolding[]> {
  const { rows } = await sql<NftHolding>`SELECT h.token, c.name, c.symbol, h.quantity::text AS quantity FROM (
      SELECT token, sum(v) AS quantity FROM (
        SELECT token_address AS token, value AS v FROM token_transfers WHERE to_address = ${holder} AND token_id IS NOT NULL
        UNION ALL
        SELECT token_address, -value FROM token_transfers WHERE from_address = ${holder} AND token_id IS NOT NULL
      ) d GROUP BY token HAVING sum(v) > 0
    ) h LEFT JOIN contracts c ON c.address = h.token
    ORDER BY h.token LIMIT ${limit} OFFSET ${skip}`.execute(ctx.db);
  return rows;
}

/** The token ids of `token` that `holder` holds now (Etherscan's addresstokennftinventory), by id. */
export async function nftItemsOf(
  ctx: ApiContext,
  holder: string,
  token: string,
  skip: number,
  limit: number,
): Promise<{ token_id: string }[]> {
  const { rows } = await sql<{ token_id: string }>`SELECT token_id::text AS token_id FROM (
      SELECT token_id, value AS v FROM token_transfers WHERE to_address = ${holder} AND token_address = ${token} AND token_id IS NOT NULL
      UNION ALL
      SELECT token_id, -value FROM token_transfers WHERE from_address = ${holder} AND token_address = ${token} AND token_id IS NOT NULL
    ) d GROUP BY token_id HAVING sum(v) > 0
    ORDER BY token_id LIMIT ${limit} OFFSET ${skip}`.execute(ctx.db);
  return rows;
}

export interface FungibleHolding {
  token: string;
  name: string | null;
  symbol: string | null;
  decimals: number | null;
  balance: string;
}

/** The fungible tokens `holder` holds now (token_balances, read from the node by the indexer). */
export async function tokenHoldingsOf(ctx: ApiContext, holder: string, skip: number, limit: number): Promise<FungibleHolding[]> {
  const { rows } = await sql<FungibleHolding>`SELECT b.token_address AS token, c.name, c.symbol, c.decimals, b.balance::text AS balance
    FROM token_balances b JOIN contracts c ON c.address = b.token_address
    WHERE b.holder = ${holder} AND b.balance > 0 AND c.contract_type = 'rbc20' AND NOT c.is_nft
    ORDER BY b.token_address LIMIT ${limit} OFFSET ${skip}`.execute(ctx.db);
  return rows;
}

export interface HolderAtRow extends HolderAt {
  /** Every holder's count and their sum at that block (the same on every row). */
  holders: number;
  held: string;
}

/** One page of the holders at `block` with the count and sum of all of them (window functions: one scan). */
export async function holdersAtPage(
  ctx: ApiContext,
  token: string,
  block: number,
  skip: number,
  limit: number | null,
): Promise<HolderAtRow[]> {
  const { rows } =
    await sql<HolderAtRow>`SELECT holder, balance::text AS balance, count(*) OVER ()::int AS holders, (sum(balance) OVER ())::text AS held
    FROM (${holdersSql(token, block)}) h
    ORDER BY h.balance DESC, h.holder ${limit === null ? sql`` : sql`LIMIT ${limit}`} OFFSET ${skip}`.execute(ctx.db);
  return rows;
}

/** The last block of a UTC day (YYYY-MM-DD), or null when no indexed block is that old. */
export async function lastBlockOfDay(ctx: ApiContext, day: string): Promise<number | null> {
  const end = Date.parse(`${day}T00:00:00Z`) / 1000 + 86_400;
  const { rows } = await sql<{ n: number | null }>`SELECT max(number) AS n FROM blocks WHERE timestamp < ${end}`.execute(ctx.db);
  const n = rows[0]?.n;
  return n === null || n === undefined ? null : Number(n);
}

export async function blockTime(ctx: ApiContext, block: number): Promise<number | null> {
  const r = await ctx.db.selectFrom('blocks').select('timestamp').where('number', '=', block).executeTakeFirst();
  return r ? Number(r.timestamp) : null;
}
