/**
 * Watchlist alerts over the socket (issue #19), on PGlite and PostgreSQL: a transaction to a
 * watched address reaches its watcher's socket within 1 s of the block being announced, and
 * only it: a socket with no, a forged or an expired token, and another user's socket, get no
 * user event; the alert is stored (unread) for the notification list. On PostgreSQL, with two API
 * processes linked by socket.io's adapter, the alert reaches the user's socket held by the other
 * process exactly once.
 */
import { Wallet } from 'ethers';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toRubyAddress } from '../../../common/address';
import { apiPaths } from '../../../common/api/paths';
import { SOCKET_PATH, WATCH_ALERT_EVENT } from '../../../common/api/socket';
import type { RegistrationResponse } from '../../../common/api/wallet';
import type { NotificationsResponse, WatchNotification } from '../../../common/api/watchlist';
import { signToken } from '../../../server/auth/jwt';
import { sidOf } from '../../helpers/sessionToken';
import { resolveJwtSecret } from '../../../server/auth/secret';
import { toHexQuantity } from '../../../server/chain/rpc';
import type { Realtime } from '../../../server/realtime/socket';
import { listenRealtime } from './listenRealtime';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';
import { describeEachDatabase, pgAvailable } from '../../helpers/db';
import { createTestPgDatabase, type TestPgDatabase } from '../../helpers/pg';
import { openDatabase, type Database } from '../../../server/db/database';
import { userRoom } from '../../../server/watchlist/alerts';
import { sessionRoom } from '../../../server/core/sessionsEnded';

let chain: IndexedChain;
beforeAll(async () => {
  chain = await startIndexedChain({ steps: 1 });
});
afterAll(() => chain?.stop());

const sockets: Socket[] = [];
afterAll(() => sockets.forEach((s) => s.disconnect()));

/** A socket of `url` with `token` in its handshake, recording every watchlist alert with its arrival time. */
async function socketOf(url: string, token?: string) {
  const socket = connect(url, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: token ? { token } : {},
  });
  sockets.push(socket);
  const alerts: { at: number; alert: WatchNotification }[] = [];
  socket.on(WATCH_ALERT_EVENT, (alert: WatchNotification) => alerts.push({ at: Date.now(), alert }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, alerts };
}

/** Sends 1.5 RUBY from a fresh funded account to `to` (mined with the next block). */
async function sendTo(to: string): Promise<string> {
  const from = Wallet.createRandom().address;
  await chain.rpc.call('anvil_setBalance', [from, toHexQuantity(10n ** 20n)]);
  await chain.rpc.call('anvil_impersonateAccount', [from]);
  return chain.rpc.call<string>('eth_sendTransaction', [{ from, to, value: toHexQuantity(15n * 10n ** 17n) }]);
}

async function until(ok: () => boolean, ms = 5_000): Promise<void> {
  for (const end = Date.now() + ms; !ok() && Date.now() < end;) await new Promise((r) => setTimeout(r, 20));
}

