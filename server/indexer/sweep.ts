/**
 * The balance sweep. Without call traces the indexer cannot see which addresses a
 * contract paid: their stored balances are read only when they send or receive directly, so they
 * would go stale and stay stale. Once caught up, each round re-reads a bounded number of stored
 * balances at the checkpoint and writes those that changed. Any address may have been paid by a
 * contract (a splitter's payees, a DEX's sellers), so the sweep walks every stored address in
 * address order and wraps around: each address is re-read at least once every
 * ceil(addresses / perRound) rounds, one round per new head, which bounds how many blocks a
 * Top-accounts balance can lag. With traces the indexer never runs it.
 *
 * The caller runs a round between batches only: a batch committed during the round could
 * otherwise have its newer balance overwritten by the round's older one.
 */
import { sql, type Kysely } from 'kysely';
import type { RpcClient } from '../chain/rpc';
import type { DB } from '../db/schema';
import { fetchBalances } from './chainState';

export interface SweepRound {
  read: number;
  changed: number;
  wrapped: boolean;
}

export class BalanceSweep {
  /** The last address of the previous round ('' = start of a pass). */
  private cursor = '';
  /** Full passes completed (a test measures convergence with it). */
  passes = 0;

  constructor(
    private readonly rpc: RpcClient,
    private readonly db: Kysely<DB>,
    private readonly perRound: number,
  ) {}

  async round(at: number): Promise<SweepRound> {
    if (this.perRound <= 0) return { read: 0, changed: 0, wrapped: false };
    const rows = await this.db
      .selectFrom('addresses')
      .select(['address', 'balance'])
      .where('address', '>', this.cursor)
      .orderBy('address')
      .limit(this.perRound)
      .execute();
    const wrapped = rows.length < this.perRound;
    this.cursor = wrapped ? '' : (rows[rows.length - 1]?.address ?? '');
    if (wrapped) this.passes++;
    if (rows.length === 0) return { read: 0, changed: 0, wrapped };
    const read = await fetchBalances(
      this.rpc,
      rows.map((r) => r.address),
      at,
    );
    const changed = rows.filter((r) => read.get(r.address) !== undefined && read.get(r.address)?.toString() !== r.balance);
    if (changed.length > 0) {
      const list = changed.map((r) => [r.address, (read.get(r.address) as bigint).toString()] as const);
      await sql`UPDATE addresses a SET balance = d.b FROM unnest(${list.map((r) => r[0])}::text[], ${list.map((r) => r[1])}::numeric[]) AS d(address, b)
        WHERE a.address = d.address`.execute(this.db);
    }
    return { read: rows.length, changed: changed.length, wrapped };
  }
}
