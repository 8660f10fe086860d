/**
 * The one RTK Query api. Features add their endpoints with `api.injectEndpoints` in
 * `<feature>Api.ts`. Every API answer carries a boolean `status`: an answer with `status: false`
 * (or a non-2xx) becomes an RTK Query error holding the server's message, so components see
 * data only when it is real (spec section 8: "a response with falsy status is ignored").
 */
import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs } from '@reduxjs/toolkit/query/react';

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

function messageOf(data: unknown, fallback: string): string {
  if (typeof data === 'object' && data !== null && 'message' in data && typeof (data as { message: unknown }).message === 'string') {
    return (data as { message: string }).message;
  }
  return fallback;
}

export const statusBaseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiFailure> = async (args, apiCtx, extra) => {
  const res = await raw(args, apiCtx, extra);
  if (res.error) {
    const e = res.error;
    const status = e.status;
    const fallback = 'error' in e ? e.error : `HTTP ${String(status)}`;
    return { error: { status, message: messageOf('data' in e ? e.data : undefined, fallback) } };
  }
  const data = res.data;
  if (typeof data !== 'object' || data === null || (data as { status?: unknown }).status !== true) {
    return { error: { status: res.meta?.response?.status ?? 'PARSING_ERROR', message: messageOf(data, 'The server answered without status: true') } };
  }
  return { data };
};

export const api = createApi({
  reducerPath: 'api',
  baseQuery: statusBaseQuery,
  tagTypes: ['Block', 'Transaction', 'Address', 'Token', 'Contract', 'Wallet'],
  endpoints: () => ({}),
});
