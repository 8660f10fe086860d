/**
 * A FIFO async mutex. `acquire()` resolves, in call order, once every earlier holder has
 * released; the returned release function is idempotent, so a double release in an error path
 * cannot let two holders in at once.
 */
export class Mutex {
  #tail: Promise<void> = Promise.resolve();
  #held = 0;

  /** True while someone holds the lock (or is queued for it). */
  get busy(): boolean {
    return this.#held > 0;
  }

  async acquire(): Promise<() => void> {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const previous = this.#tail;
    this.#tail = previous.then(() => gate);
    this.#held++;
    await previous;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#held--;
      open();
    };
  }
}
