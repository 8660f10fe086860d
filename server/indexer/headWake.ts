/**
 * Wakes the idle indexer when the node announces a new head (live blocks), instead of
 * leaving it asleep until its next poll: the node's newHeads subscription over WebSocket
 * (server/chain/headSubscription.ts), held while the capability probe says the node offers
 * eth_subscribe. The poll stays the fallback: a node without WebSocket, or a dropped
 * subscription, only costs up to `pollMs` per block.
 *
 * Use: `arm()` before each round gives a signal that the next head aborts; the pause after an
 * idle round waits on it as well as on the poll timer. A head announced while the round runs
 * aborts it already, so the pause after that round is skipped.
 */
import { HeadSubscription } from '../chain/headSubscription';
import { wsTwin } from '../chain/wsProbe';

export class HeadWake {
  private ctrl = new AbortController();
  private sub: HeadSubscription | null = null;
  private running = false;
  /** Highest head announced (null before the first). */
  lastHead: number | null = null;
  /** The head announced since the last takeAnnounced() (null: none). */
  private announced: number | null = null;

  private readonly wsUrl: string | null;

  constructor(
    /** The node's JSON-RPC URL (its ws:// twin is subscribed to), or null to rely on polling alone. */
    rpcUrl: string | null,
    private readonly log: (msg: string) => void,
  ) {
    this.wsUrl = rpcUrl ? wsTwin(rpcUrl) : null;
  }

  start(): void {
    this.running = true;
  }

  stop(): void {
    this.running = false;
    this.sub?.stop();
    this.sub = null;
  }

  /** Subscribes while the node offers eth_subscribe (the capability probe's answer), else not. */
  apply(capabilities: { subscribe: boolean }): void {
    if (!this.running || !this.wsUrl) return;
    if (capabilities.subscribe && !this.sub) {
      this.sub = new HeadSubscription({ url: this.wsUrl, log: this.log, onHead: (n) => this.onHead(n) });
      this.sub.start();
    } else if (!capabilities.subscribe && this.sub) {
      this.sub.stop();
      this.sub = null;
    }
  }

  /** True while a subscription is confirmed. */
  get subscribed(): boolean {
    return this.sub?.active ?? false;
  }

  /** A signal the next announced head aborts (a fresh one once the last has fired). */
  arm(): AbortSignal {
    if (this.ctrl.signal.aborted) this.ctrl = new AbortController();
    return this.ctrl.signal;
  }

  /**
   * The head announced since the last call, once (live blocks): the round it wakes can
   * index up to it without asking the node for its head first. Once only, so a stale one (a reorg
   * to a shorter chain) costs one round, after which the node is asked again.
   */
  takeAnnounced(): number | null {
    const n = this.announced;
    this.announced = null;
    return n;
  }

  private onHead(n: number): void {
    this.lastHead = Math.max(n, this.lastHead ?? n);
    this.announced = Math.max(n, this.announced ?? n);
    this.ctrl.abort();
  }
}