describeEachDatabase('watchlist alerts', (getDb, kind) => {
  let api: TestApi;
  let realtime: Realtime;
  let url = '';
  const tokens: Record<string, string> = {};

  async function call<T>(method: 'GET' | 'POST', path: string, who?: string, payload?: object) {
    const res = await api.app.inject({
      method,
      url: path,
      headers: who ? { authorization: `Bearer ${tokens[who]}` } : {},
      ...(payload ? { payload } : {}),
    });
    return res.json<T>();
  }

  beforeAll(async () => {
    api = await chain.api(getDb());
    ({ realtime, url } = await listenRealtime(api));
    for (const who of ['alice', 'bob']) {
      const r = await call<RegistrationResponse>('POST', apiPaths.register(), undefined, {
        email: `${who}.alerts.${kind}@example.com`,
        password: 'correct horse battery',
      });
      tokens[who] = r.token;
    }
  });
  afterAll(async () => {
    await realtime?.close();
    await api?.close();
  });

  it("pushes an alert to the watcher's sockets only, within 1 s of the block, and keeps it unread", async () => {
    const watched = Wallet.createRandom().address;
    const other = Wallet.createRandom().address;
    await call('POST', apiPaths.watchlist(), 'alice', { address: toRubyAddress(watched), label: 'Savings' });
    await call('POST', apiPaths.watchlist(), 'bob', { address: toRubyAddress(other), label: 'Bob private' });

    const secret = resolveJwtSecret(api.ctx.config);
    const aliceEmail = `alice.alerts.${kind}@example.com`;
    const alice = await socketOf(url, tokens.alice);
    const bob = await socketOf(url, tokens.bob);
    const anonymous = await socketOf(url);
    const aliceSession = { email: aliceEmail, sid: sidOf(tokens.alice ?? '') };
    const forged = await socketOf(url, signToken('not-the-secret-of-this-server-0123456789', aliceSession, 3600));
    const expired = await socketOf(url, signToken(secret, aliceSession, 60, Math.floor(Date.now() / 1000) - 3600));
    const garbage = await socketOf(url, 'garbage');
    // A session alice logged out of (issue #45): its token is signed and unexpired, and joins nothing.
    const login = await call<RegistrationResponse>('POST', apiPaths.login(), undefined, {
      email: aliceEmail,
      password: 'correct horse battery',
    });
    await api.app.inject({ method: 'POST', url: apiPaths.logout(), headers: { authorization: `Bearer ${login.token}` } });
    const loggedOut = await socketOf(url, login.token);
    // A session that joined the room, then logged out: its socket leaves the room at once.
    const later = await call<RegistrationResponse>('POST', apiPaths.login(), undefined, {
      email: aliceEmail,
      password: 'correct horse battery',
    });
    const loggedOutLater = await socketOf(url, later.token);
    const rooms = realtime.io.sockets.adapter.rooms;
    const inUserRoom = () =>
      rooms
        .get(sessionRoom(sidOf(later.token)))
        ?.values()
        .next().value;
    await until(() => inUserRoom() !== undefined);
    const laterSocket = inUserRoom() ?? '';
    expect(rooms.get(userRoom(aliceEmail))?.has(laterSocket)).toBe(true);
    await api.app.inject({ method: 'POST', url: apiPaths.logout(), headers: { authorization: `Bearer ${later.token}` } });
    await until(() => rooms.get(userRoom(aliceEmail))?.has(laterSocket) !== true);
    expect(rooms.get(userRoom(aliceEmail))?.has(laterSocket)).not.toBe(true);
    // Soon to expire: joined now, out of the room once its 2 s are over.
    const expiring = await socketOf(url, signToken(secret, aliceSession, 2));
    await new Promise((r) => setTimeout(r, 2_200));

    const hash = await sendTo(watched);
    let announced = 0;
    const off = api.bus.subscribe(() => {
      announced = Date.now();
    });
    const block = await api.mine();
    off();
    await until(() => alice.alerts.length > 0);
    expect(alice.alerts).toHaveLength(1);
    const { at, alert } = alice.alerts[0]!;
    expect(at - announced).toBeLessThan(1_000);
    expect(alert).toMatchObject({
      address: toRubyAddress(watched),
      label: 'Savings',
      kind: 'incoming',
      hash,
      blockNumber: block,
      valueWei: String(15n * 10n ** 17n),
      read: false,
    });
    // Nobody else: wait a little for a stray event.
    await new Promise((r) => setTimeout(r, 500));
    for (const s of [bob, anonymous, forged, expired, garbage, expiring, loggedOut, loggedOutLater]) expect(s.alerts).toEqual([]);
    expect(alice.alerts).toHaveLength(1);

    const stored = await call<NotificationsResponse>('GET', apiPaths.watchlistNotifications(), 'alice');
    expect(stored.unread).toBe(1);
    expect(stored.result).toEqual([alert]);
    expect((await call<NotificationsResponse>('GET', apiPaths.watchlistNotifications(), 'bob')).result).toEqual([]);
    await call('POST', apiPaths.watchlistRead(), 'alice', { ids: [alert.id] });
    const after = await call<NotificationsResponse>('GET', apiPaths.watchlistNotifications(), 'alice');
    expect(after.unread).toBe(0);
    expect(after.result[0]?.read).toBe(true);
  });

  it('respects the alert kinds: an address watching only outgoing gets nothing for incoming', async () => {
    const watched = Wallet.createRandom().address;
    await call('POST', apiPaths.watchlist(), 'bob', { address: watched, alerts: { incoming: false, outgoing: true, tokens: true } });
    const bob = await socketOf(url, tokens.bob);
    await sendTo(watched);
    await api.mine();
    await new Promise((r) => setTimeout(r, 800));
    expect(bob.alerts).toEqual([]);
  });
});

describe.skipIf(!pgAvailable)('watchlist alerts in scale-out [pg]', () => {
  let target: TestPgDatabase | null = null;
  let database: Database | null = null;
  afterAll(async () => {
    await database?.close();
    await target?.drop();
  });

  it("reach the user's socket held by the other API process, once", async () => {
    target = await createTestPgDatabase();
    if (!target) throw new Error('no PostgreSQL server');
    database = await openDatabase({ databaseUrl: target.url, dataDir: null });
    const first = await chain.api(database, { databaseUrl: target.url });
    const second = await chain.api(database, { databaseUrl: target.url });
    const a = await listenRealtime(first);
    const b = await listenRealtime(second);
    try {
      const email = 'alice.scaleout@example.com';
      const reg = await first.app.inject({
        method: 'POST',
        url: apiPaths.register(),
        payload: { email, password: 'correct horse battery' },
      });
      const token = reg.json<RegistrationResponse>().token;
      const watched = Wallet.createRandom().address;
      const added = await first.app.inject({
        method: 'POST',
        url: apiPaths.watchlist(),
        headers: { authorization: `Bearer ${token}` },
        payload: { address: watched, label: 'Across' },
      });
      expect(added.statusCode).toBe(200);
      const alice = await socketOf(b.url, token);
      // The first process must see the socket's room through the adapter before the block.
      let seen = 0;
      for (let i = 0; i < 50 && seen === 0; i++) {
        seen = (await a.realtime.io.in(userRoom(email)).fetchSockets()).length;
        if (seen === 0) await new Promise((r) => setTimeout(r, 100));
      }
      expect(seen).toBe(1);
      await sendTo(watched);
      // Both processes hear the block (as through NOTIFY); each tries the alert, one sends it.
      const block = await first.mine();
      second.bus.publish({ type: 'blocks', from: block, to: block, hash: '', head: block, txCount: 0 });
      await until(() => alice.alerts.length > 0);
      await new Promise((r) => setTimeout(r, 800));
      expect(alice.alerts.map((x) => x.alert.label)).toEqual(['Across']);
    } finally {
      await a.realtime.close();
      await b.realtime.close();
      await first.close();
      await second.close();
    }
  });
});
