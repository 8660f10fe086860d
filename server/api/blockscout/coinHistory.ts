/**
 * GET /api/v2/addresses/{a}/coin-balance-history: the address's coin balance after each block it
 * sent or received a transaction in (its transaction list's blocks, newest first, 50 a page), read
 * from the node at that block and the one before (the delta). The index keeps current balances
 * only; a balance moved by an internal call alone is not listed (Blockscout lists those too).
 */
import { batchOf, rpcCalls } from '../../chain/rpcActions';
import type { ApiContext } from '../../core/context';
import type { Page } from '../../core/params';
import { addressSummary, addressTransactions } from '../../queries/addresses';
import { bsTime, nextPageParams, NO_EXTRAS } from './common';

export async function bsCoinBalanceHistory(ctx: ApiContext, address: string, page: Page) {
  const { txCount } = await addressSummary(ctx, address);
  const txs = await addressTransactions(ctx, address, page, txCount, NO_EXTRAS);
  const blocks = [...new Map(txs.map((t) => [t.blockNumber, t])).values()];
  const balances = await batchOf(
    ctx.rpc,
    blocks.flatMap((t) => [rpcCalls.getBalance(address, t.blockNumber), rpcCalls.getBalance(address, Math.max(0, t.blockNumber - 1))]),
  );
  const items = blocks.map((t, i) => {
    const after = balances[2 * i] ?? 0n;
    const before = t.blockNumber === 0 ? 0n : (balances[2 * i + 1] ?? 0n);
    return {
      transaction_hash: t.hash,
      block_number: t.blockNumber,
      delta: (after - before).toString(),
      value: after.toString(),
      block_timestamp: bsTime(t.timestamp),
    };
  });
  const last = txs.at(-1);
  return {
    items,
    next_page_params: last
      ? nextPageParams(page, txs.length, page.offset + txs.length < txCount, { block_number: last.blockNumber })
      : null,
  };
}
