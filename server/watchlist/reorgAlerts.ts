/**
 * Alerts withdrawn on a reorg. The alert follower remembers the hash of each block it
 * raised alerts for (or that the block was not indexed yet). When the indexer rolls blocks back
 * and re-indexes (server/indexer/reorg.ts), a remembered hash no longer matches: the alerts whose
 * block is no longer in the chain are deleted and their users told (WATCH_WITHDRAWN_EVENT), and
 * the follower looks at the blocks from there again, so a transaction that comes back in the new
 * chain alerts again (a new row, a new id).
 *
 * Several API processes: each notices the reorg; the delete answers only the rows it removed (so
 * each withdrawal is sent once), and it removes only rows whose block hash is not the chain's, so
 * an alert another process already raised again in the new chain stays.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** Block number → the hash its alerts were raised for (null: the block was not indexed then). */
export class SeenBlocks {
  private readonly hashes = new Map<number, string | null>();

  constructor(private readonly keep: number) {}

  /** Blocks (from, to] looked at, with the hashes they had. */
  record(from: number, to: number, hashes: ReadonlyMap<number, string>): void {
    for (let n = from + 1; n <= to; n++) this.hashes.set(n, hashes.get(n) ?? null);
    for (const n of this.hashes.keys()) if (n <= to - this.keep) this.hashes.delete(n);
  }

  /** Forgets blocks >= from (they will be looked at again). */
  forgetFrom(from: number): void {
    for (const n of [...this.hashes.keys()]) if (n >= from) this.hashes.delete(n);
  }

  /** The lowest remembered block whose hash is not the one indexed now, or null when all agree. */
  async changedFrom(db: Kysely<DB>): Promise<number | null> {
    if (this.hashes.size === 0) return null;
    const numbers = [...this.hashes.keys()];
    const lo = Math.min(...numbers);
    const hi = Math.max(...numbers);
    const rows = await db.selectFrom('blocks').select(['number', 'hash']).where('number', '>=', lo).where('number', '<=', hi).execute();
    const now = new Map(rows.map((r) => [Number(r.number), r.hash]));
    let changed: number | null = null;
    for (const [n, hash] of this.hashes) if ((now.get(n) ?? null) !== hash && (changed === null || n < changed)) changed = n;
    return changed;
  }
}

/**
 * Deletes the alerts of blocks >= from whose block is not in the indexed chain any more (its
 * hash differs, or the height is gone) and answers them per user (email → ids).
 */
export async function withdrawAlertsFrom(db: Kysely<DB>, from: number): Promise<Map<string, number[]>> {
  const removed = await sql<{ id: string | number; email: string }>`
    DELETE FROM watchlist_notifications n
    WHERE n.block_number >= ${from}
      AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.number = n.block_number AND b.hash = n.block_hash)
    RETURNING n.id, n.email`.execute(db);
  const byUser = new Map<string, number[]>();
  for (const r of removed.rows) byUser.set(r.email, [...(byUser.get(r.email) ?? []), Number(r.id)]);
  return byUser;
}
