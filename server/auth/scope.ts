/**
 * Authentication as a scope, not a call each handler must remember: every route a module
 * registers through `authenticated([...])` lives in one Fastify plugin scope whose onRequest hook
 * verifies the bearer token and loads the account with its live session (one query:
 * sessions.ts findSessionUser) before anything else of the route runs (body parsing and
 * validation included), and sets `request.user`. A missing, malformed, expired or foreign token,
 * one whose session was ended (log-out, a password change), or an account that no longer exists,
 * gets the same 401 (TOKEN_REJECTED), so a
 * caller learns nothing about which part was wrong. The scope also marks its routes
 * (`config.authenticated`, the OpenAPI `bearer` security and the 401 answer), and
 * `refuseStrayBearerRoutes` makes the API refuse to start if a route outside the scope declares
 * the bearer security by hand.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import { ErrorBody } from '../../common/api/base';
import type { Api, ApiContext, RouteModule } from '../core/context';
import { ApiError } from '../core/http';
import { verifyToken } from './jwt';
import { resolveJwtSecret } from './secret';
import { TOKEN_REJECTED, bearer } from './session';
import { findSessionUser } from './sessions';

/** The caller of an authenticated route: its account, without the password hash. */
export interface AuthUser {
  email: string;
  walletAddress: string | null;
  /** The linked wallet's keystore (encrypted in the browser), JSON text. */
  keystore: string | null;
  /** The id of the caller's session (its token's `sid`, sessions.ts). */
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The caller's account. Set by the authenticated scope's hook before any handler of that
     * scope runs; read it only there (elsewhere it is undefined).
     */
    user: AuthUser;
  }
  interface FastifyContextConfig {
    /** Registered inside the authenticated scope (set by the scope, never by hand). */
    authenticated?: boolean;
  }
}

export interface AuthenticatedRoute {
  method: string;
  url: string;
}

const registered = new WeakMap<ApiContext, AuthenticatedRoute[]>();

/** The authenticated routes of the API built with `ctx` (method and full path), in registration order. */
export function authenticatedRoutes(ctx: ApiContext): ReadonlyArray<AuthenticatedRoute> {
  return registered.get(ctx) ?? [];
}

const BEARER = [{ bearer: [] }];

function declaresBearer(r: RouteOptions): boolean {
  const security = (r.schema as { security?: unknown } | undefined)?.security;
  return Array.isArray(security) && security.some((s) => typeof s === 'object' && s !== null && 'bearer' in s);
}

/** Marks a route of the scope: config flag, OpenAPI security and 401 answer, and the route list. */
function markRoute(ctx: ApiContext, r: RouteOptions): void {
  r.config = { ...r.config, authenticated: true };
  const schema = r.schema ?? {};
  r.schema = { ...schema, security: BEARER, response: { 401: ErrorBody, ...(schema.response as object | undefined) } };
  const list = registered.get(ctx) ?? [];
  registered.set(ctx, list);
  for (const method of [r.method].flat()) if (method !== 'HEAD') list.push({ method, url: r.url });
}

/**
 * One route module registering `modules` inside the authenticated scope. Modules may open child
 * scopes (their own error handler, say): children inherit the hook.
 */
export function authenticated(modules: ReadonlyArray<RouteModule>): RouteModule {
  return (app: Api, ctx: ApiContext) => {
    const secret = resolveJwtSecret(ctx.config);
    void app.register(async (scope: Api) => {
      scope.decorateRequest('user', null, []);
      scope.addHook('onRoute', (r) => markRoute(ctx, r as RouteOptions));
      scope.addHook('onRequest', async (req) => {
        const token = bearer(req);
        const verified = token === null ? null : verifyToken(secret, token);
        if (!verified?.ok) throw new ApiError(401, TOKEN_REJECTED);
        const { email, sid } = verified.payload;
        const user = await findSessionUser(ctx.db, email, sid);
        if (!user) throw new ApiError(401, TOKEN_REJECTED);
        req.user = { email: user.email, walletAddress: user.walletAddress, keystore: user.keystore, sessionId: sid };
      });
      for (const mod of modules) mod(scope, ctx);
    });
  };
}

/**
 * First of the route modules: a route that declares the bearer security by hand but was not
 * registered in the authenticated scope would be documented as protected and not be; the API
 * refuses to start with one. Checked when the app is ready, after the scope has marked its routes
 * (Fastify hands every onRoute hook the same options object).
 */
export const refuseStrayBearerRoutes: RouteModule = (app: FastifyInstance) => {
  const declared: RouteOptions[] = [];
  app.addHook('onRoute', (r) => {
    // HEAD twins of GET routes are Fastify's own copies: the GET names the route.
    if (r.method !== 'HEAD' && declaresBearer(r as RouteOptions)) declared.push(r as RouteOptions);
  });
  app.addHook('onReady', async () => {
    const stray = declared.filter((r) => r.config?.authenticated !== true);
    if (stray.length > 0) {
      const names = stray.map((r) => `${String(r.method)} ${r.url}`).join(', ');
      throw new Error(`${names}: the bearer security declared outside the authenticated scope (server/auth/scope.ts)`);
    }
  });
};
