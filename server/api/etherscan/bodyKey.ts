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
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_KEY_MESSAGES, API_KEY_QUERY, apiKeyResolverOf, useApiKey } from '../apiKeys';
import type { ApiContext } from '../context';
import { ApiError } from '../http';

function bodyKey(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
    if (k.toLowerCase() !== API_KEY_QUERY) continue;
    const first: unknown = Array.isArray(v) ? v[0] : v;
    if (typeof first === 'string' && first !== '') return first;
  }
  return null;
}

/** The preHandler of the Etherscan POST routes: the body's key, then the API's rate limit. */
export function bodyKeyLimiter(app: FastifyInstance, ctx: ApiContext) {
  // Absent when the API is built without its access layer (then nothing is limited anyway).
  const limit = typeof app.rateLimit === 'function' ? app.rateLimit() : null;
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const key = req.apiKeyId === null ? bodyKey(req.body) : null;
    const resolver = apiKeyResolverOf(ctx);
    if (key !== null && resolver) {
      const found = await resolver.lookup(key);
      if (found?.revoked) throw new ApiError(403, API_KEY_MESSAGES.revoked);
      if (found) useApiKey(req, found);
    }
    if (limit) await limit.call(app, req, reply);
  };
}
