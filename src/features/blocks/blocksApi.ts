/**
 * Block endpoints (docs/decisions.md#spec-calls): one page of blocks and one block (number or hash) with its
 * transactions. Page 1 follows the chain live: the socket's getblock → getblock-update pushes the
 * latest blocks after every new block and they are merged into the cached page; other pages stay.
 * Also a block's withdrawals.
 */
import type { AnswerOf } from '../../../common/api/answers';
import { current } from '@reduxjs/toolkit';
import type { BlockListItem, BlocksPage } from '../../../common/api/blocks';
import { api } from '../../app/api';
import { subscribeLive } from '../../app/socket';
import { paths } from '../../../common/api/paths';

export interface BlocksPageArgs {
  page: number;
  size: number;
}

/**
 * Page 1 after a live push: the newest `size` blocks of both lists (a block number appears
 * once, the pushed copy wins), and the totals grown by the blocks that are new.
 */
export function mergeLiveBlocks(page: BlocksPage, live: readonly BlockListItem[], size: number): BlocksPage {
  const byNumber = new Map<number, BlockListItem>();
  for (const b of page.result) byNumber.set(b.blockNumber, b);
  const oldTop = page.result[0]?.blockNumber ?? -1;
  for (const b of live) byNumber.set(b.blockNumber, b);
  const merged = [...byNumber.values()].sort((a, b) => b.blockNumber - a.blockNumber).slice(0, size);
  const newTop = merged[0]?.blockNumber ?? oldTop;
  const added = oldTop < 0 ? merged.length - page.result.length : Math.max(0, newTop - oldTop);
  const total = page.totalTransactions + Math.max(0, added);
  return { ...page, result: merged, totalTransactions: total, totalPages: Math.ceil(total / size) };
}

export const blocksApi = api.injectEndpoints({
  endpoints: (build) => ({
    blocksPage: build.query<AnswerOf<'blocks'>, BlocksPageArgs>({
      query: ({ page, size }) => paths.blocks({ page, size }),
      async onCacheEntryAdded(arg, { updateCachedData, cacheDataLoaded, cacheEntryRemoved }) {
        if (arg.page !== 1) return;
        try {
          await cacheDataLoaded;
        } catch {
          // The entry went away before the first answer: nothing to follow.
          return;
        }
        const stop = subscribeLive('getblock', (payload) => {
          updateCachedData((draft) => mergeLiveBlocks(current(draft), payload.blockdata, arg.size));
        });
        await cacheEntryRemoved;
        stop();
      },
    }),
    blockDetail: build.query<AnswerOf<'block'>, string>({
      query: (value) => paths.block(value),
    }),
    /** EIP-4895 withdrawals of one block (number or hash), in block order; at most 16 a block on Ethereum. */
    blockWithdrawals: build.query<AnswerOf<'blockWithdrawals'>, string>({
      query: (value) => paths.blockWithdrawals(value),
    }),
  }),
});

export const { useBlocksPageQuery, useBlockDetailQuery, useBlockWithdrawalsQuery } = blocksApi;
