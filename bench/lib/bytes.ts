/** Deterministic test data for the benches: the same seed gives the same bytes on every run. */
import { createHash } from 'node:crypto';

/** A deterministic stream of bytes (SHA-256 in counter mode), read as hex and small integers. */
export class Bytes {
  private pool = Buffer.alloc(0);
  private pos = 0;
  private counter = 0;
  constructor(private readonly seed: string) {}

  private refill(): void {
    const parts: Buffer[] = [];
    for (let i = 0; i < 2048; i++) parts.push(createHash('sha256').update(`${this.seed}:${this.counter++}`).digest());
    this.pool = Buffer.concat(parts);
    this.pos = 0;
  }

  hex(bytes: number): string {
    if (this.pos + bytes > this.pool.length) this.refill();
    const out = this.pool.toString('hex', this.pos, this.pos + bytes);
    this.pos += bytes;
    return out;
  }

  /** A uniform integer in [0, n) for n < 2^32. */
  int(n: number): number {
    if (this.pos + 4 > this.pool.length) this.refill();
    const v = this.pool.readUInt32LE(this.pos);
    this.pos += 4;
    return v % n;
  }
}
