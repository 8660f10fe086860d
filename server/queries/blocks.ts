/**
 * Block queries: the paginated list, the latest blocks and the per-block chart (both cached per
 * block, shared by the REST answers and the live channel), and one block with its transactions.
 * Pages are ranges of block numbers (index range scans, no OFFSET).
 */
import { sql, type Selectable } from 'kysely';
import type { BlockDetail, BlockListItem } from '../../common/api/blocks';
import type { TransactionListItem } from '../../common/api/transactions';
import type { DB } from '../db/schema';
import type { BlockSummary, BlocksEvent } from '../events';
import type { ApiContext } from '../core/context';
import { isoTime, rubyAddress } from '../core/format';
import type { Page } from '../core/params';
import { TX_JSON_FIELDS, toTransactionListItem, type TxListRow } from './transactionRows';
import { blockFees } from './txModern';
import { listExtras, type ListOptions } from './listExtras';

/** Blocks shown by /getLatestBlocks and pushed on the live channel. */
export const LATEST_BLOCKS = 20;
/** Points of the per-block chart. */
export const BLOCK_CHART_POINTS = 20;
/** A block page lists at most this many of the block's transactions. */
export const BLOCK_TX_LIMIT = 1000;

const LIST_COLUMNS = ['number', 'timestamp', 'tx_count', 'hash', 'miner', 'size', 'gas_used'] as const;

function toListItem(b: {
  number: number;
  timestamp: number;
  tx_count: number;
  hash: string;
  miner: string;
  size: number;
  gas_used: string;
}): BlockListItem {
  return {
    blockNumber: b.number,
    timestamp: b.timestamp,
    createdAt: isoTime(b.timestamp),
    Trx: b.tx_count,
    blockHash: b.hash,
    miner: rubyAddress(b.miner),
    size: b.size,
    gasUsed: b.gas_used,
  };
}

/** Lowest and highest indexed block (null when nothing is indexed). */
async function blockRange(ctx: ApiContext): Promise<{ min: number; max: number } | null> {
  const r = await ctx.db
    .selectFrom('blocks')
    .select((eb) => [eb.fn.min('number').as('min'), eb.fn.max('number').as('max')])
    .executeTakeFirst();
  if (!r || r.min === null || r.max === null) return null;
  return { min: Number(r.min), max: Number(r.max) };
}

/** One page of blocks, newest first, with the number of indexed blocks. */
export async function blockPage(ctx: ApiContext, page: Page): Promise<{ items: BlockListItem[]; total: number }> {
  const range = await blockRange(ctx);
  if (!range) return { items: [], total: 0 };
  const top = range.max - page.offset;
  const rows =
    top < range.min
      ? []
      : await ctx.db
          .selectFrom('blocks')
          .select(LIST_COLUMNS)
          .where('number', '<=', top)
          .orderBy('number', 'desc')
          .limit(page.size)
          .execute();
  return { items: rows.map(toListItem), total: range.max - range.min + 1 };
}

export async function latestBlocks(ctx: ApiContext, limit = LATEST_BLOCKS): Promise<BlockListItem[]> {
  const rows = await ctx.db.selectFrom('blocks').select(LIST_COLUMNS).orderBy('number', 'desc').limit(limit).execute();
  return rows.map(toListItem);
}

export const LATEST_BLOCKS_KEY = 'latestBlocks';

export function cachedLatestBlocks(ctx: ApiContext): Promise<BlockListItem[]> {
  return ctx.cache.get(LATEST_BLOCKS_KEY, () => latestBlocks(ctx));
}

/**
 * The latest blocks after a block event, from the list before it and the event's summaries (no
 * query; BlockCache.follow): the blocks below the batch are kept when the batch's first block
 * links to the newest of them (its parent hash), which also holds after a reorg (the replaced
 * blocks are at or above the batch's first). null, i.e. read the database, when the event has no
 * summaries, they do not cover the batch, or the link or the list's length cannot be vouched for.
 */
