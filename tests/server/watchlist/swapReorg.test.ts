/**
 * Watchlist alerts on a real devnet (issue #19): a swap of the traffic generator through a watched
 * router alerts with what was swapped (the router's call and the sender's token moves, read back
 * from the node's receipt), never "received 0 RUBY"; and a reorg that removes an alert's block
 * withdraws the alert (deleted from the stored list, the user's socket told) while the
 * transaction, mined again in the new chain, alerts again with a new id.
 */
import { Wallet, getAddress } from 'ethers';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { toRubyAddress } from '../../../common/address';
import { apiPaths } from '../../../common/api/paths';
import { SOCKET_PATH, WATCH_ALERT_EVENT, WATCH_WITHDRAWN_EVENT } from '../../../common/api/socket';
import type { RegistrationResponse } from '../../../common/api/wallet';
import type { NotificationsResponse, WatchNotification, WatchWithdrawn } from '../../../common/api/watchlist';
import { hexToBigInt, toHexQuantity } from '../../../server/chain/rpc';
import { router } from '../../../server/chain/trafficContracts';
import type { Realtime } from '../../../server/realtime/socket';
import { listenRealtime } from './listenRealtime';
import { alertText } from '../../../src/features/watchlist/alertText';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';
import { describeEachDatabase } from '../../helpers/db';

const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

let chain: IndexedChain;
beforeAll(async () => {
  chain = await startIndexedChain({ steps: 3 });
});
afterAll(() => chain?.stop());

const sockets: Socket[] = [];
afterAll(() => sockets.forEach((s) => s.disconnect()));

async function until(ok: () => boolean, ms = 8_000): Promise<void> {
  for (const end = Date.now() + ms; !ok() && Date.now() < end;) await new Promise((r) => setTimeout(r, 20));
}

const r = (hex: string) => toRubyAddress(hex);
const topicAddress = (t: string | undefined) => `0x${(t ?? '').slice(26)}`.toLowerCase();

