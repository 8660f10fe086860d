/**
 * The one RTK Query api. Features add their endpoints with `api.injectEndpoints` in
 * `<feature>Api.ts`. Every API answer carries a boolean `status`: an answer with `status: false`
 * (or a non-2xx) becomes an RTK Query error holding the server's message, so components see
 * data only when it is real (docs/decisions.md#spec-errors: "a response with falsy status is ignored").
 */
import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react';

function env(name: string): string | undefined {
  const v: unknown = import.meta.env[name];
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
}

/** Base URL of the API (same origin by default; VITE_API_BASE for a separate API host). */
export const API_BASE = env('VITE_API_BASE') ?? '/api';

export interface ApiFailure {
  /** HTTP status, or 'FETCH_ERROR' / 'PARSING_ERROR' / 'TIMEOUT_ERROR' when none. */
  status: number | string;
  message: string;
}

const raw = fetchBaseQuery({ baseUrl: API_BASE, timeout: 30_000 });

function text(data: unknown, key: string): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const v = (data as Record<string, unknown>)[key];
  return typeof v === 'string' && v !== '' ? v : null;
}

/** The server's words in an answer: `message`, else the older API's `msg` or a string `result`; null when none. */
export function serverMessage(data: unknown): string | null {
  return text(data, 'message') ?? text(data, 'msg') ?? text(data, 'result');
}

/** An answer counts only when it is an object with `status: true` (docs/decisions.md#spec-errors). */
export function hasStatusTrue(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { status?: unknown }).status === true;
}

/**
 * The API without the status check, for documents that carry no `status` (the OpenAPI
 * document): a non-2xx, no answer or an unreadable one still becomes an ApiFailure.
 */
export const plainBaseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiFailure, object, FetchBaseQueryMeta> = async (args, apiCtx, extra) => {
  const res = await raw(args, apiCtx, extra);
  if (res.error) {
    const e = res.error;
    const fallback = 'error' in e ? e.error : `HTTP ${String(e.status)}`;
    return { error: { status: e.status, message: serverMessage('data' in e ? e.data : undefined) ?? fallback }, meta: res.meta };
  }
  return { data: res.data, meta: res.meta };
};

export const statusBaseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiFailure, object, FetchBaseQueryMeta> = async (args, apiCtx, extra) => {
  const res = await plainBaseQuery(args, apiCtx, extra);
  if (res.error) return res;
  if (!hasStatusTrue(res.data)) {
    const error = { status: res.meta?.response?.status ?? 'PARSING_ERROR', message: serverMessage(res.data) ?? 'The server answered without status: true' };
    return { error, meta: res.meta };
  }
  return res;
};

/**
 * REST through the endpoint's base query (queryFn's fourth argument), with a failure logged
 * under `errorText` and passed on (docs/decisions.md#spec-errors: such failures are logged only).
 */
export type BaseFetch = (arg: string) => Promise<{ data?: unknown; error?: ApiFailure }>;
export async function restLogged<T>(fetch: BaseFetch, path: string, read: (body: unknown) => T, errorText: string): Promise<{ data: T } | { error: ApiFailure }> {
  const r = await fetch(path);
  if (r.error) {
    console.error(errorText, r.error);
    return { error: r.error };
  }
  return { data: read(r.data) };
}

export const api = createApi({
  reducerPath: 'api',
  baseQuery: statusBaseQuery,
  tagTypes: ['Block', 'Transaction', 'Address', 'Token', 'Contract', 'Wallet'],
  endpoints: () => ({}),
});
