/**
 * Stage 1 of a catch-up (CONTEXT.md): batches of [from, to] fetched ahead, up to `concurrency`
 * at once, each sized by the BatchSizer from the blocks seen so far and handed to `prepare` (the
 * balance prefetch) as soon as it arrives. Taken in order; a failure surfaces when its batch is
 * taken, never as an unhandled rejection.
 */
import type { BatchSizer } from './batchSizer';
import type { BlockFetcher } from './fetch';
import type { Fetched } from './prepare';
import type { FetchedBlock } from './rowTypes';

export class FetchAhead {
  private readonly inflight: Promise<Fetched>[] = [];
  private next: number;

  constructor(
    private readonly fetcher: BlockFetcher,
    private readonly sizer: BatchSizer,
    private readonly concurrency: number,
    from: number,
    private readonly to: number,
    private readonly prepare: (blocks: FetchedBlock[]) => Promise<Fetched>,
  ) {
    this.next = from;
    this.refill();
  }

  /** Whether a batch is still to be taken. */
  get pending(): boolean {
    return this.inflight.length > 0;
  }

  /** The next batch in order; the queue is topped up while the caller waits for it. */
  async take(): Promise<Fetched> {
    const batch = await (this.inflight.shift() as Promise<Fetched>);
    this.refill();
    return batch;
  }

  private refill(): void {
    while (this.inflight.length < this.concurrency && this.next <= this.to) {
      const a = this.next;
      const b = Math.min(this.to, a + this.sizer.next() - 1);
      this.next = b + 1;
      const p = this.fetcher.fetchRange(a, b).then((blocks) => {
        this.sizer.observe(blocks);
        return this.prepare(blocks);
      });
      p.catch(() => {}); // surfaced when taken
      this.inflight.push(p);
    }
  }
}
