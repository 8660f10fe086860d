/**
 * An `apikey` sent in a POST body (form or JSON), counted by the API's per-key rate limit like
 * one in the query string or the x-api-key header.
 *
 * The API's key hook and its rate limiter run on `onRequest`, before the body is read, so they
 * only see the header and the query. The Etherscan POST routes therefore opt out of the global
 * limiter (`config: { rateLimit: false }`) and run this preHandler instead: it takes the body's
 * key when the request carried none, then applies the same limiter (same store, limits and
 * answers: `app.rateLimit()` with no options is the global one), so a key counts in one bucket
 * whichever way it is sent. As on the query-string form, a key we did not issue counts as none
 * (Hardhat and Foundry send their Etherscan key), a revoked one is refused.
 *
 * Before the body is read (onRequest), a caller already known to be over its
 * limit is refused, so its body (up to 8 MB here) is never read: a key in the header or query is
 * counted there at once; a request without one is refused when its network's anonymous budget is
 * spent (looked at, not counted: its body may still hold a key, counted on the key's budget).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_KEY_MESSAGES, API_KEY_QUERY, apiKeyResolverOf, rateLimitMessage, useApiKey } from '../apiKeys';
import type { ApiContext } from '../../core/context';
import { ApiError } from '../../core/http';
import { hasUnreadBody } from '../../core/unreadBody';

function bodyKey(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
    if (k.toLowerCase() !== API_KEY_QUERY) continue;
    const first: unknown = Array.isArray(v) ? v[0] : v;
    if (typeof first === 'string' && first !== '') return first;
  }
  return null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Counted by the API's limiter at onRequest (a key in the header or query). */
    rateCountedEarly?: boolean;
  }
}

/** The Etherscan POST routes' limits: onRequest (before the body) and preHandler (the body's key). */
export function etherscanPostLimits(app: FastifyInstance, ctx: ApiContext) {
  // Absent when the API is built without its access layer (then nothing is limited anyway).
  const limit = typeof app.rateLimit === 'function' ? app.rateLimit() : null;
  // The same store and parameters, to look at a budget without counting.
  const look = typeof app.createRateLimit === 'function' ? app.createRateLimit() : null;
  const onRequest = async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (!limit || !look) return;
    if (req.apiKeyBudget !== null) {
      req.rateCountedEarly = true;
      try {
        await limit.call(app, req, reply);
      } catch (err) {
        // Answered 200 in Etherscan's shape: the API's onSend (429s) does not see a refusal.
        if (hasUnreadBody(req)) void reply.header('connection', 'close');
        throw err;
      }
      return;
    }
    const r = await look(req, { increment: false });
    if (r.isAllowed || r.remaining > 0) return;
    if (hasUnreadBody(req)) void reply.header('connection', 'close');
    void reply.header('retry-after', String(r.ttlInSeconds));
    throw new ApiError(429, rateLimitMessage(req, r.max, ctx.config.rateLimit.windowSeconds, `${r.ttlInSeconds} s`));
  };
  const preHandler = async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (req.rateCountedEarly) return;
    const key = req.apiKeyId === null ? bodyKey(req.body) : null;
    const resolver = apiKeyResolverOf(ctx);
    if (key !== null && resolver) {
      const found = await resolver.lookup(key);
      if (found?.revoked) throw new ApiError(403, API_KEY_MESSAGES.revoked);
      if (found) useApiKey(req, found);
    }
    if (limit) await limit.call(app, req, reply);
  };
  return { onRequest, preHandler };
}
