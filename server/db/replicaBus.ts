/**
 * With DATABASE_READ_URL, an API process hears of a new block from the primary (NOTIFY is sent
 * when the indexer commits) before its replica may have replayed that commit. The realtime
 * pushes and the block cache read the replica, so this bus hands an event on only once the
 * replica's checkpoint (indexer_state, written in the batch's transaction) has reached the
 * event's last block: a push never carries the block before the one it announces.
 */
import type { Kysely } from 'kysely';
import type { ChainEvent, EventBus } from '../events';
import type { DB } from './schema';

/** How often the replica's checkpoint is read while an event waits, and for how long at most. */
const POLL_MS = 20;
const MAX_WAIT_MS = 5_000;

export class ReplicaGatedBus implements EventBus {
  constructor(
    private readonly inner: EventBus,
    private readonly replica: Kysely<DB>,
    private readonly log: (m: string) => void = () => {},
  ) {}

  publish(e: ChainEvent): void {
    this.inner.publish(e);
  }

  /** Resolves once the replica has block `n` (or after MAX_WAIT_MS, logged: the push goes out anyway). */
  async replicaAt(n: number): Promise<void> {
    const deadline = Date.now() + MAX_WAIT_MS;
    for (;;) {
      try {
        const row = await this.replica.selectFrom('indexer_state').select('last_block').where('id', '=', 1).executeTakeFirst();
        if (row?.last_block != null && row.last_block >= n) return;
      } catch {
        // The replica is away: the deadline below decides.
      }
      if (Date.now() > deadline) {
        this.log(`events: the read replica has not reached block ${n} after ${MAX_WAIT_MS} ms; pushing anyway`);
        return;
      }
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  }

  subscribe(fn: (e: ChainEvent) => void): () => void {
    // Events are delivered in order: each waits for the one before it.
    let chain = Promise.resolve();
    return this.inner.subscribe((e) => {
      chain = chain
        .then(() => this.replicaAt(e.to))
        .then(() => {
          try {
            fn(e);
          } catch (err) {
            this.log(`events: a listener failed: ${err instanceof Error ? err.message : String(err)}`);
          }
        });
    });
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