export function nextLatestBlocks(prev: BlockListItem[], e: BlocksEvent): BlockListItem[] | null {
  const news = e.blocks;
  const first = news?.[0];
  if (!news || !first || news[news.length - 1]?.number !== e.to) return null;
  if (news.length >= LATEST_BLOCKS) return news.slice(-LATEST_BLOCKS).map(summaryItem).reverse();
  const below = prev.filter((b) => b.blockNumber < first.number);
  const top = below[0];
  if (top ? top.blockNumber !== first.number - 1 || top.blockHash !== first.parentHash : prev.length >= LATEST_BLOCKS) return null;
  const list = [...news.map(summaryItem).reverse(), ...below].slice(0, LATEST_BLOCKS);
  // Shorter than a full list while blocks were dropped (a reorg to a shorter chain): the database has the rest.
  return list.length < LATEST_BLOCKS && prev.length >= LATEST_BLOCKS ? null : list;
}

function summaryItem(b: BlockSummary): BlockListItem {
  return toListItem({ ...b, tx_count: b.txCount, gas_used: b.gasUsed });
}

export async function blockChart(ctx: ApiContext): Promise<{ blockNumber: number; Trx: number }[]> {
  return ctx.cache.get('blockChart', async () => {
    const rows = await ctx.db
      .selectFrom('blocks')
      .select(['number', 'tx_count'])
      .orderBy('number', 'desc')
      .limit(BLOCK_CHART_POINTS)
      .execute();
    return rows.reverse().map((r) => ({ blockNumber: r.number, Trx: r.tx_count }));
  });
}

/** One block (by number or hash) and its first BLOCK_TX_LIMIT transactions; null when not indexed. */
export async function blockDetail(
  ctx: ApiContext,
  key: { number: number } | { hash: string },
  opts: ListOptions = {},
): Promise<{ block: BlockDetail; txs: TransactionListItem[] } | null> {
  // One statement: the block and its transactions (wei columns as JSON strings, never numbers).
  const where = 'hash' in key ? sql`b.hash = ${key.hash}` : sql`b.number = ${key.number}`;
  const r = await sql<Selectable<DB['blocks']> & { txs: TxListRow[]; total_fees: string | null }>`SELECT b.*,
      (SELECT sum(fee)::text FROM transactions WHERE block_number = b.number) AS total_fees,
      (SELECT coalesce(json_agg(json_build_object(${sql.raw(TX_JSON_FIELDS)}) ORDER BY t.tx_index), '[]'::json)
        FROM (SELECT * FROM transactions WHERE block_number = b.number ORDER BY tx_index LIMIT ${BLOCK_TX_LIMIT}) t) AS txs
    FROM blocks b WHERE ${where}`.execute(ctx.db);
  const b = r.rows[0];
  if (!b) return null;
  const block: BlockDetail = {
    number: b.number,
    hash: b.hash,
    parentHash: b.parent_hash,
    miner: rubyAddress(b.miner),
    timestamp: b.timestamp,
    createdAt: isoTime(b.timestamp),
    size: b.size,
    gasUsed: b.gas_used,
    gasLimit: b.gas_limit,
    baseFeePerGas: b.base_fee_per_gas,
    difficulty: b.difficulty,
    totalDifficulty: b.total_difficulty,
    nonce: b.nonce,
    extraData: b.extra_data,
    mixHash: b.mix_hash,
    receiptsRoot: b.receipts_root,
    sha3Uncles: b.sha3_uncles,
    stateRoot: b.state_root,
    totaltransaction: b.tx_count,
    ...blockFees(b, b.total_fees),
  };
  // The moved tokens, as every other list shows them (the block's tab read '0 RUBY' for '337 RUSD').
  return { block, txs: await listExtras(ctx, b.txs.map(toTransactionListItem), opts) };
}
