/**
 * API keys and rate limits of the documented public API (issue 8).
 *
 * - A key is `rbx_` + 32 random base64url characters, shown once when created. The database
 *   holds only its SHA-256 (hex), so a leaked database does not leak usable keys.
 * - Callers send it as the `x-api-key` header or the `apikey` query parameter (Etherscan's name).
 *   A key that is sent must be valid: an unknown one answers 401, a revoked one 403, always as
 *   `{ status: false, message }`. No key at all is fine: the caller is anonymous.
 * - Rate limits (@fastify/rate-limit, per API process, fixed window): a valid key is counted per
 *   key with the higher limit; anonymous callers (the SPA's own calls included) per IP with the
 *   lower one. Both come from the configuration; 0 turns a limit off, and loopback callers are
 *   exempt by default (a reverse proxy on the same host would otherwise throttle every user at once).
 */
import { createHash, randomBytes } from 'node:crypto';
import fastifyRateLimit from '@fastify/rate-limit';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Api, ApiContext } from '../core/context';
import type { FastifyRequest } from 'fastify';
import { clientNetwork } from '../clientNetwork';
import { ApiError } from '../core/http';
import { hasUnreadBody } from '../core/unreadBody';
import { findApiKeyByHash, insertApiKey, type ApiKeyInfo } from '../queries/apiKeys';

export const API_KEY_HEADER = 'x-api-key';
export const API_KEY_QUERY = 'apikey';
export const API_KEY_PREFIX = 'rbx_';
/** Characters of a key kept in clear (prefix included) to tell keys apart in lists. */
const SHOWN_CHARS = 8;
const KEY_PATTERN = /^rbx_[A-Za-z0-9_-]{32}$/;
export const LABEL_MAX = 100;

/** The OpenAPI document's description of the two ways to send a key. */
export const API_KEY_SECURITY_SCHEMES = {
  ApiKeyHeader: { type: 'apiKey', in: 'header', name: API_KEY_HEADER, description: 'API key as a request header' },
  ApiKeyQuery: { type: 'apiKey', in: 'query', name: API_KEY_QUERY, description: 'API key as a query parameter' },
} as const;

export const API_KEY_MESSAGES = {
  invalid: 'Invalid API key',
  revoked: 'API key revoked',
  badLabel: `The label must be 1 to ${LABEL_MAX} characters`,
} as const;

export interface CreatedApiKey extends ApiKeyInfo {
  /** The key itself: shown once, never stored. */
  key: string;
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export function generateApiKey(): string {
  return API_KEY_PREFIX + randomBytes(24).toString('base64url');
}

/**
 * Creates a key for `owner` (an account email; null for the operator's own keys) and returns it
 * with the key in clear, the only time it exists outside the caller.
 */
export async function createApiKey(db: Kysely<DB>, owner: string | null, label: string): Promise<CreatedApiKey> {
  const clean = label.trim();
  if (clean.length === 0 || clean.length > LABEL_MAX) throw new ApiError(400, API_KEY_MESSAGES.badLabel);
  const key = generateApiKey();
  const info = await insertApiKey(db, { keyHash: hashApiKey(key), keyPrefix: key.slice(0, SHOWN_CHARS), owner, label: clean });
  return { ...info, key };
}

export type KeyLookup = { id: number; revoked: boolean; owner: string | null } | null;

/**
 * Looks keys up by hash with a short-lived cache, so a caller with a key costs one query per
 * TTL, not one per request. A revocation therefore takes effect within `ttlMs` on every process.
 */
export class ApiKeyResolver {
  private readonly cache = new Map<string, { value: KeyLookup; until: number }>();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly ttlMs = 30_000,
    private readonly unknownTtlMs = 5_000,
  ) {}

  async lookup(key: string): Promise<KeyLookup> {
    if (!KEY_PATTERN.test(key)) return null;
    const hash = hashApiKey(key);
    const now = Date.now();
    const hit = this.cache.get(hash);
    if (hit && hit.until > now) return hit.value;
    const value: KeyLookup = await findApiKeyByHash(this.db, hash);
    if (this.cache.size >= 10_000) this.cache.clear(); // bounded: a flood of made-up keys cannot grow it
    this.cache.set(hash, { value, until: now + (value ? this.ttlMs : this.unknownTtlMs) });
    return value;
  }

  /** Drops a key's cached lookup (after a revocation here, so this process refuses it at once). */
  forget(id: number): void {
    for (const [hash, hit] of this.cache) if (hit.value?.id === id) this.cache.delete(hash);
  }
}

const resolvers = new WeakMap<ApiContext, ApiKeyResolver>();