describeEachDatabase('watchlist alerts: swaps and reorgs', (getDb, kind) => {
  let api: TestApi;
  let realtime: Realtime;
  let token = '';
  const alerts: WatchNotification[] = [];
  const withdrawn: number[][] = [];

  const call = async <T>(method: 'GET' | 'POST', url: string, payload?: object) =>
    (await api.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) })).json<T>();

  /** Indexes what the node has (a reorg may take a call to roll back and one to re-index) and announces the head. */
  async function indexAndAnnounce(): Promise<number> {
    for (let i = 0; i < 4; i++) {
      await api.indexer.runOnce();
      const st = api.indexer.status();
      if (st.indexedBlock === st.head) break;
    }
    const to = api.indexer.status().indexedBlock ?? 0;
    api.bus.publish({ type: 'blocks', from: to, to, hash: '', head: to, txCount: 0 });
    return to;
  }

  beforeAll(async () => {
    api = await chain.api(getDb());
    const served = await listenRealtime(api);
    realtime = served.realtime;
    const url = served.url;
    const reg = await api.app.inject({
      method: 'POST',
      url: apiPaths.register(),
      payload: { email: `swap.reorg.${kind}@example.com`, password: 'correct horse battery' },
    });
    token = reg.json<RegistrationResponse>().token;
    const socket = connect(url, { path: SOCKET_PATH, transports: ['websocket'], reconnection: false, forceNew: true, auth: { token } });
    sockets.push(socket);
    socket.on(WATCH_ALERT_EVENT, (a: WatchNotification) => alerts.push(a));
    socket.on(WATCH_WITHDRAWN_EVENT, (w: WatchWithdrawn) => withdrawn.push(w.ids));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
  });
  afterAll(async () => {
    await realtime?.close();
    await api?.close();
  });

  it('a swap through a watched router says what was swapped, not "received 0 RUBY"', async () => {
    // The router: where the generator's swaps go.
    let routerAddress: string | undefined;
    for (let i = 0; i < 8 && !routerAddress; i++) {
      await api.mine();
      routerAddress = chain.traffic.lastStep.find((s) => s.kind === 'swap')?.to;
    }
    expect(routerAddress).toBeDefined();
    await call('POST', apiPaths.watchlist(), {
      address: r(routerAddress!),
      label: 'Router',
      alerts: { incoming: true, outgoing: true, tokens: true },
    });

    let swap: string | undefined;
    for (let i = 0; i < 8 && !swap; i++) {
      await api.mine();
      swap = chain.traffic.lastStep.find((s) => s.kind === 'swap' && !s.expectFail)?.hash;
    }
    expect(swap).toBeDefined();
    await until(() => alerts.some((a) => a.hash === swap));
    const alert = alerts.find((a) => a.hash === swap && a.kind === 'incoming');
    expect(alert).toBeDefined();

    // What the node says the swap did: the sender paid path[0] and got path[-1] (the Transfer logs).
    const tx = await chain.rpc.call<{ from: string; input: string }>('eth_getTransactionByHash', [swap]);
    const receipt = await chain.rpc.call<{ status: string; logs: { address: string; topics: string[]; data: string }[] }>(
      'eth_getTransactionReceipt',
      [swap],
    );
    expect(receipt.status).toBe('0x1');
    const [amountIn, , path, recipient] = router.decodeFunctionData('swapExactTokensForTokens', tx.input) as unknown as [
      bigint,
      bigint,
      string[],
      string,
    ];
    const sender = tx.from.toLowerCase();
    const got = receipt.logs
      .filter((l) => l.topics[0] === TRANSFER && topicAddress(l.topics[2]) === sender && topicAddress(l.topics[1]) !== sender)
      .reduce((sum, l) => sum + hexToBigInt(l.data), 0n);

    expect(alert).toMatchObject({ valueWei: '0', method: 'swapExactTokensForTokens', counterparty: r(sender), label: 'Router' });
    const out = alert!.moves.filter((m) => m.direction === 'out');
    expect(out).toEqual([
      expect.objectContaining({ tokenAddress: r(path[0]!), valueWei: amountIn.toString(), tokenId: null, tokenDecimals: 18 }),
    ]);
    const received = alert!.moves.filter((m) => m.direction === 'in');
    if (recipient.toLowerCase() === sender) {
      expect(received).toEqual([expect.objectContaining({ tokenAddress: r(path.at(-1)!), valueWei: got.toString() })]);
      expect(alertText(alert!)).toMatch(/ swapped .+ for .+ through Router$/);
    } else {
      expect(received).toEqual([]);
      expect(alertText(alert!)).toMatch(/ sent .+ through Router$/);
    }
    expect(alertText(alert!)).not.toMatch(/RUBY/);
    // The stored list says the same.
    const stored = await call<NotificationsResponse>('GET', apiPaths.watchlistNotifications());
    expect(stored.result.find((n) => n.id === alert!.id)).toEqual(alert);
  });

  it('a reorg withdraws the alerts of the removed block; the transaction mined again alerts again', async () => {
    const watched = Wallet.createRandom().address;
    await call('POST', apiPaths.watchlist(), { address: r(watched), label: 'Reorged' });
    const payer = Wallet.createRandom();
    await chain.rpc.call('anvil_setBalance', [payer.address, toHexQuantity(10n ** 20n)]);
    const snapshot = await chain.rpc.call<string>('evm_snapshot', []);
    const raw = await payer.signTransaction({
      to: getAddress(watched),
      value: 15n * 10n ** 17n,
      nonce: 0,
      gasLimit: 21_000n,
      maxFeePerGas: 100n * 10n ** 9n,
      maxPriorityFeePerGas: 10n ** 9n,
      chainId: 18215n,
      type: 2,
    });
    const hash = await chain.rpc.call<string>('eth_sendRawTransaction', [raw]);
    await chain.rpc.call('evm_mine', []);
    const block = await indexAndAnnounce();
    await until(() => alerts.some((a) => a.hash === hash));
    const first = alerts.find((a) => a.hash === hash)!;
    expect(first).toMatchObject({ kind: 'incoming', blockNumber: block, label: 'Reorged' });

    // The node forgets the block; the same signed transaction lands in the new block at that
    // height (the pool may have kept it), and one more block makes the new chain the longer.
    await chain.rpc.call('evm_revert', [snapshot]);
    await chain.rpc.call('eth_sendRawTransaction', [raw]).catch(() => {});
    await chain.rpc.call('evm_mine', []);
    await chain.rpc.call('evm_mine', []);
    const head = await indexAndAnnounce();
    expect(head).toBe(block + 1);

    await until(() => withdrawn.length > 0 && alerts.filter((a) => a.hash === hash).length > 1);
    expect(withdrawn).toEqual([[first.id]]);
    const again = alerts.filter((a) => a.hash === hash);
    expect(again).toHaveLength(2);
    expect(again[1]!.id).not.toBe(first.id);
    expect(again[1]).toMatchObject({ kind: 'incoming', blockNumber: block, label: 'Reorged', valueWei: String(15n * 10n ** 17n) });
    const stored = await call<NotificationsResponse>('GET', apiPaths.watchlistNotifications());
    expect(stored.result.map((n) => n.id)).not.toContain(first.id);
    expect(stored.result.filter((n) => n.hash === hash).map((n) => n.id)).toEqual([again[1]!.id]);
  });
});
