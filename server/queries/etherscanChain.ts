/**
 * Single-row reads of the Etherscan-style API: a transaction's status, a block's reward, the
 * block closest to a time, contract creations, token balances, supply and holders. Each is one
 * primary-key or index lookup (blocks_timestamp_idx for times, token_balances' primary key for
 * a token's holders).
 */
import { sql } from 'kysely';
import type { ApiContext } from '../core/context';
import { blockRewardSql } from './etherscanAccount';

export async function etherscanTokenBalance(ctx: ApiContext, token: string, holder: string): Promise<string> {
  const r = await ctx.db
    .selectFrom('token_balances')
    .select('balance')
    .where('token_address', '=', token)
    .where('holder', '=', holder)
    .executeTakeFirst();
  return r?.balance ?? '0';
}

/** Status of an indexed transaction (1 success, 0 failure), or null when unknown. */
export async function etherscanTxStatus(ctx: ApiContext, hash: string): Promise<{ status: number; block: number; txIndex: number } | null> {
  const r = await ctx.db
    .selectFrom('transactions')
    .select(['status', 'block_number', 'tx_index'])
    .where('hash', '=', hash)
    .executeTakeFirst();
  return r ? { status: r.status, block: r.block_number, txIndex: r.tx_index } : null;
}

/** The first failed call's error inside a transaction (the trace's reason), or null. */
export async function etherscanTxError(ctx: ApiContext, block: number, txIndex: number): Promise<string | null> {
  const r = await ctx.db
    .selectFrom('internal_transactions')
    .select('error')
    .where('block_number', '=', block)
    .where('tx_index', '=', txIndex)
    .where('error', 'is not', null)
    .orderBy('trace_index')
    .limit(1)
    .executeTakeFirst();
  return r?.error ?? null;
}

export interface EsBlockReward {
  number: number;
  timestamp: number;
  miner: string;
  reward: string;
}

export async function etherscanBlockReward(ctx: ApiContext, block: number): Promise<EsBlockReward | null> {
  const r = await sql<EsBlockReward>`SELECT b.number, b.timestamp, b.miner, ${blockRewardSql(sql`b`)} AS reward
    FROM blocks b WHERE b.number = ${block}`.execute(ctx.db);
  return r.rows[0] ?? null;
}

/** The last block at or before `timestamp`, or the first at or after it (blocks_timestamp_idx). */
export async function etherscanBlockByTime(ctx: ApiContext, timestamp: number, closest: 'before' | 'after'): Promise<number | null> {
  const q = ctx.db.selectFrom('blocks').select('number');
  const r =
    closest === 'before'
      ? await q.where('timestamp', '<=', timestamp).orderBy('timestamp', 'desc').orderBy('number', 'desc').limit(1).executeTakeFirst()
      : await q.where('timestamp', '>=', timestamp).orderBy('timestamp', 'asc').orderBy('number', 'asc').limit(1).executeTakeFirst();
  return r?.number ?? null;
}

/** Seconds per block over the last `span` indexed blocks (null with fewer than two). */
export async function etherscanBlockTime(ctx: ApiContext, head: number, span = 100): Promise<number | null> {
  const rows = await ctx.db
    .selectFrom('blocks')
    .select(['number', 'timestamp'])
    .where('number', 'in', [head, Math.max(0, head - span)])
    .execute();
  const hi = rows.find((r) => r.number === head);
  const lo = rows.find((r) => r.number !== head);
  if (!hi || !lo || hi.number === lo.number) return null;
  return (hi.timestamp - lo.timestamp) / (hi.number - lo.number);
}

export interface EsCreation {
  address: string;
  creator: string;
  tx_hash: string;
  block_number: number;
  timestamp: number;
  tx_from: string | null;
  tx_to: string | null;
  tx_input: string | null;
  internal_input: string | null;
}

/**
 * How contracts were created: the indexer's row, its creating transaction, and for a contract a
 * factory created, the create call's init code (the trace keeps it as the call's input when the
 * node gives it).
 */
export async function etherscanCreations(ctx: ApiContext, addresses: string[]): Promise<EsCreation[]> {
  return (
    await sql<EsCreation>`
    SELECT c.address, c.creator, c.tx_hash, c.block_number, c.timestamp, t.from_address AS tx_from, t.to_address AS tx_to,
      CASE WHEN t.contract_address = c.address THEN t.input END AS tx_input,
      (SELECT i.input FROM internal_transactions i WHERE i.block_number = t.block_number AND i.tx_index = t.tx_index
        AND i.call_type = 'create' AND i.to_address = c.address LIMIT 1) AS internal_input
    FROM contracts c LEFT JOIN transactions t ON t.hash = c.tx_hash
    WHERE c.address IN (${sql.join(addresses)})`.execute(ctx.db)
  ).rows;
}

export interface EsToken {
  address: string;
  name: string | null;
  symbol: string | null;
  decimals: number | null;
  total_supply: string | null;
  is_nft: boolean;
}

/** A token contract the indexer detected (RBC20, or ERC-721 when it saw token ids), or null. */
export async function etherscanToken(ctx: ApiContext, address: string): Promise<EsToken | null> {
  const r = await ctx.db
    .selectFrom('contracts')
    .select(['address', 'name', 'symbol', 'decimals', 'total_supply', 'is_nft', 'contract_type'])
    .where('address', '=', address)
    .executeTakeFirst();
  if (!r || (r.contract_type !== 'rbc20' && !r.is_nft)) return null;
  return { address: r.address, name: r.name, symbol: r.symbol, decimals: r.decimals, total_supply: r.total_supply, is_nft: r.is_nft };
}
