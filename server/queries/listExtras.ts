/**
 * What every transaction list adds to its rows after reading them: the token a token transfer
 * moved (tokenMoves.ts) and the summary of each transaction (txSummaries.ts), both read
 * for the whole page at once, side by side.
 */
import type { TransactionListItem } from '../../common/api/transactions';
import type { ApiContext } from '../core/context';
import { withTokenMoves } from './tokenMoves';
import { summariesFor } from './txSummaries';

/** How long a list waits for the node's answers about failed transactions it has not asked yet (then shows them next time). */
export const LIST_FACTS_WAIT_MS = 1500;

export async function withListExtras(ctx: ApiContext, items: TransactionListItem[]): Promise<TransactionListItem[]> {
  const [moved, summaries] = await Promise.all([
    withTokenMoves(ctx, items),
    summariesFor(
      ctx,
      items.map((t) => t.hash),
      LIST_FACTS_WAIT_MS,
    ),
  ]);
  return moved.map((t) => ({ ...t, summary: summaries.get(t.hash) ?? [] }));
}

/** A list query's options: `extras: false` leaves the token moves and summaries out (Blockscout's shapes carry neither). */
export interface ListOptions {
  extras?: boolean;
}

export function listExtras(ctx: ApiContext, items: TransactionListItem[], opts: ListOptions = {}): Promise<TransactionListItem[]> {
  return opts.extras === false ? Promise.resolve(items) : withListExtras(ctx, items);
}
