/**
 * Serialized getLogs answers, kept by the request's filter and the hash of the highest
 * stored block at or below its range's end. That hash names every block of the range (each block
 * names its parent), so an answer read under it is exact as long as that block is on the chain:
 * a reorg that replaces any block of the range replaces it too and the key is never asked again;
 * a range reaching past the head gets a new key with each block. No invalidation is needed, only
 * a size bound: least recently used answers go first past MAX_BYTES.
 */
export const LOGS_CACHE_MAX_BYTES = 32 * 1024 * 1024;

export class LogsCache {
  private readonly entries = new Map<string, string>();
  private bytes = 0;

  constructor(private readonly maxBytes = LOGS_CACHE_MAX_BYTES) {}

  get(key: string): string | undefined {
    const hit = this.entries.get(key);
    if (hit === undefined) return undefined;
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit;
  }

  set(key: string, text: string): void {
    // UTF-16 code units; the answers are ASCII, so this is their byte size.
    if (text.length > this.maxBytes) return;
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.bytes -= old.length;
      this.entries.delete(key);
    }
    this.entries.set(key, text);
    this.bytes += text.length;
    for (const [k, v] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= v.length;
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
