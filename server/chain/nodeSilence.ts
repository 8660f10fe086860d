/**
 * Slow or down: what the node has been doing, for the breaker (nodeHealth.ts).
 *
 * A late answer is not a missing one. A node on a loaded machine answers in 2–4 s now and then;
 * a hung or stopped one answers nothing at all. So the breaker does not count time-outs: it
 * watches silence. Every request to the node (probe or real call) is registered while it is out;
 * the node is silent for as long as a request has been waiting with no answer of any kind since
 * it was sent. It is slow once that wait passes SLOW_AFTER_MS (pages then serve last-known
 * values instead of waiting), and down once it passes the silence limit: three times the
 * slowest of its recent answers, never below SILENT_MIN_MS nor above SILENT_MAX_MS. Whatever
 * answer arrives meanwhile, even late, even to another request, proves the node alive.
 */

/** A request waiting this long with no answer since makes the node slow (the probe's old time-out). */
export const SLOW_AFTER_MS = 1_500;
/** The shortest silence that calls the node down. */
export const SILENT_MIN_MS = 6_000;
/** The longest: a node silent this long is down, however slow it was before. */
export const SILENT_MAX_MS = 20_000;
/** How many recent answer times the limit is computed from. */
const RECENT = 64;

export class NodeSilence {
  private nextToken = 1;
  private readonly out = new Map<number, number>();
  private lastAnswerAt = 0;
  private readonly recent: number[] = [];

  constructor(private readonly now: () => number = Date.now) {}

  /** A request is sent: returns its token. */
  begin(): number {
    const token = this.nextToken++;
    this.out.set(token, this.now());
    return token;
  }

  /** The node answered this request (a result or a JSON-RPC error: either way it is there). */
  answered(token: number): void {
    const sent = this.out.get(token);
    this.out.delete(token);
    const at = this.now();
    this.lastAnswerAt = at;
    if (sent === undefined) return;
    this.recent.push(at - sent);
    if (this.recent.length > RECENT) this.recent.shift();
  }

  /** The node answered a request this watch did not register (another lane's call). */
  heard(): void {
    this.lastAnswerAt = this.now();
  }

  /** The request ended without an answer (time-out, refused, released): it no longer waits. */
  ended(token: number): void {
    this.out.delete(token);
  }

  /** How long the node has left a request unanswered with no answer to anything since (0: none waiting). */
  silentForMs(): number {
    let oldest = Infinity;
    for (const sent of this.out.values()) if (sent < oldest) oldest = sent;
    if (oldest === Infinity) return 0;
    return Math.max(0, this.now() - Math.max(oldest, this.lastAnswerAt));
  }

  /** The silence that calls the node down, from its recent answer times. */
  limitMs(): number {
    const slowest = this.recent.length === 0 ? 0 : Math.max(...this.recent);
    return Math.min(SILENT_MAX_MS, Math.max(SILENT_MIN_MS, 3 * slowest));
  }

  get slow(): boolean {
    return this.silentForMs() >= SLOW_AFTER_MS;
  }

  get silent(): boolean {
    return this.silentForMs() >= this.limitMs();
  }

  /** Recent answer times, for the status: median and slowest (ms), null before any answer. */
  latency(): { medianMs: number; slowestMs: number } | null {
    if (this.recent.length === 0) return null;
    const sorted = [...this.recent].sort((a, b) => a - b);
    return { medianMs: sorted[Math.floor(sorted.length / 2)] ?? 0, slowestMs: sorted[sorted.length - 1] ?? 0 };
  }
}
