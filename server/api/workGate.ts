/**
 * Budgets for the expensive calls: compile, verify (all three ways in), CSV export,
 * NFT inventory, getLogs and a transaction's state changes. Each kind of work has a cap on the calls one caller may have running
 * at once (`perCaller`: an API key's account, else the client's IPv4 address or IPv6 /64) and a
 * global cap (`global`); past the caller's cap the call is refused at once, past the global one it
 * waits up to `queueMs` for a place and is then refused. A refusal is a 429 with Retry-After, so
 * one caller's flood costs the others at most a place in the queue, never the whole server.
 * Loopback callers skip the per-caller cap when the rate limits exempt them (tests, the traffic
 * generator's verifications); the global cap holds for everyone.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { clientNetwork } from '../clientNetwork';
import { ApiError } from '../core/http';
import { TimedSemaphore } from '../semaphore';

export interface GateLimits {
  perCaller: number;
  global: number;
  queueMs: number;
}

export const WORK_LIMITS = {
  compile: { perCaller: 1, global: 2, queueMs: 20_000 },
  verify: { perCaller: 1, global: 2, queueMs: 20_000 },
  export: { perCaller: 2, global: 4, queueMs: 5_000 },
  nftInventory: { perCaller: 2, global: 4, queueMs: 5_000 },
  getLogs: { perCaller: 2, global: 6, queueMs: 5_000 },
  /** A transaction's state changes: a node trace and maybe a layout compile; cached answers pass quickly. */
  stateChanges: { perCaller: 2, global: 4, queueMs: 10_000 },
} as const satisfies Record<string, GateLimits>;
export type WorkKind = keyof typeof WORK_LIMITS;

/** Seconds a refused caller is told to wait. */
export const RETRY_AFTER_SECONDS = 5;

/** A 429 that says when to come back (the error handler sends its Retry-After). */
export class BusyError extends ApiError {
  readonly retryAfterSeconds = RETRY_AFTER_SECONDS;
  constructor(message: string) {
    super(429, message);
  }
}

export const busyMessage = (what: string, mine: boolean): string =>
  mine
    ? `Too many ${what} requests of yours at once: wait for the one running to finish (retry in ${RETRY_AFTER_SECONDS} s)`
    : `The server is busy with other ${what} requests: retry in ${RETRY_AFTER_SECONDS} s`;

const LABELS: Record<WorkKind, string> = {
  compile: 'compile',
  verify: 'verification',
  export: 'CSV export',
  nftInventory: 'NFT inventory',
  getLogs: 'getLogs',
  stateChanges: 'state changes',
};

export class WorkGate {
  private readonly places: TimedSemaphore;
  private readonly perCaller = new Map<string, number>();

  constructor(
    readonly kind: WorkKind,
    readonly limits: GateLimits = WORK_LIMITS[kind],
  ) {
    this.places = new TimedSemaphore(limits.global, limits.queueMs, () => new BusyError(busyMessage(LABELS[kind], false)));
  }

  /** Takes a place for `caller` (null: no per-caller cap); answers its release (idempotent). */
  async enter(caller: string | null): Promise<() => void> {
    if (caller !== null && (this.perCaller.get(caller) ?? 0) >= this.limits.perCaller)
      throw new BusyError(busyMessage(LABELS[this.kind], true));
    if (caller !== null) this.perCaller.set(caller, (this.perCaller.get(caller) ?? 0) + 1);
    try {
      await this.places.acquire();
    } catch (err) {
      this.dropCaller(caller);
      throw err;
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.dropCaller(caller);
      this.places.release();
    };
  }

  /** Runs `work` inside a place. */
  async run<T>(caller: string | null, work: () => Promise<T>): Promise<T> {
    const release = await this.enter(caller);
    try {
      return await work();
    } finally {
      release();
    }
  }

  private dropCaller(caller: string | null): void {
    if (caller === null) return;
    const left = (this.perCaller.get(caller) ?? 1) - 1;
    if (left <= 0) this.perCaller.delete(caller);
    else this.perCaller.set(caller, left);
  }
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/** The caller a per-caller cap counts; null when exempt (loopback with the rate limits' exemption). */
export function callerOf(req: FastifyRequest, exemptLoopback: boolean): string | null {
  if (req.apiKeyBudget) return req.apiKeyBudget;
  if (exemptLoopback && LOOPBACK.test(req.ip)) return null;
  return `ip:${clientNetwork(req.ip)}`;
}

/**
 * A route's onRequest hook (before its body is read): takes a place, released when the answer
 * has been sent or the client went away (a streamed CSV holds its place while it streams).
 */
export function gateHook(gate: WorkGate, exemptLoopback: boolean) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const release = await gate.enter(callerOf(req, exemptLoopback));
    reply.raw.once('close', release);
    reply.raw.once('finish', release);
  };
}

const gates = new WeakMap<object, Map<WorkKind, WorkGate>>();

/** The gate of `kind` of one API (its context): every route of that kind shares it. */
export function workGate(ctx: object, kind: WorkKind): WorkGate {
  let byKind = gates.get(ctx);
  if (!byKind) gates.set(ctx, (byKind = new Map()));
  let gate = byKind.get(kind);
  if (!gate) byKind.set(kind, (gate = new WorkGate(kind)));
  return gate;
}
