/**
 * The API process's view of the node, and a circuit breaker in front of it.
 *
 * A light probe (eth_blockNumber) every PROBE_INTERVAL_MS, plus every real call, tell the node
 * apart in three states (nodeSilence.ts): answering; slow (a request has waited SLOW_AFTER_MS
 * with no answer since: pages serve last-known values instead of waiting, nothing fails); down
 * (silent past the limit its own recent answer times set, or FAILURES_TO_OPEN refused
 * connections in a row). A time-out alone never calls it down: a late answer to anything proves
 * it alive. Down opens the breaker: the API's node calls (GuardedRpcClient, ctx.rpc) fail at once
 * with NodeUnavailableError (a 503, never a wait on a time-out), and reads already waiting are
 * released the same moment; a write already sent (eth_sendRawTransaction) is left to finish.
 * While open only the probe talks to the node (the half-open check): its first answer, even to a
 * probe sent before the outage, closes the breaker. A JSON-RPC error answer means the node is there.
 *
 * Invariants: timers are unref'd and stopped by close(); `downSince` is set exactly while
 * `reachable` is false; the last-known values (remember/recall) survive an outage untouched.
 */
import { RpcClient, RpcTransportError, type RpcCall, type RpcOptions, type RpcOutcome } from './rpc';
import { blockNumber } from './rpcActions';
import { NodeSilence, SILENT_MAX_MS } from './nodeSilence';

export const PROBE_INTERVAL_MS = 2_000;
/** Refused connections in a row (probe or real call) before the node is called down. */
export const FAILURES_TO_OPEN = 2;
/** How often silence is checked. */
const WATCH_MS = 250;
/** Writes are never released by the breaker: once sent, the node decides. */
const WRITES = new Set(['eth_sendRawTransaction']);

export interface NodeHealthSnapshot {
  reachable: boolean;
  /** When the node was first seen down in this outage (ms epoch); null while reachable. */
  downSince: number | null;
  /** Last answer from the node, probe or real call (ms epoch). */
  lastOkAt: number | null;
  lastError: string | null;
  /** The node's head at the last successful probe. */
  head: number | null;
  /** A request has waited past SLOW_AFTER_MS with no answer since: values come from the last known. */
  slow: boolean;
  /** Recent answer times (ms): median and slowest; null before any answer. */
  latency: { medianMs: number; slowestMs: number } | null;
  /** Last probe (ms epoch); null before the first one has finished. */
  probedAt: number | null;
}

/** A value read from the node and when (ms epoch). */
export interface Known<T> {
  value: T;
  at: number;
}

/** The breaker is open: the call was not sent. Extends the transport error, so routes answer 503. */
export class NodeUnavailableError extends RpcTransportError {
  constructor(method: string, since: number | null) {
    super(`node not answering${since === null ? '' : ` since ${new Date(since).toISOString()}`}; ${method} not sent`);
    this.name = 'NodeUnavailableError';
  }
}

export interface NodeHealthOptions {
  probeIntervalMs?: number;
  probeTimeoutMs?: number;
  failuresToOpen?: number;
  log?: (m: string) => void;
}

const describe = (err: unknown) => (err instanceof Error ? err.message : String(err));

export class NodeHealth {
  private state: Omit<NodeHealthSnapshot, 'slow' | 'latency'> = {
    reachable: true,
    downSince: null,
    lastOkAt: null,
    lastError: null,
    head: null,
    probedAt: null,
  };
  private failures = 0;
  private timer: NodeJS.Timeout | null = null;
  private watch: NodeJS.Timeout | null = null;
  private readonly silence = new NodeSilence();
  private closed = false;
  private probing: Promise<void> | null = null;
  private readonly prober: RpcClient;
  private readonly interval: number;
  private readonly threshold: number;
  private readonly log: (m: string) => void;
  private readonly downListeners = new Set<(err: Error) => void>();
  private readonly known = new Map<string, Known<unknown>>();

  constructor(
    readonly url: string,
    opts: NodeHealthOptions = {},
  ) {
    // The probe does not retry, and waits for a late answer: silence, not its time-out, is the signal.
    this.prober = new RpcClient(url, { retries: 0, timeoutMs: opts.probeTimeoutMs ?? SILENT_MAX_MS });
    this.interval = opts.probeIntervalMs ?? PROBE_INTERVAL_MS;
    this.threshold = Math.max(1, opts.failuresToOpen ?? FAILURES_TO_OPEN);
    this.log = opts.log ?? (() => {});
  }

  /** Starts probing (first probe at once). */
  start(): this {
    if (!this.closed && this.timer === null && this.probing === null) void this.tick();
    if (!this.closed && this.watch === null) {
      this.watch = setInterval(() => this.checkSilence(), WATCH_MS);
      this.watch.unref();
    }
    return this;
  }

  get reachable(): boolean {
    return this.state.reachable;
  }

  /** Down, slow, or a first refusal not yet confirmed: a caller with a fallback should not wait. */
  get doubtful(): boolean {
    return !this.state.reachable || this.failures > 0 || this.silence.slow;
  }

  snapshot(): NodeHealthSnapshot {
    return { ...this.state, slow: this.silence.slow, latency: this.silence.latency() };
  }

