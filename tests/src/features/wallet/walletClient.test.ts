/**
 * walletClient.request, the wallet machines' promise-style calls: the login token on every call
 * while one is held (the same withAuth as the RTK base query), JSON bodies, and the shared answer rule (status: true, else the server's
 * words as an ApiCallError; no answer is 'network').
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToken, setToken } from '../../../../src/lib/authToken';
import { ApiCallError, request } from '../../../../src/features/wallet/walletClient';
import { apiPaths, paths } from '../../../../common/api/paths';

type Answer = { status: number; body: string } | 'network';
let answer: Answer;
let seen: { url: string; init: RequestInit | undefined }[];

beforeEach(() => {
  seen = [];
  answer = { status: 200, body: JSON.stringify({ status: true, result: 1 }) };
  vi.spyOn(globalThis, 'fetch').mockImplementation((input: RequestInfo | URL, init?: RequestInit) => {
    seen.push({ url: String(input), init });
    if (answer === 'network') return Promise.reject(new TypeError('Failed to fetch'));
    return Promise.resolve(new Response(answer.body, { status: answer.status, headers: { 'content-type': 'application/json' } }));
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  clearToken();
});

const headersOf = (i: number) => Object.fromEntries(new Headers(seen[i]?.init?.headers).entries());
const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('resolved');
    },
    (e: unknown) => e as ApiCallError,
  );

describe('walletClient request', () => {
  it('sends the Bearer token on every call while one is held, and JSON bodies', async () => {
    setToken('the.jwt.token');
    expect(await request('GET', paths.walletChallenge())).toEqual({ status: true, result: 1 });
    await request('POST', paths.prepareTx(), { a: 1 });
    expect(seen[0]?.url).toBe(apiPaths.walletChallenge());
    expect(headersOf(0)).toEqual({ authorization: 'Bearer the.jwt.token' });
    expect(headersOf(1)).toEqual({ authorization: 'Bearer the.jwt.token', 'content-type': 'application/json' });
    expect(seen[1]?.init?.body).toBe('{"a":1}');
  });

  it('sends no authorization header when logged out', async () => {
    await request('GET', paths.walletChallenge());
    await request('POST', paths.prepareTx(), { a: 1 });
    expect(headersOf(0)).toEqual({});
    expect(headersOf(1)).toEqual({ 'content-type': 'application/json' });
  });

  it("rejects a refusal with the server's words and status", async () => {
    answer = { status: 401, body: JSON.stringify({ status: false, msg: 'Invalid email or password' }) };
    const e = await failure(request('POST', paths.login(), { email: 'a', password: 'b' }));
    expect(e).toBeInstanceOf(ApiCallError);
    expect([e.message, e.status]).toEqual(['Invalid email or password', 401]);
  });

  it('rejects a 200 without status: true, a non-JSON answer with its HTTP status, no answer as network', async () => {
    answer = { status: 200, body: JSON.stringify({ result: 'nope' }) };
    expect((await failure(request('GET', '/x'))).message).toBe('nope');
    answer = { status: 502, body: '<html>Bad gateway</html>' };
    const bad = await failure(request('GET', '/x'));
    expect([bad.message, bad.status]).toEqual(['HTTP 502', 502]);
    answer = 'network';
    const net = await failure(request('GET', '/x'));
    expect([net.message, net.status]).toEqual(['Failed to fetch', 'network']);
  });
});
