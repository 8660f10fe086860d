/**
 * The indexer's checkpoint: the single row of indexer_state (id 1), holding the last indexed
 * block and its hash, the node's head as last seen and the catch-up speed. The API reads it for
 * /indexing-status and readiness; the indexer resumes from it after any failure or restart.
 *
 * Invariant: last_block / last_hash move only inside the database transaction that writes (or,
 * for a rollback, deletes) the rows of those blocks, so the checkpoint and the rows always agree:
 * a crash anywhere loses nothing and duplicates nothing.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/schema';

type Db = Transaction<DB> | Kysely<DB>;

export interface Checkpoint {
  /** Last indexed block, null before the first batch. */
  block: number | null;
  /** Its hash, lower case. */
  hash: string | null;
}

export async function readCheckpoint(db: Db): Promise<Checkpoint> {
  const st = await db.selectFrom('indexer_state').select(['last_block', 'last_hash']).where('id', '=', 1).executeTakeFirst();
  return { block: st?.last_block ?? null, hash: st?.last_hash ?? null };
}

export interface Advance {
  block: number;
  hash: string;
  /** The node's head as the indexer last saw it (never below `block`). */
  head: number;
  blocksPerSecond: number;
}

/** Moves the checkpoint to a batch's last block; call it in the transaction that writes the batch. */
export async function advanceCheckpoint(tx: Transaction<DB>, a: Advance): Promise<void> {
  await sql`UPDATE indexer_state SET last_block = ${a.block}, last_hash = ${a.hash}, node_head = ${Math.max(a.head, a.block)},
    blocks_per_second = ${a.blocksPerSecond}, updated_at = now() WHERE id = 1`.execute(tx);
}

/** Records the node's head while idle (the checkpoint itself does not move). */
export async function saveNodeHead(db: Db, head: number): Promise<void> {
  await sql`UPDATE indexer_state SET node_head = ${head}, updated_at = now() WHERE id = 1`.execute(db);
}

/**
 * Moves the checkpoint back to block `from - 1` (null when that block is not stored, e.g. a
 * rollback below the start block); call it in the transaction that deletes blocks >= from.
 */
export async function rewindCheckpoint(tx: Db, from: number): Promise<void> {
  const prev = await sql<{ hash: string }>`SELECT hash FROM blocks WHERE number = ${from - 1}`.execute(tx);
  await sql`UPDATE indexer_state SET last_block = ${from - 1 >= 0 && prev.rows[0] ? from - 1 : null},
    last_hash = ${prev.rows[0]?.hash ?? null}, updated_at = now() WHERE id = 1`.execute(tx);
}
