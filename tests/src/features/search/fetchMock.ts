/**
 * Stubs global fetch at the edge for the home and search tests: routes match the path under
 * /api plus its query string ('/searchcontract?q=Ruby'); anything else answers 404. 'pending'
 * never answers (the loading state); 'network' rejects like a dropped connection. Not a test file.
 */
import { vi } from 'vitest';

export interface Reply {
  status?: number;
  body: unknown;
}
/** A function may answer later: its promise settles the request (a rejection is a dropped connection). */
export type Handler = Reply | 'pending' | 'network' | ((path: string) => Reply | Promise<Reply>);

export interface FetchMock {
  /** Paths asked, in order (without the /api prefix, with the query string). */
  calls: string[];
  /** Replace or add routes while the test runs (first match wins: new routes go first). */
  use: (routes: [RegExp, Handler][]) => void;
}

function pathOf(input: RequestInfo | URL): string {
  const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
  return decodeURIComponent(url.pathname.replace(/^\/api/, '') + url.search);
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

/** Installs the stub; undo with vi.restoreAllMocks() + vi.unstubAllGlobals() (see afterEach in the tests). */
export function mockFetch(initial: [RegExp, Handler][]): FetchMock {
  const calls: string[] = [];
  let routes = [...initial];
  vi.stubGlobal('Request', PageRequest);
  vi.spyOn(globalThis, 'fetch').mockImplementation((input: RequestInfo | URL) => {
    const path = pathOf(input);
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
  };
}

export const ok = <T,>(result: T, extra: Record<string, unknown> = {}): Reply => ({ body: { status: true, result, ...extra } });
export const fail = (status: number, message: string): Reply => ({ status, body: { status: false, message } });
