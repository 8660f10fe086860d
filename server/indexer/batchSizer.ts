/** How many blocks the indexer puts in its next batch, from the transaction rate seen so far. */
import type { FetchedBlock } from './transform';

export class BatchSizer {
  /** Transactions per block in the batches fetched so far (moving average; null before the first). */
  private txPerBlock: number | null = null;

  constructor(
    private readonly batchSize: number,
    private readonly batchTxs: number,
  ) {}

  /**
   * Blocks in the next batch: batchTxs worth at the transaction rate seen so far, between 1 and
   * batchSize. Before any block is seen, a fifth of batchSize: the first batches come back soon,
   * so the writes start while the next ones are fetched.
   */
  next(): number {
    const { batchSize, batchTxs } = this;
    if (this.txPerBlock === null) return Math.max(1, Math.ceil(batchSize / 5));
    if (this.txPerBlock <= 0) return batchSize;
    return Math.min(batchSize, Math.max(1, Math.round(batchTxs / this.txPerBlock)));
  }

  observe(blocks: FetchedBlock[]): void {
    if (blocks.length === 0) return;
    const rate = blocks.reduce((n, b) => n + b.block.transactions.length, 0) / blocks.length;
    this.txPerBlock = this.txPerBlock === null ? rate : (this.txPerBlock + rate) / 2;
  }
}
