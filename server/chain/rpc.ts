/**
 * JSON-RPC client for the node: single calls and batches, each with a timeout, and retries with
 * exponential backoff for transport failures (connection refused, time-out, HTTP 5xx/429).
 * A JSON-RPC error answer (the node understood and said no) is never retried.
 */

export interface RpcCall {
  method: string;
  params: unknown[];
}

export type RpcOutcome<T = unknown> = { ok: true; result: T } | { ok: false; error: RpcError };

export class RpcError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'RpcError';
  }
}

const METHOD_MISSING_CODES = new Set([-32601, -32600]);

/** The node does not offer the method (nodes differ: a code, or only words in the message). */
export function isMethodMissing(err: RpcError): boolean {
  return METHOD_MISSING_CODES.has(err.code) || /not (found|supported|available)|unsupported|does not exist/i.test(err.message);
}

/**
 * How the last attempt failed: no answer within the time-out (the node may be slow), no
 * connection at all, or an HTTP error status (a proxy in front of a missing node).
 */
export type TransportFailure = 'timeout' | 'unreachable' | 'http';

/** The node could not be reached or did not answer in time, after every retry. */
export class RpcTransportError extends Error {
  readonly failure: TransportFailure;
  constructor(message: string, options?: { cause?: unknown; failure?: TransportFailure }) {
    super(message, options);
    this.name = 'RpcTransportError';
    this.failure = options?.failure ?? 'unreachable';
  }
}

/** How one HTTP post to the node ended (a JSON-RPC error answer counts as 'rpc_error'). */
export type RpcRequestOutcome = 'ok' | 'rpc_error' | 'http_error' | 'timeout' | 'unreachable';

/** One HTTP post to the node, as an observer (metrics) sees it; each retry is a post of its own. */
export interface RpcRequestInfo {
  /** The call's method; for a batch, its first call's. */
  method: string;
  batchSize: number;
  seconds: number;
  outcome: RpcRequestOutcome;
}

export interface RpcOptions {
  timeoutMs?: number;
  retries?: number;
  backoffMs?: number;
  maxBackoffMs?: number;
  /** Called once per HTTP post, after it ended; must not throw (an exception is ignored). */
  onRequest?: (info: RpcRequestInfo) => void;
}

interface JsonRpcResponse {
  id: number;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class RpcClient {
  private nextId = 1;
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly backoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly onRequest: ((info: RpcRequestInfo) => void) | undefined;

  constructor(
    readonly url: string,
    options: RpcOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.retries = options.retries ?? 5;
    this.backoffMs = options.backoffMs ?? 200;
    this.maxBackoffMs = options.maxBackoffMs ?? 5_000;
    this.onRequest = options.onRequest;
  }

  async call<T = unknown>(method: string, params: unknown[] = []): Promise<T> {
    const [outcome] = await this.batchSettled<T>([{ method, params }]);
    if (!outcome) throw new RpcTransportError(`empty answer to ${method}`);
    if (!outcome.ok) throw outcome.error;
    return outcome.result;
  }

  /** A batch whose every call must succeed; throws the first error. */
  async batch<T = unknown>(calls: RpcCall[]): Promise<T[]> {
    const outcomes = await this.batchSettled<T>(calls);
    return outcomes.map((o) => {
      if (!o.ok) throw o.error;
      return o.result;
    });
  }

  /** A batch whose calls succeed or fail one by one, in the order given. */
  async batchSettled<T = unknown>(calls: RpcCall[]): Promise<RpcOutcome<T>[]> {
    if (calls.length === 0) return [];
    const firstId = this.nextId;
    this.nextId += calls.length;
    const body = calls.map((c, i) => ({ jsonrpc: '2.0', id: firstId + i, method: c.method, params: c.params }));
    const answers = await this.post(calls.length === 1 ? body[0] : body, calls[0]?.method ?? '', calls.length);
    const list: JsonRpcResponse[] = Array.isArray(answers) ? answers : [answers as JsonRpcResponse];
    const byId = new Map<number, JsonRpcResponse>();
    for (const a of list) if (a && typeof a.id === 'number') byId.set(a.id, a);
    // A node that answers a whole batch with one error object (no ids) fails every call alike.
    const whole = !Array.isArray(answers) && calls.length > 1 ? (answers as JsonRpcResponse) : null;
    return calls.map((c, i) => {
      const a = byId.get(firstId + i) ?? whole;
      if (!a) return { ok: false, error: new RpcError(`no answer to ${c.method}`, -32603) };
      if (a.error) return { ok: false, error: new RpcError(`${c.method}: ${a.error.message}`, a.error.code, a.error.data) };
      return { ok: true, result: a.result as T };
    });
  }

  private async post(body: unknown, what: string, batchSize: number): Promise<unknown> {
    let lastError: unknown;
    let failure: TransportFailure = 'unreachable';
    const observe = (started: number, outcome: RpcRequestOutcome) => {
      try {
        this.onRequest?.({ method: what, batchSize, seconds: (performance.now() - started) / 1000, outcome });
      } catch {
        // An observer's failure must not turn a good answer into an error.
      }
    };
    for (let attempt = 0; attempt <= this.retries; attempt++) {
      if (attempt > 0) {
        const delay = Math.min(this.maxBackoffMs, this.backoffMs * 2 ** (attempt - 1));
        await sleep(delay * (0.75 + Math.random() * 0.5));
      }
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), this.timeoutMs);
      const started = performance.now();
      try {
        const res = await fetch(this.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal: controller.signal,
        });
        if (res.status === 429 || res.status >= 500) {
          observe(started, 'http_error');
          failure = 'http';
          lastError = new RpcTransportError(`HTTP ${res.status} from node for ${what}`, { failure });
          continue;
        }
        const text = await res.text();
        let parsed: unknown;
        try {
          parsed = JSON.parse(text) as unknown;
        } catch {
          observe(started, 'http_error');
          // A 4xx with a non-JSON body is the node refusing the request: not worth retrying.
          throw new RpcError(`HTTP ${res.status} from node for ${what}: ${text.slice(0, 200)}`, -32700);
        }
        observe(started, hasErrorAnswer(parsed) ? 'rpc_error' : 'ok');
        return parsed;
      } catch (err) {
        if (err instanceof RpcError) throw err;
        failure = controller.signal.aborted ? 'timeout' : 'unreachable';
        observe(started, failure);
        lastError = err;
      } finally {
        clearTimeout(timer);
      }
    }
    const reason = lastError instanceof Error ? lastError.message : String(lastError);
    throw new RpcTransportError(`node at ${this.url} unreachable for ${what}: ${reason}`, { cause: lastError, failure });
  }
}

/** Does a JSON-RPC answer (one object or a batch's list) carry an error object? */
function hasErrorAnswer(answer: unknown): boolean {
  const list: unknown[] = Array.isArray(answer) ? answer : [answer];
  return list.some((a) => typeof a === 'object' && a !== null && (a as { error?: unknown }).error !== undefined);
}

/** Hex quantity → bigint ("0x0" → 0n). */
export function hexToBigInt(hex: string | null | undefined): bigint {
  if (hex === null || hex === undefined || hex === '0x' || hex === '') return 0n;
  return BigInt(hex);
}

/** Hex quantity → number (for values known to fit: block numbers, indexes, sizes). */
export function hexToNumber(hex: string | null | undefined): number {
  return Number(hexToBigInt(hex));
}

export function toHexQuantity(n: number | bigint): string {
  return `0x${n.toString(16)}`;
}
