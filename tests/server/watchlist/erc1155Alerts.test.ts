/**
 * Watchlist alerts of ERC-1155 moves on a real devnet (issue #19), on PGlite and PostgreSQL: a
 * TransferSingle and a TransferBatch to a watched address, and a transfer it sends, each alert
 * pushed over socket.io naming every id with its amount, as the node's logs say (never
 * "received 0 RUBY", never one id of a batch only); the stored list says the same.
 */
import { Wallet } from 'ethers';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { toRubyAddress } from '../../../common/address';
import { apiPaths } from '../../../common/api/paths';
import { SOCKET_PATH, WATCH_ALERT_EVENT } from '../../../common/api/socket';
import type { RegistrationResponse } from '../../../common/api/wallet';
import type { NotificationsResponse, WatchNotification } from '../../../common/api/watchlist';
import type { Realtime } from '../../../server/realtime/socket';
import { listenRealtime } from './listenRealtime';
import { alertText } from '../../../src/features/watchlist/alertText';
import { shortenAddress } from '../../../src/lib/shorten';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';
import { describeEachDatabase } from '../../helpers/db';
import { deployMultiToken, multiToken, sendFrom } from '../../helpers/multiToken';

const ZERO = toRubyAddress('0x0000000000000000000000000000000000000000');

let chain: IndexedChain;
let token = '';
const minter = Wallet.createRandom().address.toLowerCase();
beforeAll(async () => {
  chain = await startIndexedChain({ steps: 1 });
  token = await deployMultiToken(chain.rpc, minter);
}, 120_000);
afterAll(() => chain?.stop());

const sockets: Socket[] = [];
afterAll(() => sockets.forEach((s) => s.disconnect()));

async function until(ok: () => boolean, ms = 8_000): Promise<void> {
  for (const end = Date.now() + ms; !ok() && Date.now() < end;) await new Promise((r) => setTimeout(r, 20));
}

describeEachDatabase('watchlist alerts of ERC-1155 moves', (getDb, kind) => {
  let api: TestApi;
  let realtime: Realtime;
  let auth = '';
  const alerts: WatchNotification[] = [];
  const vault = Wallet.createRandom().address.toLowerCase();
  const other = Wallet.createRandom().address.toLowerCase();

  /** Indexes what the node has and announces the head, as the indexer's new-block event does. */
  async function indexAndAnnounce(): Promise<void> {
    await api.indexer.runOnce();
    const to = api.indexer.status().indexedBlock ?? 0;
    api.bus.publish({ type: 'blocks', from: to, to, hash: '', head: to, txCount: 0 });
  }

  /** The alerts of transaction `hash`, once `count` of them arrived. */
  async function alertsOf(hash: string, count: number): Promise<WatchNotification[]> {
    await until(() => alerts.filter((a) => a.hash === hash).length >= count);
    await new Promise((r) => setTimeout(r, 300)); // and no more
    return alerts.filter((a) => a.hash === hash);
  }

  beforeAll(async () => {
    api = await chain.api(getDb());
    const served = await listenRealtime(api);
    realtime = served.realtime;
    const url = served.url;
    const reg = await api.app.inject({
      method: 'POST',
      url: apiPaths.register(),
      payload: { email: `erc1155.alerts.${kind}@example.com`, password: 'correct horse battery' },
    });
    auth = `Bearer ${reg.json<RegistrationResponse>().token}`;
    const added = await api.app.inject({
      method: 'POST',
      url: apiPaths.watchlist(),
      headers: { authorization: auth },
      payload: { address: toRubyAddress(vault), label: 'Vault' },
    });
    expect(added.statusCode).toBe(200);
    const socket = connect(url, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token: auth.slice(7) },
    });
    sockets.push(socket);
    socket.on(WATCH_ALERT_EVENT, (a: WatchNotification) => alerts.push(a));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    await indexAndAnnounce(); // the alerts start at the head indexed now
  });
  afterAll(async () => {
    await realtime?.close();
    await api?.close();
  });

  const move = (direction: 'in' | 'out', tokenId: string, valueWei: string) => ({
    direction,
    tokenAddress: toRubyAddress(token),
    tokenSymbol: null,
    tokenDecimals: null,
    tokenId,
    valueWei,
  });

  it('a TransferSingle to the watched address names the id and its amount', async () => {
    const { hash } = await sendFrom(chain.rpc, minter, { to: token, data: multiToken.encodeFunctionData('mint', [vault, 3n, 5n]) });
    await indexAndAnnounce();
    const [alert, ...more] = await alertsOf(hash, 1);
    expect(more).toEqual([]);
    expect(alert).toMatchObject({
      kind: 'token_in',
      address: toRubyAddress(vault),
      tokenAddress: toRubyAddress(token),
      counterparty: ZERO,
    });
    expect(alert!.moves).toEqual([move('in', '3', '5')]);
    expect(alertText(alert!)).toBe(`Vault received 5 × tokens #3 from ${shortenAddress(ZERO, 12)}`);
  });

  it('a TransferBatch to it is one alert naming every id with its amount', async () => {
    const data = multiToken.encodeFunctionData('mintBatch', [vault, [1n, 2n, 9n], [10n, 1n, 30n]]);
    const { hash } = await sendFrom(chain.rpc, minter, { to: token, data });
    await indexAndAnnounce();
    const [alert, ...more] = await alertsOf(hash, 1);
    expect(more).toEqual([]);
    expect(alert!.moves).toEqual([move('in', '1', '10'), move('in', '2', '1'), move('in', '9', '30')]);
    expect(alertText(alert!)).toBe(`Vault received 10 × tokens #1, tokens #2, 30 × tokens #9 from ${shortenAddress(ZERO, 12)}`);
  });

  it('a transfer the watched address sends says what it sent, in its transaction alert too (not "0 RUBY")', async () => {
    const data = multiToken.encodeFunctionData('safeBatchTransferFrom', [vault, other, [3n, 9n], [2n, 30n], '0x']);
    const { hash } = await sendFrom(chain.rpc, vault, { to: token, data });
    await indexAndAnnounce();
    const got = await alertsOf(hash, 2);
    const byKind = new Map(got.map((a) => [a.kind, a]));
    expect([...byKind.keys()].sort()).toEqual(['outgoing', 'token_out']);
    const sent = [move('out', '3', '2'), move('out', '9', '30')];
    expect(byKind.get('token_out')!.moves).toEqual(sent);
    expect(alertText(byKind.get('token_out')!)).toBe(
      `Vault sent 2 × tokens #3, 30 × tokens #9 to ${shortenAddress(toRubyAddress(other), 12)}`,
    );
    expect(byKind.get('outgoing')!.moves).toEqual(sent);
    expect(alertText(byKind.get('outgoing')!)).toBe('Vault sent 2 × tokens #3, 30 × tokens #9');
    for (const a of got) expect(alertText(a)).not.toMatch(/RUBY/);

    // The stored list says what the socket said.
    const stored = (
      await api.app.inject({ method: 'GET', url: apiPaths.watchlistNotifications(), headers: { authorization: auth } })
    ).json<NotificationsResponse>();
    expect(stored.result.map(alertText).sort()).toEqual(alerts.map(alertText).sort());
  });
});
