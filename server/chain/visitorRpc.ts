/**
 * The visitor lane: node calls made for a visitor that run code the visitor chose (a
 * collection's tokenURI / uri, Read contract, the Etherscan proxy's eth_call and eth_estimateGas,
 * the estimate before a contract write, a beacon's implementation()). A contract may burn every
 * unit of gas it is given, so these calls get a budget of their own:
 *
 * - a gas cap: every eth_call / eth_estimateGas is sent with `gas` = VISITOR_CALL_GAS (a larger
 *   `gas` asked for is lowered to it), so the node stops such a call with "out of gas";
 * - a time-out per HTTP post (VISITOR_CALL_TIMEOUT_MS, no retry): a post that takes longer
 *   answers each of its calls with VisitorCallStopped (an RpcError: the caller shows the item as
 *   unavailable, as for a revert);
 * - a concurrency cap of its own (VISITOR_CONCURRENCY posts at once, VISITOR_QUEUE_MS of waiting,
 *   then a 429 with Retry-After);
 * - nothing it meets counts toward the shared node breaker (nodeHealth.ts): the breaker says
 *   whether the node is down, and a costly contract is not an outage. While the breaker is open
 *   the lane fails at once like every other node call (503), and a success is still reported.
 */
import { ApiError } from '../../common/api/error';
import type { NodeHealth } from './nodeHealth';
import { RpcClient, RpcError, RpcTransportError, toHexQuantity, type RpcCall, type RpcOptions, type RpcOutcome } from './rpc';
import { TimedSemaphore } from '../semaphore';

/** Gas given to each eth_call / eth_estimateGas made for a visitor (Etherscan's own proxy caps calls too). */
export const VISITOR_CALL_GAS = 10_000_000n;
/** One HTTP post of the visitor lane gives up after this long (no retry). */
export const VISITOR_CALL_TIMEOUT_MS = 2_500;
/** Posts of the visitor lane in flight at once, for the whole API process. */
export const VISITOR_CONCURRENCY = 4;
/** How long a visitor call waits for a place before the 429. */
export const VISITOR_QUEUE_MS = 3_000;
export const VISITOR_RETRY_AFTER_SECONDS = 5;

export interface VisitorLimits {
  gas: bigint;
  timeoutMs: number;
  concurrency: number;
  queueMs: number;
}

export const VISITOR_LIMITS: VisitorLimits = {
  gas: VISITOR_CALL_GAS,
  timeoutMs: VISITOR_CALL_TIMEOUT_MS,
  concurrency: VISITOR_CONCURRENCY,
  queueMs: VISITOR_QUEUE_MS,
};

const GAS_CAPPED = new Set(['eth_call', 'eth_estimateGas']);

/** The JSON-RPC error code a stopped call answers with (geth's "execution timeout" uses -32000 too). */
export const STOPPED_CODE = -32000;

/** A visitor call the lane stopped after its time-out: the node is fine, the call was too costly. */
export class VisitorCallStopped extends RpcError {
  constructor(method: string, limits: VisitorLimits) {
    super(
      `${method}: stopped after ${limits.timeoutMs / 1000} s (node calls made for visitors are limited to ${limits.gas.toLocaleString('en-US')} gas and ${limits.timeoutMs / 1000} s)`,
      STOPPED_CODE,
    );
    this.name = 'VisitorCallStopped';
  }
}

/** The lane is full: a 429 that says when to come back (the error handler sends Retry-After). */
export class VisitorLaneBusy extends ApiError {
  readonly retryAfterSeconds = VISITOR_RETRY_AFTER_SECONDS;
  constructor() {
    super(429, `The server is busy with other contract calls: retry in ${VISITOR_RETRY_AFTER_SECONDS} s`);
  }
}

/** The call with its gas capped (eth_call and eth_estimateGas only; other methods as they are). */
export function capGas(call: RpcCall, gas: bigint = VISITOR_CALL_GAS): RpcCall {
  if (!GAS_CAPPED.has(call.method)) return call;
  const [req, ...rest] = call.params;
  const obj = typeof req === 'object' && req !== null ? (req as Record<string, unknown>) : {};
  const asked = askedGas(obj.gas);
  const capped = asked !== null && asked > 0n && asked <= gas ? obj.gas : toHexQuantity(gas);
  return { method: call.method, params: [{ ...obj, gas: capped }, ...rest] };
}

/** The gas a call object asks for, or null (none, or not a number: the cap is sent instead). */
function askedGas(gas: unknown): bigint | null {
  if (typeof gas !== 'string' && typeof gas !== 'number') return null;
  try {
    return BigInt(gas);
  } catch {
    return null;
  }
}

export class VisitorRpcClient extends RpcClient {
  private readonly lane: TimedSemaphore;

  constructor(
    url: string,
    options: Omit<RpcOptions, 'timeoutMs' | 'retries'>,
    readonly health: NodeHealth,
    readonly limits: VisitorLimits = VISITOR_LIMITS,
  ) {
    super(url, { ...options, retries: 0, timeoutMs: limits.timeoutMs });
    this.lane = new TimedSemaphore(limits.concurrency, limits.queueMs, () => new VisitorLaneBusy());
  }

  /** Posts in flight now (for tests and metrics). */
  get inFlight(): number {
    return this.lane.inUse;
  }

  override async batchSettled<T = unknown>(calls: RpcCall[]): Promise<RpcOutcome<T>[]> {
    if (calls.length === 0) return [];
    const method = calls[0]?.method ?? 'call';
    this.health.admit(method);
    await this.lane.acquire();
    try {
      const outcomes = await super.batchSettled<T>(calls.map((c) => capGas(c, this.limits.gas)));
      this.health.recordSuccess();
      return outcomes;
    } catch (err) {
      // A time-out is this call's cost, not the node's absence: each call fails on its own, and
      // the breaker is not told. A refused connection stays a transport error (a 503), uncounted too.
      if (err instanceof RpcTransportError && isTimeout(err)) {
        return calls.map((c) => ({ ok: false, error: new VisitorCallStopped(c.method, this.limits) }));
      }
      throw err;
    } finally {
      this.lane.release();
    }
  }
}

/** The post was aborted by its time-out (rpc.ts aborts the fetch; the cause is an AbortError). */
function isTimeout(err: RpcTransportError): boolean {
  const cause = (err as { cause?: unknown }).cause;
  return cause instanceof Error && (cause.name === 'AbortError' || cause.name === 'TimeoutError');
}
