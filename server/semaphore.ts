/**
 * A counting semaphore whose waiters give up after a time (the work budgets of
 * server/api/workGate.ts and the visitor lane of server/chain/visitorRpc.ts). A released place
 * is handed to the longest waiter directly, so a newcomer can never take it in between and the
 * count never passes the cap.
 */
export class TimedSemaphore {
  private held = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    readonly places: number,
    /** How long a caller waits for a place before `busy()` is thrown. */
    readonly queueMs: number,
    private readonly busy: () => Error,
  ) {}

  /** Places taken now. */
  get inUse(): number {
    return this.held;
  }

  /** Callers waiting for a place now. */
  get queued(): number {
    return this.waiting.length;
  }

  /** Takes a place, waiting up to queueMs; throws busy() after that. */
  async acquire(): Promise<void> {
    if (this.held < this.places) {
      this.held += 1;
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const wake = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        const i = this.waiting.indexOf(wake);
        if (i >= 0) this.waiting.splice(i, 1);
        reject(this.busy());
      }, this.queueMs);
      this.waiting.push(wake);
    });
    // The place was handed over by release(): `held` already counts it.
  }

  /** Gives a place back: to the longest waiter if any. */
  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.held -= 1;
  }
}
