/**
 * The watchlist routes (issue #19) on PGlite and PostgreSQL: a logged-in user adds, edits, lists
 * and removes watched addresses with private labels and alert kinds; another user sees none of
 * them; the limits (50 addresses, 40-character labels) and bad input answer a JSON 4xx with a
 * clear message; every call without a valid token answers the same JSON 401.
 */
import { Wallet } from 'ethers';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { toRubyAddress } from '../../../common/address';
import { apiPaths } from '../../../common/api/paths';
import type { RegistrationResponse } from '../../../common/api/wallet';
import {
  MAX_WATCHED,
  WATCH_LABEL_MAX,
  type MarkReadResponse,
  type NotificationsResponse,
  type WatchItemResponse,
  type WatchlistResponse,
} from '../../../common/api/watchlist';
import { LABEL_CONTROL, LABEL_TOO_LONG, NOT_WATCHED, WATCHLIST_FULL } from '../../../server/api/routes/watchlist';
import { signToken } from '../../../server/auth/jwt';
import { UNKNOWN_SID, sidOf } from '../../helpers/sessionToken';
import { resolveJwtSecret } from '../../../server/auth/secret';
import { TOKEN_REJECTED } from '../../../server/auth/session';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';
import { describeEachDatabase } from '../../helpers/db';

let chain: IndexedChain;
beforeAll(async () => {
  chain = await startIndexedChain({ steps: 1 });
});
afterAll(() => chain?.stop());

type Body = Record<string, unknown>;
const rAddress = () => toRubyAddress(Wallet.createRandom().address);

