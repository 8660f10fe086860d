/**
 * The one RTK Query api. Features add their endpoints with `api.injectEndpoints` in
 * `<feature>Api.ts`. Every API answer carries a boolean `status`: an answer with `status: false`
 * (or a non-2xx) becomes an RTK Query error holding the server's message, so components see
 * data only when it is real (docs/decisions.md#spec-errors: "a response with falsy status is ignored").
 */
import { apiErrorMessage, hasStatusTrue as isStatusTrue } from '../../common/api/error';
import {
  buildCreateApi,
  coreModule,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query';
import { reactHooksModule } from '@reduxjs/toolkit/query/react';
import type { AnswerOf, AnswerRoute } from '../../common/api/answers';
import { API_PREFIX, paths } from '../../common/api/paths';
import { authHeaders } from '../lib/authToken';

function env(name: string): string | undefined {
  const v: unknown = import.meta.env[name];
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
}

/** Base URL of the API (same origin by default; VITE_API_BASE for a separate API host). */
export const API_BASE = env('VITE_API_BASE') ?? API_PREFIX;

export interface ApiFailure {
  /** HTTP status, or 'FETCH_ERROR' / 'PARSING_ERROR' / 'TIMEOUT_ERROR' when none. */
  status: number | string;
  message: string;
}

/**
 * The login token (`Authorization: Bearer`) on every call while one is held: the one place the SPA
 * adds it (the base query's prepareHeaders and the wallet client's fetch), so no authenticated
 * endpoint can forget it. Public routes ignore it.
 */
export function withAuth(headers: Headers): Headers {
  for (const [name, value] of Object.entries(authHeaders())) headers.set(name, value);
  return headers;
}

const browserRaw = fetchBaseQuery({ baseUrl: API_BASE, timeout: 30_000, prepareHeaders: (headers) => withAuth(headers) });

/**
 * On the server (src/app/shell/renderPage.tsx renders a landing page with its first data) the
 * store's thunk extra carries the server's own API: no network, no login token (what
 * the server renders is public), an absolute base as fetch in Node needs one.
 */
export interface ServerRenderExtra {
  serverFetch: (input: RequestInfo, init?: RequestInit) => Promise<Response>;
}
const SERVER_API_ORIGIN = 'http://server-render.invalid';
const serverRaw = new WeakMap<ServerRenderExtra, typeof browserRaw>();
function rawFor(extra: unknown): typeof browserRaw {
  const e = extra as Partial<ServerRenderExtra> | undefined;
  if (!e || typeof e.serverFetch !== 'function') return browserRaw;
  let q = serverRaw.get(e as ServerRenderExtra);
  if (!q) {
    q = fetchBaseQuery({ baseUrl: `${SERVER_API_ORIGIN}${API_PREFIX}`, fetchFn: e.serverFetch });
    serverRaw.set(e as ServerRenderExtra, q);
  }
  return q;
}
const raw: typeof browserRaw = (args, apiCtx, extra) => rawFor(apiCtx.extra)(args, apiCtx, extra);

/** The server's words in an answer (the API's error shape: common/api/error.ts); null when none. */
export const serverMessage = apiErrorMessage;

/** Spec section 8: an answer counts only when it is an object with `status: true`. */
export const hasStatusTrue = isStatusTrue;

/**
 * The API without the status check, for documents that carry no `status` (the OpenAPI
 * document): a non-2xx, no answer or an unreadable one still becomes an ApiFailure.
 */
export const plainBaseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiFailure, object, FetchBaseQueryMeta> = async (
  args,
  apiCtx,
  extra,
) => {
  const res = await raw(args, apiCtx, extra);
  if (res.error) {
    const e = res.error;
    const fallback = 'error' in e ? e.error : `HTTP ${String(e.status)}`;
    return { error: { status: e.status, message: serverMessage('data' in e ? e.data : undefined) ?? fallback }, meta: res.meta };
  }
  return { data: res.data, meta: res.meta };
};

export const statusBaseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiFailure, object, FetchBaseQueryMeta> = async (
  args,
  apiCtx,
  extra,
) => {
  const res = await plainBaseQuery(args, apiCtx, extra);
  if (res.error) return res;
  if (!hasStatusTrue(res.data)) {
    const error = {
      status: res.meta?.response?.status ?? 'PARSING_ERROR',
      message: serverMessage(res.data) ?? 'The server answered without status: true',
    };
    return { error, meta: res.meta };
  }
  return res;
};

/**
 * The endpoint's base query as queryFn's fourth argument hands it over (no cast needed). REST
 * through it answers with the route's registry type: `fetchAnswer(fetch, answerCall('blockChart'))`.
 */
export type BaseFetch = (arg: string | FetchArgs) => ReturnType<typeof statusBaseQuery>;

/**
 * One call of a registry route: its path (the registry's builder) with the route's name, which
 * types the answer (`AnswerOf<K>`, from common/api/answers.ts: the schema the server declares).
 */
export interface AnswerCall<K extends AnswerRoute> {
  readonly route: K;
  readonly path: string;
}
export function answerCall<K extends AnswerRoute>(route: K, ...args: Parameters<(typeof paths)[K]>): AnswerCall<K> {
  const build = paths[route] as (...a: Parameters<(typeof paths)[K]>) => string;
  return { route, path: build(...args) };
}

/**
 * Route K's answer through the base query, typed by the registry: the one place an answer's
 * `unknown` becomes its type (the base query has checked its `status: true`; the server's
 * response schema, the same as AnswerOf<K>, has shaped it).
 */
export async function fetchAnswer<K extends AnswerRoute>(
  fetch: BaseFetch,
  call: AnswerCall<K>,
): Promise<{ data: AnswerOf<K> } | { error: ApiFailure }> {
  const r = await fetch(call.path);
  if (r.error) return { error: r.error };
  return { data: r.data as AnswerOf<K> };
}

/** fetchAnswer with a failure logged under `errorText` and passed on (docs/decisions.md#spec-errors: such failures are logged only). */
export async function restLogged<K extends AnswerRoute, T>(
  fetch: BaseFetch,
  call: AnswerCall<K>,
  read: (answer: AnswerOf<K>) => T,
  errorText: string,
): Promise<{ data: T } | { error: ApiFailure }> {
  const r = await fetchAnswer(fetch, call);
  if ('error' in r) {
    console.error(errorText, r.error);
    return { error: r.error };
  }
  return { data: read(r.data) };
}

// On the server, a query hook starts its query while rendering (effects do not run there), so a
// render shows what the page asks for and renderPage.tsx can wait for it and render again.
const createApi = buildCreateApi(coreModule(), reactHooksModule({ unstable__sideEffectsInRender: import.meta.env.SSR }));

export const api = createApi({
  reducerPath: 'api',
  baseQuery: statusBaseQuery,
  // The tags an endpoint provides and something invalidates: 'Block' (the home page's HOME_TAG and
  // HOME_HEAD_TAG, homeApi.ts) and 'Wallet' (the wallet's reads, refetched after a login or a change).
  tagTypes: ['Block', 'Wallet'],
  endpoints: () => ({}),
});
