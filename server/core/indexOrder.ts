/**
 * Lists read in their index's order: the threshold past which a list is forced onto its index, the
 * transaction that forces it, and the two-index count of an address's rows in a from/to table. Used
 * by every paged list of the API (server/queries/addresses.ts, tokens.ts, etherscanAccount.ts).
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/schema';
import type { ApiContext } from './context';

/**
 * A list of more rows than this is read in index order whatever the planner's statistics say.
 * With stale or missing statistics (PGlite never analyzes by itself; PostgreSQL lags behind a
 * bulk load), PostgreSQL can take a busy address for a rare one and answer page N with "bitmap
 * scan all its rows, then sort": hundreds of ms at 100,000 rows instead of a few.
 */
export const INDEX_ORDER_THRESHOLD = 2_000;

/**
 * Runs `run` on the database; when `force` is set, inside a transaction with sorting disabled
 * (SET LOCAL enable_sort = off), so the only cheap plan left walks the index in the list's order.
 */
export async function inIndexOrder<T>(ctx: ApiContext, force: boolean, run: (db: Kysely<DB> | Transaction<DB>) => Promise<T>): Promise<T> {
  if (!force) return run(ctx.db);
  return ctx.db.transaction().execute(async (trx) => {
    await sql`SET LOCAL enable_sort = off`.execute(trx);
    return run(trx);
  });
}

/**
 * The rows of an address in a table of from/to pairs: those it sent, and those it received from
 * another (a self row counts once). Two index-range counts, merged by the database.
 */
export async function countFromOrTo(ctx: ApiContext, table: 'internal_transactions' | 'token_transfers', address: string): Promise<number> {
  const counts = await ctx.db
    .selectNoFrom((eb) => [
      eb.selectFrom(table).select(eb.fn.countAll<number>().as('n')).where('from_address', '=', address).as('sent'),
      eb
        .selectFrom(table)
        .select(eb.fn.countAll<number>().as('n'))
        .where('to_address', '=', address)
        .where('from_address', '<>', address)
        .as('received'),
    ])
    .executeTakeFirstOrThrow();
  return Number(counts.sent ?? 0) + Number(counts.received ?? 0);
}
