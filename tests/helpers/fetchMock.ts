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
/** One request as the server would see it: method, path under /api, Authorization header, JSON body. */
export interface SeenRequest {
  method: string;
  path: string;
  auth: string | null;
  /** The parsed JSON body (the raw text when it is not JSON); undefined when there is none. */
  body: unknown;
}
type Answer = Reply | 'pending' | 'network';
export type Handler = Answer | ((path: string, request: SeenRequest) => Answer | Promise<Reply>);

export interface FetchMock {
  /** Paths asked, in order (without the /api prefix; with the query string unless `query: false`). */
  calls: string[];
  /** The same requests with their method, Authorization header and body. */
  requests: SeenRequest[];
  /** Replace or add routes while the test runs (first match wins: new routes go first). */
  use: (routes: [RegExp, Handler][]) => void;
  /** Puts the real fetch and Request back (or vi.restoreAllMocks() + vi.unstubAllGlobals()). */
  restore: () => void;
}
/** The name the screen tests know it by. */
export type ApiMock = FetchMock;

function pathOf(url: string, query: boolean): string {
  const u = new URL(url, 'http://localhost');
  return decodeURIComponent(u.pathname.replace(/^\/api/, '') + (query ? u.search : ''));
}

function parse(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
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
  const requests: SeenRequest[] = [];
  let routes = [...initial];
  vi.stubGlobal('Request', PageRequest);
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new PageRequest(input instanceof URL ? input.href : input, init);
    const path = pathOf(req.url, query);
    calls.push(path);
    // A body-less request (every GET) is answered without waiting on a stream.
    const body = req.body === null ? undefined : parse(await req.clone().text());
    const seen: SeenRequest = { method: req.method, path, auth: req.headers.get('authorization'), body };
    requests.push(seen);
    const route = routes.find(([re]) => re.test(path));
    if (!route) return json({ status: false, message: 'not found' }, 404);
    const handler = route[1];
    const answer = typeof handler === 'function' ? await handler(path, seen) : handler;
    if (answer === 'pending') return new Promise<Response>(() => {});
    if (answer === 'network') throw new TypeError('Failed to fetch');
    return json(answer.body, answer.status ?? 200);
  });
  return {
    calls,
    requests,
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

/** A `status: true` answer; its body keeps its shape so a test can spread it into another. */
export const ok = <T>(result: T, extra: Record<string, unknown> = {}) => ({ body: { status: true, result, ...extra } }) satisfies Reply;
export const fail = (status: number, message: string): Reply => ({ status, body: { status: false, message } });
