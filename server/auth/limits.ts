/**
 * Rate limits of sign-up and log-in, per client IP and per email, with @fastify/rate-limit's store
 * (in memory: one API process; several processes behind a balancer would give it their redis).
 * Counted on every attempt, before the password is even hashed, so guessing is slow and costly
 * work cannot be forced on the server.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../api/http';
import { clientNetwork } from '../clientNetwork';
import { normalizeEmail } from './users';

export interface AuthLimits {
  /** Attempts per IP per minute (sign-up and log-in together). */
  perIpPerMinute: number;
  /** Attempts per email per 15 minutes. */
  perEmailPer15Minutes: number;
}

function emailOf(req: FastifyRequest): string {
  const b = req.body as { email?: unknown } | undefined;
  const p = req.params as { email?: unknown } | undefined;
  const raw = typeof b?.email === 'string' ? b.email : typeof p?.email === 'string' ? p.email : '';
  return normalizeEmail(raw).slice(0, 254);
}

/** Registers the plugin in `scope` (not globally) and returns a preHandler enforcing both limits. */
export async function authLimiter(scope: FastifyInstance, limits: AuthLimits): Promise<(req: FastifyRequest) => Promise<void>> {
  await scope.register(rateLimit, { global: false });
  // When the API's global limiter is registered first, createRateLimit is that registration's and
  // inherits its allowList (loopback callers exempt): guessing passwords is limited for everyone.
  const never = () => false;
  const byIp = scope.createRateLimit({
    max: limits.perIpPerMinute,
    timeWindow: 60_000,
    keyGenerator: (req) => `auth-ip:${clientNetwork(req.ip)}`,
    allowList: never,
  });
  const byEmail = scope.createRateLimit({
    max: limits.perEmailPer15Minutes,
    timeWindow: 15 * 60_000,
    keyGenerator: (req) => `auth-email:${emailOf(req)}`,
    allowList: never,
  });
  return async (req) => {
    for (const limiter of [byIp, byEmail]) {
      const r = await limiter(req);
      if (!r.isAllowed && r.isExceeded) {
        throw new ApiError(429, `Too many attempts: try again in ${r.ttlInSeconds} s`);
      }
    }
  };
}
