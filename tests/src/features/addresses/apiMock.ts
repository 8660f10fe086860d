/**
 * Stubs global fetch at the edge for the address, token and contract screen tests: each route is
 * a path pattern (under /api) answered with a JSON body and a status; anything else answers 404.
 * `pending` patterns never answer (the loading state). Not a test file.
 */
import { vi } from 'vitest';

export interface Reply {
  status?: number;
  body: unknown;
}

export type Handler = Reply | ((path: string) => Reply);

export interface ApiMock {
  /** Paths asked, in order (without the /api prefix). */
  calls: string[];
  restore: () => void;
}

function pathOf(input: RequestInfo | URL): string {
  const url = input instanceof Request ? input.url : String(input);
  const path = new URL(url, 'http://localhost').pathname;
  return decodeURIComponent(path.replace(/^\/api/, ''));
}

const NativeRequest = globalThis.Request;

/**
 * jsdom has no Request of its own and Node's refuses a relative URL ('/api/...'), which the app
 * uses (same origin): resolve it against the page's location, as a browser does.
 */
class PageRequest extends NativeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, window.location.href).href : input, init);
  }
}

export function mockApi(routes: [RegExp, Handler | 'pending'][]): ApiMock {
  const calls: string[] = [];
  vi.stubGlobal('Request', PageRequest);
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation((input: RequestInfo | URL) => {
    const path = pathOf(input);
    calls.push(path);
    const route = routes.find(([re]) => re.test(path));
    if (!route) {
      return Promise.resolve(new Response(JSON.stringify({ status: false, message: 'not found' }), { status: 404, headers: { 'content-type': 'application/json' } }));
    }
    const handler = route[1];
    if (handler === 'pending') return new Promise<Response>(() => {});
    const reply = typeof handler === 'function' ? handler(path) : handler;
    return Promise.resolve(
      new Response(JSON.stringify(reply.body), { status: reply.status ?? 200, headers: { 'content-type': 'application/json' } }),
    );
  });
  return {
    calls,
    restore: () => {
      spy.mockRestore();
      vi.unstubAllGlobals();
    },
  };
}

export const fail = (status: number, message: string): Reply => ({ status, body: { status: false, message } });