  /** A request to the node is sent: its token for answered / ended. */
  begin(): number {
    return this.silence.begin();
  }

  /** The node answered the request (a result or a JSON-RPC error). */
  answered(token: number): void {
    this.silence.answered(token);
    this.recordSuccess();
  }

  /** The request ended without an answer: refused connections count toward down, time-outs do not. */
  ended(token: number, err: unknown): void {
    this.silence.ended(token);
    if (err instanceof RpcTransportError && err.failure === 'timeout') this.state.lastError = describe(err).slice(0, 300);
    else this.recordFailure(err);
  }

  private checkSilence(): void {
    if (!this.state.reachable || !this.silence.silent) return;
    this.callDown(`no answer for ${(this.silence.silentForMs() / 1000).toFixed(1)} s`);
  }

  /** Probes now (also what the timer runs); concurrent callers share one probe. */
  probe(): Promise<void> {
    if (this.probing) return this.probing;
    const token = this.silence.begin();
    this.probing = blockNumber(this.prober)
      .then(
        (head) => {
          this.state.head = head;
          this.answered(token);
        },
        (err: unknown) => {
          if (err instanceof RpcTransportError) this.ended(token, err);
          else this.answered(token); // a JSON-RPC error answer: the node is there
        },
      )
      .finally(() => {
        this.state.probedAt = Date.now();
        this.probing = null;
      });
    return this.probing;
  }

  private async tick(): Promise<void> {
    this.timer = null;
    await this.probe();
    if (this.closed) return;
    // Right after a first failure, confirm at once instead of waiting a whole interval.
    const delay = this.state.reachable && this.failures > 0 ? 0 : this.interval;
    this.timer = setTimeout(() => void this.tick(), delay);
    this.timer.unref();
  }

  /** Throws NodeUnavailableError while the breaker is open. */
  admit(method: string): void {
    if (!this.state.reachable) throw new NodeUnavailableError(method, this.state.downSince);
  }

  /** The node answered something (also a call no token was taken for). */
  recordSuccess(): void {
    this.silence.heard();
    this.failures = 0;
    this.state.lastOkAt = Date.now();
    if (this.state.reachable) return;
    const down = this.state.downSince === null ? 0 : Date.now() - this.state.downSince;
    this.state.reachable = true;
    this.state.downSince = null;
    this.log(`node: answering again after ${(down / 1000).toFixed(1)} s`);
  }

  /** A refused connection (or an HTTP error from a proxy in front of the node). */
  recordFailure(err: unknown): void {
    this.state.lastError = describe(err).slice(0, 300);
    if (!this.state.reachable || err instanceof NodeUnavailableError) return;
    this.failures += 1;
    if (this.failures >= this.threshold) this.callDown(this.state.lastError);
  }

  private callDown(why: string): void {
    if (!this.state.reachable) return;
    this.state.lastError = why;
    this.state.reachable = false;
    this.state.downSince = Date.now();
    this.log(`node: not answering (${why}); node calls fail fast until it answers a probe`);
    const opened = new NodeUnavailableError('call', this.state.downSince);
    for (const fn of [...this.downListeners]) fn(opened);
  }

  /** Calls `fn` when the breaker opens; returns the unsubscribe. */
  onDown(fn: (err: Error) => void): () => void {
    this.downListeners.add(fn);
    return () => this.downListeners.delete(fn);
  }

  remember<T>(key: string, value: T, at = Date.now()): Known<T> {
    const k = { value, at };
    this.known.set(key, k);
    return k;
  }

  recall<T>(key: string): Known<T> | null {
    return (this.known.get(key) as Known<T> | undefined) ?? null;
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.watch) clearInterval(this.watch);
    this.timer = null;
    this.watch = null;
    this.downListeners.clear();
  }
}

/**
 * The RpcClient the API's routes use: every call goes through the breaker. Open → refused at
 * once; closed → sent, its outcome reported, and released early if the breaker opens meanwhile
 * (the request answers 503 then; the abandoned fetch ends on its own time-out).
 */
export class GuardedRpcClient extends RpcClient {
  constructor(
    url: string,
    options: RpcOptions,
    readonly health: NodeHealth,
  ) {
    super(url, options);
  }

  override async batchSettled<T = unknown>(calls: RpcCall[]): Promise<RpcOutcome<T>[]> {
    if (calls.length === 0) return [];
    const method = calls[0]?.method ?? 'call';
    this.health.admit(method);
    const sent = super.batchSettled<T>(calls);
    const token = this.health.begin();
    // The node's answer, whenever it comes, is news about the node, also after a release.
    sent.then(
      () => this.health.answered(token),
      (err: unknown) => {
        if (err instanceof RpcTransportError) this.health.ended(token, err);
        else this.health.answered(token); // the node answered (a refusal)
      },
    );
    if (calls.some((c) => WRITES.has(c.method))) return sent;
    let off = () => {};
    const opened = new Promise<never>((_, reject) => {
      off = this.health.onDown(() => reject(new NodeUnavailableError(method, this.health.snapshot().downSince)));
    });
    try {
      return await Promise.race([sent, opened]);
    } finally {
      off();
    }
  }
}
