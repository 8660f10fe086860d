/**
 * Stubs global fetch at the edge for the transaction and block screen tests: each route is a
 * path pattern (under /api) answered with a JSON body and a status; anything else answers 404.
 * 'pending' never answers (the loading state). Not a test file.
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
  return decodeURIComponent(new URL(url, 'http://localhost').pathname.replace(/^\/api/, ''));
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

export function mockApi(routes: [RegExp, Handler | 'pending'][]): ApiMock {
  const calls: string[] = [];
  vi.stubGlobal('Request', PageRequest);
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation((input: RequestInfo | URL) => {
    const path = pathOf(input);
    calls.push(path);
    const route = routes.find(([re]) => re.test(path));
    if (!route) return Promise.resolve(json({ status: false, message: 'not found' }, 404));
    const handler = route[1];
    if (handler === 'pending') return new Promise<Response>(() => {});
    const reply = typeof handler === 'function' ? handler(path) : handler;
    return Promise.resolve(json(reply.body, reply.status ?? 200));
  });
  return {
    calls,
    restore: () => {
      spy.mockRestore();
      vi.unstubAllGlobals();
    },
  };
}

export const ok = <T,>(result: T, extra: Record<string, unknown> = {}): Reply => ({ body: { status: true, result, ...extra } });
export const fail = (status: number, message: string): Reply => ({ status, body: { status: false, message } });
