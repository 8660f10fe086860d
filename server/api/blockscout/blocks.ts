/**
 * The blocks resource in Blockscout's Block shape: one block from queries/blocks.ts blockDetail
 * (its transactions with it), the lists from blockPage/latestBlocks with the columns Blockscout's
 * item carries and our list items leave out (`blockFacts`, one statement for the page).
 */
import { sql } from 'kysely';
import type { BlockDetail, BlockListItem } from '../../../common/api/blocks';
import type { ApiContext } from '../../core/context';
import type { Page } from '../../core/params';
import { blockDetail, blockPage, cachedLatestBlocks } from '../../queries/blocks';
import { blockFees } from '../../queries/txModern';
import { addressBook, bsAddress, bsTime, nextPageParams, NO_EXTRAS, notFoundBs, type AddressBook } from './common';
import { bsTxItems } from './transactions';

/** What a shaped block reads: our block detail's fields. */
type BlockCore = Pick<
  BlockDetail,
  | 'number'
  | 'hash'
  | 'parentHash'
  | 'miner'
  | 'timestamp'
  | 'size'
  | 'gasUsed'
  | 'gasLimit'
  | 'baseFeePerGas'
  | 'difficulty'
  | 'totalDifficulty'
  | 'nonce'
  | 'totaltransaction'
  | 'burntFees'
  | 'reward'
  | 'totalFees'
>;

const percent = (part: bigint, whole: bigint): number => (whole === 0n ? 0 : Number((part * 1_000_000n) / whole) / 10_000);

export function shapeBlock(b: BlockCore, book: AddressBook) {
  const gasUsed = BigInt(b.gasUsed);
  const gasLimit = BigInt(b.gasLimit);
  const total = BigInt(b.totalFees);
  const burnt = b.burntFees === null ? null : BigInt(b.burntFees);
  return {
    height: b.number,
    timestamp: bsTime(b.timestamp),
    transactions_count: b.totaltransaction,
    internal_transactions_count: null,
    miner: bsAddress(b.miner, book),
    size: b.size,
    hash: b.hash,
    parent_hash: b.parentHash,
    difficulty: b.difficulty,
    total_difficulty: b.totalDifficulty,
    gas_used: b.gasUsed,
    gas_limit: b.gasLimit,
    nonce: b.nonce,
    base_fee_per_gas: b.baseFeePerGas,
    burnt_fees: b.burntFees,
    priority_fee: b.reward,
    uncles_hashes: [],
    rewards: [],
    // Blockscout: the gas used against the EIP-1559 target (half the limit), as a signed percentage.
    gas_target_percentage: percent(gasUsed * 2n - gasLimit, gasLimit),
    gas_used_percentage: percent(gasUsed, gasLimit),
    burnt_fees_percentage: burnt === null ? null : percent(burnt, total),
    type: 'block',
    transaction_fees: b.totalFees,
    withdrawals_count: null,
    is_pending_update: false,
    blob_transactions_count: 0,
    blob_gas_used: null,
    excess_blob_gas: null,
    beacon_deposits_count: null,
  };
}

/** The columns of the listed blocks our list items leave out, with each block's fee total. */
async function withFacts(ctx: ApiContext, items: readonly BlockListItem[]): Promise<BlockCore[]> {
  if (items.length === 0) return [];
  const numbers = items.map((b) => b.blockNumber);
  const rows = await ctx.db
    .selectFrom('blocks as b')
    .select([
      'b.number',
      'b.parent_hash',
      'b.gas_limit',
      'b.base_fee_per_gas',
      'b.difficulty',
      'b.total_difficulty',
      'b.nonce',
      sql<string | null>`(SELECT sum(fee)::text FROM transactions WHERE block_number = b.number)`.as('total_fees'),
    ])
    .where('b.number', 'in', numbers)
    .execute();
  const facts = new Map(rows.map((r) => [r.number, r]));
  return items.flatMap((b) => {
    const f = facts.get(b.blockNumber);
    if (!f) return [];
    return [
      {
        number: b.blockNumber,
        hash: b.blockHash,
        parentHash: f.parent_hash,
        miner: b.miner,
        timestamp: b.timestamp,
        size: b.size,
        gasUsed: b.gasUsed,
        gasLimit: f.gas_limit,
        baseFeePerGas: f.base_fee_per_gas,
        difficulty: f.difficulty,
        totalDifficulty: f.total_difficulty,
        nonce: f.nonce,
        totaltransaction: b.Trx,
        ...blockFees({ base_fee_per_gas: f.base_fee_per_gas, gas_used: b.gasUsed }, f.total_fees),
      },
    ];
  });
}

async function shapeList(ctx: ApiContext, items: readonly BlockListItem[]) {
  const [cores, book] = await Promise.all([
    withFacts(ctx, items),
    addressBook(
      ctx,
      items.map((b) => b.miner),
    ),
  ]);
  return cores.map((b) => shapeBlock(b, book));
}

export async function bsBlocks(ctx: ApiContext, page: Page) {
  const { items, total } = await blockPage(ctx, page);
  const last = items.at(-1);
  return {
    items: await shapeList(ctx, items),
    next_page_params: last
      ? nextPageParams(page, items.length, page.offset + items.length < total, { block_number: last.blockNumber - 1 })
      : null,
  };
}

/** The home page's latest blocks (its cached list), as Blockscout's main page answers them. */
export async function bsMainBlocks(ctx: ApiContext) {
  return shapeList(ctx, (await cachedLatestBlocks(ctx)).slice(0, 4));
}

export async function bsBlock(ctx: ApiContext, key: { number: number } | { hash: string }) {
  const found = await blockDetail(ctx, key, NO_EXTRAS);
  if (!found) throw notFoundBs();
  return shapeBlock(found.block, await addressBook(ctx, [found.block.miner]));
}

/** A block's transactions (blockDetail's, up to its limit), 50 a page. */
export async function bsBlockTransactions(ctx: ApiContext, key: { number: number } | { hash: string }, page: Page) {
  const found = await blockDetail(ctx, key, NO_EXTRAS);
  if (!found) throw notFoundBs();
  const slice = found.txs.slice(page.offset, page.offset + page.size);
  const last = slice.at(-1);
  return {
    items: await bsTxItems(ctx, slice),
    next_page_params: last
      ? nextPageParams(page, slice.length, page.offset + slice.length < found.txs.length, {
          block_number: last.blockNumber,
          index: last.transactionIndex,
        })
      : null,
  };
}
