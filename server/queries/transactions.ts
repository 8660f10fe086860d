/**
 * Transaction list queries: the all-transactions pages and the latest lists of the live channel
 * (the detail is transactionDetail.ts).
 *
 * Paging: the total comes from hourly_stats (a few hundred rows, exact: the indexer writes it in
 * the same database transaction as the transactions), read together with the indexed head in one
 * statement and cached per block. A page is a keyset range scan of transactions_position_idx
 * below the row at the page's offset; that row is found by an index-only OFFSET scan from the
 * nearer end of the list (newest or oldest), so the deepest page costs no more than the middle one.
 */
import { sql } from 'kysely';
import type { SqlBool } from 'kysely';
import type { TransactionListItem } from '../../common/api/transactions';
import type { TxTypeCode } from '../../common/txTypes';
import type { ApiContext } from '../core/context';
import type { Page } from '../core/params';
import { TX_LIST_COLUMNS, toTransactionListItem } from './transactionRows';
import { listExtras, type ListOptions } from './listExtras';

export interface TxSnapshot {
  /** Highest indexed block (null before the first). */
  head: number | null;
  /** Transactions in blocks up to head. */
  total: number;
}

/** Indexed head and transaction count, one snapshot, once per block. */
export function txSnapshot(ctx: ApiContext): Promise<TxSnapshot> {
  return ctx.cache.get('tx:snapshot', async () => {
    const r = await sql<{ head: number | null; total: number | null }>`SELECT (SELECT max(number) FROM blocks) AS head,
      (SELECT coalesce(sum(tx_count), 0)::bigint FROM hourly_stats) AS total`.execute(ctx.db);
    const row = r.rows[0];
    return { head: row?.head ?? null, total: Number(row?.total ?? 0) };
  });
}

/** One page of all transactions, newest first, consistent with the snapshot's head and total. */
export async function transactionPage(
  ctx: ApiContext,
  page: Page,
  opts: ListOptions = {},
): Promise<{ items: TransactionListItem[]; total: number }> {
  const { head, total } = await txSnapshot(ctx);
  if (head === null || page.offset >= total) return { items: [], total };
  const take = Math.min(page.size, total - page.offset);
  const base = ctx.db.selectFrom('transactions').select(TX_LIST_COLUMNS).where('block_number', '<=', head);
  // Rows to skip when walking up from the oldest transaction instead.
  const fromOldest = total - page.offset - take;
  let rows;
  if (page.offset === 0) {
    rows = await base.orderBy('block_number', 'desc').orderBy('tx_index', 'desc').limit(take).execute();
  } else if (page.offset <= fromOldest) {
    const top = sql<SqlBool>`(block_number, tx_index) <= (SELECT block_number, tx_index FROM transactions WHERE block_number <= ${head}
      ORDER BY block_number DESC, tx_index DESC OFFSET ${page.offset} LIMIT 1)`;
    rows = await base.where(top).orderBy('block_number', 'desc').orderBy('tx_index', 'desc').limit(take).execute();
  } else {
    const bottom = sql<SqlBool>`(block_number, tx_index) >= (SELECT block_number, tx_index FROM transactions WHERE block_number <= ${head}
      ORDER BY block_number ASC, tx_index ASC OFFSET ${fromOldest} LIMIT 1)`;
    rows = (await base.where(bottom).orderBy('block_number', 'asc').orderBy('tx_index', 'asc').limit(take).execute()).reverse();
  }
  return { items: await listExtras(ctx, rows.map(toTransactionListItem), opts), total };
}

/** The latest transactions, optionally of one type code (transactions_type_idx), newest first. */
export async function latestTransactions(
  ctx: ApiContext,
  limit: number,
  txType?: TxTypeCode,
  opts: ListOptions = {},
): Promise<TransactionListItem[]> {
  let q = ctx.db.selectFrom('transactions').select(TX_LIST_COLUMNS);
  if (txType !== undefined) q = q.where('tx_type', '=', txType);
  const rows = await q.orderBy('block_number', 'desc').orderBy('tx_index', 'desc').limit(limit).execute();
  return listExtras(ctx, rows.map(toTransactionListItem), opts);
}
