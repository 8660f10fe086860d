/**
 * The shared REST layer (src/app/api.ts): the status-checking base query every endpoint uses,
 * the same without the check (documents with no `status`), the spec's answer rule and the
 * server's words, and the logged REST helper of the home and charts data. Network stubbed.
 */
import type { BaseQueryApi } from '@reduxjs/toolkit/query/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  answerCall,
  hasStatusTrue,
  plainBaseQuery,
  restLogged,
  serverMessage,
  statusBaseQuery,
  type ApiFailure,
} from '../../../src/app/api';
import { fail, mockFetch, ok } from '../../helpers/fetchMock';
import { clearToken, setToken } from '../../../src/lib/authToken';
import { paths } from '../../../common/api/paths';

const queryApi = (): BaseQueryApi => ({
  signal: new AbortController().signal,
  abort: () => {},
  dispatch: () => undefined,
  getState: () => ({}),
  extra: undefined,
  endpoint: 'test',
  type: 'query',
});

const run = async (query: typeof statusBaseQuery, path: string) => {
  const r = await query(path, queryApi(), {});
  return r.error ? { error: r.error } : { data: r.data };
};

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('hasStatusTrue and serverMessage', () => {
  it('counts an answer only with status: true', () => {
    expect(hasStatusTrue({ status: true })).toBe(true);
    for (const v of [{ status: 'true' }, { status: false }, {}, null, 'ok', [true]]) expect(hasStatusTrue(v)).toBe(false);
  });

  it('reads message, else msg, else a string result; null when none', () => {
    expect(serverMessage({ message: 'a', msg: 'b', result: 'c' })).toBe('a');
    expect(serverMessage({ msg: 'b', result: 'c' })).toBe('b');
    expect(serverMessage({ message: '', result: 'c' })).toBe('c');
    expect(serverMessage({ result: { x: 1 } })).toBeNull();
    expect(serverMessage('<html>')).toBeNull();
    expect(serverMessage(null)).toBeNull();
  });
});

describe('statusBaseQuery', () => {
  it('gives the body of a status: true answer', async () => {
    mockFetch([[/^\/x$/, ok([1, 2])]]);
    expect(await run(statusBaseQuery, '/x')).toEqual({ data: { status: true, result: [1, 2] } });
  });

  it("turns a refusal into the HTTP status and the server's message", async () => {
    mockFetch([[/^\/x$/, fail(404, 'Block not found')]]);
    expect(await run(statusBaseQuery, '/x')).toEqual({ error: { status: 404, message: 'Block not found' } });
  });

  it('ignores a 200 answer with a falsy or missing status (specification: error rules)', async () => {
    mockFetch([
      [/^\/false$/, { body: { status: false, msg: 'not linked' } }],
      [/^\/none$/, { body: { result: [] } }],
    ]);
    expect(await run(statusBaseQuery, '/false')).toEqual({ error: { status: 200, message: 'not linked' } });
    expect(await run(statusBaseQuery, '/none')).toEqual({ error: { status: 200, message: 'The server answered without status: true' } });
  });

  it('reports a dropped connection as FETCH_ERROR', async () => {
    mockFetch([[/^\/x$/, 'network']]);
    const r = await run(statusBaseQuery, '/x');
    expect((r.error as ApiFailure).status).toBe('FETCH_ERROR');
    expect((r.error as ApiFailure).message).toMatch(/Failed to fetch/);
  });
});

describe('the login token (prepareHeaders)', () => {
  const authorizationSent = async (path: string) => {
    mockFetch([[/./, ok(1)]]);
    expect(await run(statusBaseQuery, path)).toEqual({ data: { status: true, result: 1 } });
    const req = vi.mocked(globalThis.fetch).mock.calls[0]?.[0];
    return req instanceof Request ? req.headers.get('authorization') : 'not a Request';
  };
  afterEach(() => clearToken());

  it('goes as a Bearer header on every call while one is held, with no endpoint asking for it', async () => {
    setToken('the.jwt.token');
    expect(await authorizationSent(paths.apiKeys())).toBe('Bearer the.jwt.token');
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    expect(await authorizationSent(paths.latestBlocks())).toBe('Bearer the.jwt.token');
  });

  it('is absent when logged out', async () => {
    expect(await authorizationSent(paths.apiKeys())).toBeNull();
  });
});

describe('plainBaseQuery', () => {
  it('gives a document without status as it is', async () => {
    mockFetch([[/^\/doc$/, { body: { openapi: '3.0.0', paths: {} } }]]);
    expect(await run(plainBaseQuery, '/doc')).toEqual({ data: { openapi: '3.0.0', paths: {} } });
  });

  it("still turns a non-2xx into an ApiFailure with the server's words", async () => {
    mockFetch([[/^\/doc$/, fail(500, 'boom')]]);
    expect(await run(plainBaseQuery, '/doc')).toEqual({ error: { status: 500, message: 'boom' } });
  });
});

describe('restLogged', () => {
  it('reads the answer on success', async () => {
    const fetch = vi.fn(() => Promise.resolve({ data: { status: true, result: [{ blockNumber: 7, Trx: 2 }] } }));
    expect(await restLogged(fetch, answerCall('blockChart'), (a) => a.result[0]?.blockNumber, 'Error fetching data')).toEqual({ data: 7 });
    expect(fetch).toHaveBeenCalledWith(paths.blockChart());
  });

  it('logs a failure under its text and passes the error on (specification: error rules: logged only)', async () => {
    const error: ApiFailure = { status: 500, message: 'down' };
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const read = vi.fn();
    expect(await restLogged(() => Promise.resolve({ error }), answerCall('block', 7), read, 'Error fetching block data')).toEqual({
      error,
    });
    expect(log).toHaveBeenCalledWith('Error fetching block data', error);
    expect(read).not.toHaveBeenCalled();
  });
});
