/**
 * The one fetch stub of the SPA tests (the network edge): each route is a pattern of the path
 * under /api, answered with a JSON body and a status; anything else answers 404 with
 * `status: false`. 'pending' never answers (the loading state); 'network' rejects like a dropped
 * connection; a function may answer later (its promise settles the request). Not a test file.
 *
 * `mockFetch` matches and records the path with its query string ('/searchcontract?q=Ruby');
 * `mockApi` is the same stub matching the path alone (the screens' `…/:page/:size` routes).
 */
import { vi } from 'vitest';

export interface Reply {
  status?: number;
  body: unknown;
}
export type Handler = Reply | 'pending' | 'network' | ((path: string) => Reply | Promise<Reply>);

export interface FetchMock {
  /** Paths asked, in order (without the /api prefix; with the query string unless `query: false`). */
  calls: string[];
  /** Replace or add routes while the test runs (first match wins: new routes go first). */
  use: (routes: [RegExp, Handler][]) => void;
  /** Puts the real fetch and Request back (or vi.restoreAllMocks() + vi.unstubAllGlobals()). */
  restore: () => void;
}
/** The name the screen tests know it by. */
export type ApiMock = FetchMock;

function pathOf(input: RequestInfo | URL, query: boolean): string {
  const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
  return decodeURIComponent(url.pathname.replace(/^\/api/, '') + (query ? url.search : ''));
}

const NativeRequest = globalThis.Request;

/** jsdom's fetch stack refuses relative URLs in Request: resolve them against the page, as a browser does. */
class PageRequest extends NativeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, window.location.href).href : input, init);
  }
}

const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Installs the stub. `query: false` matches and records the path without its query string. */
export function mockFetch(initial: [RegExp, Handler][], { query = true }: { query?: boolean } = {}): FetchMock {
  const calls: string[] = [];
  let routes = [...initial];
  vi.stubGlobal('Request', PageRequest);
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation((input: RequestInfo | URL) => {
    const path = pathOf(input, query);
    calls.push(path);
    const route = routes.find(([re]) => re.test(path));
    if (!route) return Promise.resolve(json({ status: false, message: 'not found' }, 404));
    const handler = route[1];
    if (handler === 'pending') return new Promise<Response>(() => {});
    if (handler === 'network') return Promise.reject(new TypeError('Failed to fetch'));
    const reply = typeof handler === 'function' ? handler(path) : handler;
    return Promise.resolve(reply).then((r) => json(r.body, r.status ?? 200));
  });
  return {
    calls,
    use: (more) => {
      routes = [...more, ...routes];
    },
    restore: () => {
      spy.mockRestore();
      vi.unstubAllGlobals();
    },
  };
}

/** The stub matching the path alone. */
export const mockApi = (routes: [RegExp, Handler][]): ApiMock => mockFetch(routes, { query: false });

export const ok = <T,>(result: T, extra: Record<string, unknown> = {}): Reply => ({ body: { status: true, result, ...extra } });
export const fail = (status: number, message: string): Reply => ({ status, body: { status: false, message } });
