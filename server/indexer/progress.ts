/** Catch-up progress on the console: blocks done of total, rate, time left (every ~5 s). */
export class Progress {
  private from = 0;
  private to = 0;
  private started = 0;
  private lastLog = 0;
  private blocks = 0;
  private txs = 0;
  private rate = 0;

  constructor(
    private readonly log: (m: string) => void,
    private readonly everyMs = 5000,
  ) {}

  begin(from: number, to: number): void {
    this.from = from;
    this.to = to;
    this.started = Date.now();
    this.lastLog = this.started;
    this.blocks = 0;
    this.txs = 0;
  }

  tick(at: number, txs: number): void {
    this.blocks = at - this.from + 1;
    this.txs += txs;
    const now = Date.now();
    const secs = Math.max(0.001, (now - this.started) / 1000);
    this.rate = this.blocks / secs;
    if (now - this.lastLog >= this.everyMs && at < this.to) {
      this.lastLog = now;
      const total = this.to - this.from + 1;
      const left = (total - this.blocks) / Math.max(this.rate, 1e-9);
      this.log(
        `indexing: block ${at} of ${this.to} (${((this.blocks / total) * 100).toFixed(1)}%), ${this.rate.toFixed(1)} blocks/s, ${(this.txs / secs).toFixed(0)} tx/s, ~${Math.ceil(left)} s left`,
      );
    }
  }

  end(at: number): void {
    const total = this.to - this.from + 1;
    if (total > 1 && Date.now() - this.started > 2000) {
      const secs = (Date.now() - this.started) / 1000;
      this.log(`indexing: caught up at block ${at} (${total} blocks, ${this.txs} tx in ${secs.toFixed(1)} s)`);
    }
  }

  blocksPerSecond(): number {
    return Number.isFinite(this.rate) ? this.rate : 0;
  }
}
