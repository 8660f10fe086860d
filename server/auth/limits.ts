/**
 * Rate limits of sign-up and log-in, counted in the database (attempts.ts) so
 * every API process agrees:
 *
 * - per client network (an IPv4 address or an IPv6 /64: clientNetwork.ts), every attempt, sign-up
 *   and log-in together: `perIpPerMinute`. Checked at onRequest, before the body is read, so a
 *   refused caller cannot make the server read (or hash) anything. It bounds the work one network
 *   can force on the server, whatever the emails it tries.
 * - per email AND client network, FAILED log-ins only: `failuresPer15Minutes`. Checked after the
 *   (small) body is parsed and before any password hashing. An attempt is counted when it starts
 *   (so parallel guesses cannot all pass one check) and a successful log-in deletes the counter:
 *   what remains are the failures. A guesser elsewhere therefore never locks the owner out: the
 *   owner's own network has its own counter, and successes never fill it.
 *
 * Every refusal is a 429 "Too many attempts: try again in N s" with Retry-After.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { ApiError } from '../core/http';
import { hasUnreadBody } from '../core/unreadBody';
import { clientNetwork } from '../clientNetwork';
import { AttemptCounter, attemptKey } from './attempts';
import { normalizeEmail } from './users';

export interface AuthLimits {
  /** Attempts per client network per minute (sign-up and log-in together). */
  perIpPerMinute: number;
  /** Failed log-ins per email per client network per 15 minutes. */
  failuresPer15Minutes: number;
}

export const NETWORK_WINDOW_MS = 60_000;
export const FAILURE_WINDOW_MS = 15 * 60_000;

/** The spec-worded refusal, with its Retry-After (the error handlers send it). */
export class TooManyAttempts extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, `Too many attempts: try again in ${retryAfterSeconds} s`);
  }
}

function emailOf(req: FastifyRequest): string {
  const b = req.body as { email?: unknown } | undefined;
  const p = req.params as { email?: unknown } | undefined;
  const raw = typeof b?.email === 'string' ? b.email : typeof p?.email === 'string' ? p.email : '';
  return normalizeEmail(raw).slice(0, 254);
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The log-in's failure counter (set by AuthLimiter.failures), cleared when it succeeds. */
    authFailureKey?: string;
  }
}

export class AuthLimiter {
  private readonly counter: AttemptCounter;

  constructor(
    db: Kysely<DB>,
    private readonly limits: AuthLimits,
  ) {
    this.counter = new AttemptCounter(db);
  }

  /** onRequest: every attempt of the client's network, before the body is read. */
  readonly network = async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const r = await this.counter.count(attemptKey('net', clientNetwork(req.ip)), NETWORK_WINDOW_MS);
    if (r.count > this.limits.perIpPerMinute) throw refuse(req, reply, r.retryAfterSeconds);
  };

  /** preHandler of the log-in: this email from this network, before the password is hashed. */
  readonly failures = async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const key = attemptKey('fail', emailOf(req), clientNetwork(req.ip));
    const r = await this.counter.count(key, FAILURE_WINDOW_MS);
    if (r.count > this.limits.failuresPer15Minutes) throw refuse(req, reply, r.retryAfterSeconds);
    req.authFailureKey = key;
  };

  /** After a successful log-in: its attempt, and the failures before it, no longer count. */
  async succeeded(req: FastifyRequest): Promise<void> {
    if (req.authFailureKey) await this.counter.clear(req.authFailureKey);
  }
}

/** The refusal; a body still on the wire is not read (the connection closes: server/core/unreadBody.ts). */
function refuse(req: FastifyRequest, reply: FastifyReply, seconds: number): TooManyAttempts {
  if (hasUnreadBody(req)) void reply.header('connection', 'close');
  void reply.header('retry-after', String(seconds));
  return new TooManyAttempts(seconds);
}