/** The key resolver of the API built with `ctx` (set by installApiAccess), if any. */
export function apiKeyResolverOf(ctx: ApiContext): ApiKeyResolver | undefined {
  return resolvers.get(ctx);
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Id of the caller's valid API key; null for anonymous callers. */
    apiKeyId: number | null;
    /**
     * The rate budget a valid key draws on: its account's (`owner:<email>`, one budget whatever the
     * number of keys the account holds), or the key's own for an operator's key (`key:<id>`).
     */
    apiKeyBudget: string | null;
  }
}

/** The key a request carries (header first, then the query parameter), or null. */
export function requestApiKey(headers: Record<string, string | string[] | undefined>, query: unknown): string | null {
  const header = headers[API_KEY_HEADER];
  const fromHeader = Array.isArray(header) ? header[0] : header;
  if (fromHeader !== undefined && fromHeader !== '') return fromHeader;
  if (typeof query === 'object' && query !== null) {
    const q = (query as Record<string, unknown>)[API_KEY_QUERY];
    const fromQuery = Array.isArray(q) ? (q[0] as unknown) : q;
    if (typeof fromQuery === 'string' && fromQuery !== '') return fromQuery;
  }
  return null;
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/** Marks the request as made with a valid key, drawing on its account's budget. */
export function useApiKey(req: FastifyRequest, found: NonNullable<KeyLookup>): void {
  req.apiKeyId = found.id;
  req.apiKeyBudget = found.owner !== null ? `owner:${found.owner}` : `key:${found.id}`;
}

/**
 * Installs the key check and the rate limits on the /api scope. Call it before the routes are
 * registered (the rate limiter attaches itself to routes as they are added).
 */
export async function installApiAccess(app: Api, ctx: ApiContext): Promise<void> {
  const resolver = new ApiKeyResolver(ctx.db);
  resolvers.set(ctx, resolver);
  app.decorateRequest('apiKeyId', null);
  app.decorateRequest('apiKeyBudget', null);
  // /api?module=… and Etherscan V2's /api/v2/api?chainid=… (ethers sends module after chainid or in a POST body).
  const isEtherscanForm = (url: string) => /^\/api(\/v2\/api)?\/?\?(.*&)?(module|chainid)=/.test(url);
  app.addHook('onRequest', async (req) => {
    const key = requestApiKey(req.headers, req.query);
    if (key === null) return;
    const found = await resolver.lookup(key);
    // Hardhat's and Foundry's verify send their Etherscan key on the Etherscan-style form
    // (/api?module=…): a key we did not issue counts as no key there, not as an error.
    if (!found && isEtherscanForm(req.url)) return;
    if (!found) throw new ApiError(401, API_KEY_MESSAGES.invalid);
    if (found.revoked) throw new ApiError(403, API_KEY_MESSAGES.revoked);
    useApiKey(req, found);
  });

  const limits = ctx.config.rateLimit;
  const windowMs = limits.windowSeconds * 1000;
  await app.register(fastifyRateLimit, {
    global: true,
    timeWindow: windowMs,
    // Runs after the key hook above (route-level onRequest hooks follow the scope's own).
    keyGenerator: (req) => req.apiKeyBudget ?? `ip:${clientNetwork(req.ip)}`,
    max: (req) => (req.apiKeyId !== null ? limits.apiKeyMax : limits.anonymousMax),
    allowList: (req) => {
      const max = req.apiKeyId !== null ? limits.apiKeyMax : limits.anonymousMax;
      return max === 0 || (limits.exemptLoopback && LOOPBACK.test(req.ip));
    },
    errorResponseBuilder: (req, c) => new ApiError(429, rateLimitMessage(req, c.max, limits.windowSeconds, c.after)),
    // Before the body is read (the plugin's default, said here because it matters): a refused
    // caller's POST is answered from its headers, and its body is never parsed.
    hook: 'onRequest',
  });
  // A refusal sent while the request's body is still on the wire (a 429 here, a 401 for a bad key,
  // a gate's 410…) closes the connection after the answer, instead of Node reading the rest of the
  // body to keep the connection for another request.
  app.addHook('onSend', async (req, reply) => {
    if (reply.statusCode >= 400 && hasUnreadBody(req)) void reply.header('connection', 'close');
  });
}

/** The API limiter's 429 message (`after`: when to retry, in words). */
export function rateLimitMessage(req: FastifyRequest, max: number, windowSeconds: number, after: string): string {
  return `Rate limit exceeded: ${max} requests per ${windowSeconds} s ${
    req.apiKeyId !== null
      ? `for this API key${req.apiKeyBudget?.startsWith('owner:') ? " (one budget for all of its account's keys)" : ''}`
      : 'without an API key (send one as the x-api-key header for a higher limit)'
  }; retry in ${after}`;
}