describeEachDatabase('watchlist routes', (getDb, kind) => {
  let api: TestApi;
  let alice = '';
  let bob = '';

  async function call<T = Body>(method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: unknown) {
    const res = await api.app.inject({
      method,
      url,
      headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload: payload as Body }),
    });
    return { code: res.statusCode, body: res.json<T>() };
  }

  async function signUp(email: string): Promise<string> {
    const res = await call<RegistrationResponse>('POST', apiPaths.register(), undefined, { email, password: 'correct horse battery' });
    expect(res.code).toBe(200);
    return res.body.token;
  }

  beforeAll(async () => {
    api = await chain.api(getDb());
    alice = await signUp(`alice.watch.${kind}@example.com`);
    bob = await signUp(`bob.watch.${kind}@example.com`);
  });
  afterAll(() => api?.close());

  it('answers the same JSON 401 without a token, with a forged or expired one, or for an unknown account', async () => {
    const secret = resolveJwtSecret(api.ctx.config);
    const email = `alice.watch.${kind}@example.com`;
    const tokens = [
      undefined,
      'garbage',
      signToken('not-the-secret-of-this-server-0123456789', { email, sid: sidOf(alice) }, 3600),
      signToken(secret, { email, sid: sidOf(alice) }, 60, Math.floor(Date.now() / 1000) - 3600),
      signToken(secret, { email: 'ghost@example.com', sid: sidOf(alice) }, 3600),
      signToken(secret, { email, sid: UNKNOWN_SID }, 3600),
    ];
    const calls = [
      ['GET', apiPaths.watchlist()],
      ['POST', apiPaths.watchlist()],
      ['DELETE', apiPaths.watchlistItem(rAddress())],
      ['GET', apiPaths.watchlistNotifications()],
      ['POST', apiPaths.watchlistRead()],
    ] as const;
    for (const token of tokens)
      for (const [method, url] of calls) {
        const res = await call(method, url, token, method === 'POST' ? { address: rAddress() } : undefined);
        expect(res, `${method} ${url}`).toEqual({ code: 401, body: { status: false, message: TOKEN_REJECTED } });
      }
  });

  it('adds, edits, lists and removes addresses; labels stay private to their owner', async () => {
    expect((await call<WatchlistResponse>('GET', apiPaths.watchlist(), alice)).body).toEqual({
      status: true,
      result: [],
      max: MAX_WATCHED,
    });
    const a = rAddress();
    const hex = Wallet.createRandom().address;
    const added = await call<WatchItemResponse>('POST', apiPaths.watchlist(), alice, {
      address: a.toLowerCase(),
      label: '  Cold wallet  ',
    });
    expect(added.code).toBe(200);
    expect(added.body.result).toMatchObject({ address: a, label: 'Cold wallet', alerts: { incoming: true, outgoing: true, tokens: true } });
    // A 0x address is accepted and answered as r…; alert kinds switched off stay off.
    const second = await call<WatchItemResponse>('POST', apiPaths.watchlist(), alice, { address: hex, alerts: { outgoing: false } });
    expect(second.body.result).toMatchObject({
      address: toRubyAddress(hex),
      label: '',
      alerts: { incoming: true, outgoing: false, tokens: true },
    });
    // Posting the same address again edits it (no second row).
    const edited = await call<WatchItemResponse>('POST', apiPaths.watchlist(), alice, {
      address: a,
      label: 'Exchange',
      alerts: { incoming: false, outgoing: true, tokens: false },
    });
    expect(edited.body.result).toMatchObject({ address: a, label: 'Exchange', alerts: { incoming: false, outgoing: true, tokens: false } });
    const list = await call<WatchlistResponse>('GET', apiPaths.watchlist(), alice);
    expect(list.body.result.map((w) => [w.address, w.label])).toEqual([
      [a, 'Exchange'],
      [toRubyAddress(hex), ''],
    ]);
    // Bob sees nothing of Alice's, and cannot remove her entries.
    expect((await call<WatchlistResponse>('GET', apiPaths.watchlist(), bob)).body.result).toEqual([]);
    expect(await call('DELETE', apiPaths.watchlistItem(a), bob)).toEqual({ code: 404, body: { status: false, message: NOT_WATCHED } });
    expect((await call('DELETE', apiPaths.watchlistItem(a), alice)).body).toEqual({ status: true, result: { address: a } });
    expect((await call('DELETE', apiPaths.watchlistItem(a), alice)).code).toBe(404);
    expect((await call<WatchlistResponse>('GET', apiPaths.watchlist(), alice)).body.result).toHaveLength(1);
  });

  it('refuses bad input with a clear 400', async () => {
    const bad = async (payload: unknown) => call('POST', apiPaths.watchlist(), alice, payload);
    expect((await bad({ address: 'r123' })).body).toEqual({
      status: false,
      message: 'Invalid address "r123": use r or 0x followed by 40 hex digits',
    });
    expect(await bad({ address: rAddress(), label: 'x'.repeat(WATCH_LABEL_MAX + 1) })).toEqual({
      code: 400,
      body: { status: false, message: LABEL_TOO_LONG },
    });
    // 40 characters (emoji count as one each) are fine once trimmed.
    expect((await bad({ address: rAddress(), label: ` ${'💎'.repeat(WATCH_LABEL_MAX)} ` })).code).toBe(200);
    expect(await bad({ address: rAddress(), label: 'tab\there' })).toEqual({ code: 400, body: { status: false, message: LABEL_CONTROL } });
    for (const payload of [{}, { address: 5 }, { address: rAddress(), alerts: { incoming: 'yes' } }, 'text']) {
      const res = await bad(payload);
      // A body that is not JSON at all is refused as an unsupported media type (415).
      expect(res.code, JSON.stringify(payload)).toBe(payload === 'text' ? 415 : 400);
      expect(res.body).toMatchObject({ status: false, message: expect.any(String) });
    }
    expect(await call('DELETE', apiPaths.watchlistItem('nope'), alice)).toEqual({
      code: 400,
      body: { status: false, message: 'Invalid address "nope": use r or 0x followed by 40 hex digits' },
    });
    expect((await call('POST', apiPaths.watchlistRead(), alice, { ids: ['x'] })).code).toBe(400);
  });

  it(`holds at most ${MAX_WATCHED} addresses per user, even when added at once; editing one still works when full`, async () => {
    const carol = await signUp(`carol.watch.${kind}@example.com`);
    const addresses = Array.from({ length: MAX_WATCHED + 5 }, rAddress);
    const results = await Promise.all(addresses.map((address) => call('POST', apiPaths.watchlist(), carol, { address })));
    expect(results.filter((r) => r.code === 200)).toHaveLength(MAX_WATCHED);
    for (const r of results.filter((x) => x.code !== 200))
      expect(r).toEqual({ code: 400, body: { status: false, message: WATCHLIST_FULL } });
    const list = (await call<WatchlistResponse>('GET', apiPaths.watchlist(), carol)).body.result;
    expect(list).toHaveLength(MAX_WATCHED);
    const first = list[0]!.address;
    expect(
      (await call<WatchItemResponse>('POST', apiPaths.watchlist(), carol, { address: first, label: 'still editable' })).body.result.label,
    ).toBe('still editable');
    // Other users are not counted against carol's limit.
    expect((await call('POST', apiPaths.watchlist(), bob, { address: rAddress() })).code).toBe(200);
  });

  it('lists no notifications for a new user and marks none read', async () => {
    expect((await call<NotificationsResponse>('GET', apiPaths.watchlistNotifications(), bob)).body).toEqual({
      status: true,
      result: [],
      unread: 0,
    });
    expect((await call<MarkReadResponse>('POST', apiPaths.watchlistRead(), bob, {})).body).toEqual({
      status: true,
      result: { updated: 0 },
    });
  });
});
