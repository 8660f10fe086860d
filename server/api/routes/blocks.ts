/**
 * Blocks: the paginated list, one block with its transactions, the latest blocks and the
 * per-block chart. Pages are ranges of block numbers (index range scans, no OFFSET).
 */
import { Type } from '@sinclair/typebox';
import { sql, type Selectable } from 'kysely';
import { ErrorBody, PageParams } from '../../../common/api/base';
import { BlockChartResponse, BlockDetailResponse, BlocksPage, LatestBlocksResponse, type BlockDetail, type BlockListItem } from '../../../common/api/blocks';
import type { ApiContext, RouteModule } from '../context';
import { isoTime, rubyAddress } from '../format';
import { notFound } from '../http';
import { pageTotals, parseBlockParam, parsePage } from '../params';
import type { DB } from '../../db/schema';
import { TX_JSON_FIELDS, toTransactionListItem, type TxListRow } from '../queries/transactionRows';
import { patterns } from '../../../common/api/paths';

/** Blocks shown by /getLatestBlocks and pushed on the live channel. */
export const LATEST_BLOCKS = 20;
/** Points of the per-block chart. */
export const BLOCK_CHART_POINTS = 20;
/** A block page lists at most this many of the block's transactions. */
export const BLOCK_TX_LIMIT = 1000;

const LIST_COLUMNS = ['number', 'timestamp', 'tx_count', 'hash', 'miner', 'size', 'gas_used'] as const;

function toListItem(b: { number: number; timestamp: number; tx_count: number; hash: string; miner: string; size: number; gas_used: string }): BlockListItem {
  return {
    blockNumber: b.number, timestamp: b.timestamp, createdAt: isoTime(b.timestamp), Trx: b.tx_count,
    blockHash: b.hash, miner: rubyAddress(b.miner), size: b.size, gasUsed: b.gas_used,
  };
}

/** Lowest and highest indexed block (null when nothing is indexed). */
async function blockRange(ctx: ApiContext): Promise<{ min: number; max: number } | null> {
  const r = await ctx.db.selectFrom('blocks').select((eb) => [eb.fn.min('number').as('min'), eb.fn.max('number').as('max')]).executeTakeFirst();
  if (!r || r.min === null || r.max === null) return null;
  return { min: Number(r.min), max: Number(r.max) };
}

export async function latestBlocks(ctx: ApiContext, limit = LATEST_BLOCKS): Promise<BlockListItem[]> {
  const rows = await ctx.db.selectFrom('blocks').select(LIST_COLUMNS).orderBy('number', 'desc').limit(limit).execute();
  return rows.map(toListItem);
}

export function cachedLatestBlocks(ctx: ApiContext): Promise<BlockListItem[]> {
  return ctx.cache.get('latestBlocks', () => latestBlocks(ctx));
}

export async function blockChart(ctx: ApiContext): Promise<{ blockNumber: number; Trx: number }[]> {
  return ctx.cache.get('blockChart', async () => {
    const rows = await ctx.db.selectFrom('blocks').select(['number', 'tx_count']).orderBy('number', 'desc').limit(BLOCK_CHART_POINTS).execute();
    return rows.reverse().map((r) => ({ blockNumber: r.number, Trx: r.tx_count }));
  });
}

export const blockRoutes: RouteModule = (app, ctx) => {
  app.get(patterns.blocks, {
    schema: { tags: ['Block'], summary: 'Blocks, newest first', params: PageParams, response: { 200: BlocksPage, 400: ErrorBody } },
  }, async (req) => {
    const page = parsePage(req.params.page, req.params.size);
    const range = await blockRange(ctx);
    if (!range) return { status: true, result: [], ...pageTotals(0, page) };
    const total = range.max - range.min + 1;
    const top = range.max - page.offset;
    const rows = top < range.min ? [] : await ctx.db.selectFrom('blocks').select(LIST_COLUMNS)
      .where('number', '<=', top).orderBy('number', 'desc').limit(page.size).execute();
    return { status: true, result: rows.map(toListItem), ...pageTotals(total, page) };
  });

  app.get(patterns.latestBlocks, {
    schema: { tags: ['Block'], summary: `The latest ${LATEST_BLOCKS} blocks`, response: { 200: LatestBlocksResponse } },
  }, async () => ({ status: true, result: await cachedLatestBlocks(ctx) }));

  app.get(patterns.blockChart, {
    schema: { tags: ['Block'], summary: `Transactions per block, the latest ${BLOCK_CHART_POINTS} blocks, oldest first`, response: { 200: BlockChartResponse } },
  }, async () => ({ status: true, result: await blockChart(ctx) }));

  app.get(patterns.block, {
    schema: {
      tags: ['Block'], summary: 'One block (by number or hash) with its transactions',
      params: Type.Object({ block: Type.String({ description: 'block number or 0x block hash' }) }),
      response: { 200: BlockDetailResponse, 400: ErrorBody, 404: ErrorBody },
    },
  }, async (req) => {
    const key = parseBlockParam(req.params.block);
    // One statement: the block and its transactions (wei columns as JSON strings, never numbers).
    const where = 'hash' in key ? sql`b.hash = ${key.hash}` : sql`b.number = ${key.number}`;
    const r = await sql<Selectable<DB['blocks']> & { txs: TxListRow[] }>`SELECT b.*,
        (SELECT coalesce(json_agg(json_build_object(${sql.raw(TX_JSON_FIELDS)}) ORDER BY t.tx_index), '[]'::json)
          FROM (SELECT * FROM transactions WHERE block_number = b.number ORDER BY tx_index LIMIT ${BLOCK_TX_LIMIT}) t) AS txs
      FROM blocks b WHERE ${where}`.execute(ctx.db);
    const b = r.rows[0];
    if (!b) throw notFound(`Block ${req.params.block} not found`);
    const txs = b.txs;
    const detail: BlockDetail = {
      number: b.number, hash: b.hash, parentHash: b.parent_hash, miner: rubyAddress(b.miner), timestamp: b.timestamp,
      createdAt: isoTime(b.timestamp), size: b.size, gasUsed: b.gas_used, gasLimit: b.gas_limit, baseFeePerGas: b.base_fee_per_gas,
      difficulty: b.difficulty, totalDifficulty: b.total_difficulty, nonce: b.nonce, extraData: b.extra_data, mixHash: b.mix_hash,
      receiptsRoot: b.receipts_root, sha3Uncles: b.sha3_uncles, stateRoot: b.state_root, totaltransaction: b.tx_count,
    };
    return { status: true, result: detail, blockdata: detail, transactionData: txs.map(toTransactionListItem) };
  });
};
