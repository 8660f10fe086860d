import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import type { AllTransactionsPage } from '../../../common/api/transactions';
import type { LatestBlocksResponse } from '../../../common/api/blocks';
import type { TransactionGraphResponse, GraphResponse } from '../../../common/api/charts';
import type { HomePageResponse } from '../../../common/api/home';
import {
  LEAVE_EVENT,
  SOCKET_EVENTS,
  SOCKET_PATH,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type SocketUpdate,
  type SocketPayload,
} from '../../../common/api/socket';
import { hexToNumber, toHexQuantity } from '../../../server/chain/rpc';
import { attachRealtime, type Realtime } from '../../../server/realtime/socket';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';
import { describeEachDatabase } from '../../helpers/db';
import { apiPaths } from '../../../common/api/paths';
import { applyLivePayload, LIVE_LIST_ROWS, liveRow } from '../../../common/api/liveLists';

let chain: IndexedChain;
beforeAll(async () => {
  chain = await startIndexedChain({ steps: 6 });
});
afterAll(() => chain?.stop());

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The next `event` whose payload passes `ok`, or a rejection after `ms`. */
function next<E extends SocketUpdate>(
  socket: Client,
  event: E,
  ok: (p: SocketPayload<E>) => boolean = () => true,
  ms = 15_000,
): Promise<SocketPayload<E>> {
  return new Promise((resolve, reject) => {
    const on = socket.on.bind(socket) as (ev: string, fn: (p: SocketPayload<E>) => void) => void;
    const off = socket.off.bind(socket) as (ev: string, fn: (p: SocketPayload<E>) => void) => void;
    const timer = setTimeout(() => {
      off(event, handler);
      reject(new Error(`no ${event} within ${ms} ms`));
    }, ms);
    const handler = (p: SocketPayload<E>) => {
      if (!ok(p)) return;
      clearTimeout(timer);
      off(event, handler);
      resolve(p);
    };
    on(event, handler);
  });
}

/** Every event received, to check what did not arrive. */
function record(socket: Client): string[] {
  const seen: string[] = [];
  socket.onAny((ev: string) => seen.push(ev));
  return seen;
}

describeEachDatabase('realtime channel', (getDb) => {
  let api: TestApi;
  let realtime: Realtime;
  let url: string;
  const clients: Client[] = [];
  const logs: string[] = [];

  beforeAll(async () => {
    // Small limits, so the tests below reach them (issue #45).
    // Loopback is not exempt here (it is by default: tests and benches connect from 127.0.0.1).
    api = await chain.api(getDb(), {
      socketLimits: { maxPerClient: 6, requestsPerWindow: 20, windowMs: 10_000 },
      rateLimit: { anonymousMax: 1200, apiKeyMax: 12000, windowSeconds: 60, exemptLoopback: false },
    });
    api.ctx.log = (m) => logs.push(m);
    realtime = attachRealtime(api.app.server, api.ctx);
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = api.app.server.address();
    url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  });
  afterEach(() => {
    for (const c of clients.splice(0)) c.disconnect();
  });
  afterAll(async () => {
    await realtime?.close();
    await api?.close();
  });

  async function client(transports: ('websocket' | 'polling')[] = ['websocket']): Promise<Client> {
    const socket: Client = connect(url, { path: SOCKET_PATH, transports, reconnection: false, forceNew: true });
    clients.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  }

  it('answers each request at once with the same data as the REST routes', async () => {
    const socket = await client(['polling', 'websocket']);
    const head = hexToNumber(await chain.rpc.call<string>('eth_blockNumber'));
    const home = next(socket, 'getgethomedata-update');
    const txs = next(socket, 'Transaction-update');
    const blocks = next(socket, 'getblock-update');
    const graph = next(socket, 'getTransactionGraph-update');
    const tokenGraph = next(socket, 'getTokenTransactionGraph-update');
    const contractGraph = next(socket, 'getContractTransactionGraph-update');
    socket.emit('gethomedata');
    socket.emit('subscribe');
    socket.emit('getblock');
    socket.emit('getTransactionGraph');
    socket.emit('getTokenTransactionGraph');
    socket.emit('getContractTransactionGraph');

    const h = await home;
    expect(h.blockandtrncount).toHaveLength(1);
    // The same answer as REST, but for nodeDataAge (whole seconds since the node's values were read: it can tick between the two).
    expect(h.blockandtrncount[0]).toEqual({
      ...(await api.get<HomePageResponse>(apiPaths.homeData())).body.result,
      nodeDataAge: expect.any(Number),
    });
    expect(h.blockandtrncount[0]).toMatchObject({ latestBlockNumber: head, rubyprice: 0.25 });
    for (const key of ['latestBlockNumber', 'trx_length', 'totaladdress', 'fee', 'twentyFourHoursAgotxn', 'rubyprice', 'avgBlockTime']) {
      expect(h.blockandtrncount[0]).toHaveProperty(key);
    }

    // The live rows (what the home's tables render; the typed lists' rows that repeat a latest
    // row sent as its hash), as the reader's merge gives them back.
    const t = applyLivePayload('subscribe', null, await txs)!;
    const page = (await api.get<AllTransactionsPage>(apiPaths.allTx({ page: 1, size: LIVE_LIST_ROWS }))).body.result;
    expect(t.TransactionHistories).toEqual(page.map((x) => liveRow(x, true)));
    expect(t.v).toMatch(/^[\w-]{16}$/);
    expect(t.since).toBeUndefined();
    expect(t.Contracttransaction.length).toBeGreaterThan(0);
    expect(t.Contracttransaction.length).toBeLessThanOrEqual(10);
    expect(t.Contracttransaction.every((x) => x.transactiontype === 3)).toBe(true);
    expect(t.Tokentransaction.length).toBeGreaterThan(0);
    expect(t.Tokentransaction.length).toBeLessThanOrEqual(10);
    expect(t.Tokentransaction.every((x) => x.transactiontype === 2)).toBe(true);
    const newestFirst = (xs: { blockNumber: number; transactionIndex: number }[]) =>
      xs.every((x, i) => i === 0 || xs[i - 1]!.blockNumber * 1e6 + xs[i - 1]!.transactionIndex > x.blockNumber * 1e6 + x.transactionIndex);
    expect(newestFirst(t.Contracttransaction) && newestFirst(t.Tokentransaction)).toBe(true);

    const b = await blocks;
    expect(b.blockdata).toEqual((await api.get<LatestBlocksResponse>(apiPaths.latestBlocks())).body.result);
    expect(b.v).toMatch(/^[\w-]{16}$/);
    expect(b.blockdata[0]?.blockNumber).toBe(head);
    expect((await graph).TransactionGraph).toEqual((await api.get<TransactionGraphResponse>(apiPaths.transactionGraph())).body.result);
    expect((await tokenGraph).TokenTransactionGraph).toEqual((await api.get<GraphResponse>(apiPaths.tokenTransactionGraph())).body.result);
    expect((await contractGraph).ContractTransactionGraph).toEqual(
      (await api.get<GraphResponse>(apiPaths.contractTransactionGraph())).body.result,
    );
  });

  it('pushes the fresh payloads to the subscribers after a new block, and only to them', async () => {
    const socket = await client();
    const onlyHome = await client(['polling']);
    const seenByOnlyHome = record(onlyHome);
    const first = Promise.all([
      next(socket, 'getgethomedata-update'),
      next(socket, 'Transaction-update'),
      next(socket, 'getblock-update'),
      next(onlyHome, 'getgethomedata-update'),
    ]);
    socket.emit('subscribe');
    socket.emit('gethomedata');
    socket.emit('getblock');
    onlyHome.emit('gethomedata');
    const [, t0, b0] = await first;

    const head = hexToNumber(await chain.rpc.call<string>('eth_blockNumber'));
    const home = next(socket, 'getgethomedata-update', (p) => p.blockandtrncount[0]?.latestBlockNumber === head + 1);
    const txs = next(socket, 'Transaction-update', (p) => p.TransactionHistories[0]?.blockNumber === head + 1);
    const blocks = next(socket, 'getblock-update', (p) => p.blockdata[0]?.blockNumber === head + 1);
    const otherHome = next(onlyHome, 'getgethomedata-update', (p) => p.blockandtrncount[0]?.latestBlockNumber === head + 1);
    const mined = await api.mine();
    expect(mined).toBe(head + 1);
    const node = await chain.rpc.call<{ hash: string; transactions: string[] }>('eth_getBlockByNumber', [toHexQuantity(mined), false]);
    expect((await blocks).blockdata[0]).toMatchObject({ blockNumber: mined, blockHash: node.hash, Trx: node.transactions.length });
    const t = await txs;
    expect(t.TransactionHistories.filter((x) => x.blockNumber === mined).map((x) => x.hash)).toEqual(
      [...node.transactions].reverse().slice(0, LIVE_LIST_ROWS),
    );
    expect((await home).blockandtrncount[0]?.latestBlockNumber).toBe(mined);
    await otherHome;
    // The reader's lists, merged from the pushes as the SPA does.
    let heldTxs = applyLivePayload('subscribe', applyLivePayload('subscribe', null, t0), t);
    let heldBlocks = applyLivePayload('getblock', applyLivePayload('getblock', null, b0), await blocks);
    expect(heldTxs?.TransactionHistories[0]?.blockNumber).toBe(mined);
    expect(heldBlocks?.blockdata[0]?.blockNumber).toBe(mined);

    // The next block's pushes carry the changes only: its block, its transactions.
    const txs2 = next(socket, 'Transaction-update', (p) => p.TransactionHistories[0]?.blockNumber === head + 2);
    const blocks2 = next(socket, 'getblock-update', (p) => p.blockdata[0]?.blockNumber === head + 2);
    expect(await api.mine()).toBe(head + 2);
    const [t2, b2] = [await txs2, await blocks2];
    expect(b2.blockdata.map((x) => x.blockNumber)).toEqual([head + 2]);
    expect(b2.since).toBe(heldBlocks?.v);
    expect(t2.since).toBe(heldTxs?.v);
    expect(t2.TransactionHistories.every((x) => x.blockNumber === head + 2)).toBe(true);
    heldTxs = applyLivePayload('subscribe', heldTxs, t2);
    heldBlocks = applyLivePayload('getblock', heldBlocks, b2);
    // A reader joining now is answered the whole lists: the same as the merged ones.
    const late = await client();
    const lateTxs = next(late, 'Transaction-update');
    const lateBlocks = next(late, 'getblock-update');
    late.emit('subscribe');
    late.emit('getblock');
    expect(applyLivePayload('subscribe', null, await lateTxs)).toEqual(heldTxs);
    expect(await lateBlocks).toEqual(heldBlocks);
    // The socket that asked only for home data got nothing else.
    expect(new Set(seenByOnlyHome)).toEqual(new Set([SOCKET_EVENTS.gethomedata]));
  });

  it('a socket that leaves a request is sent nothing more of it; the others still are', async () => {
    const leaving = await client();
    const staying = await client();
    const seen = record(leaving);
    const first = Promise.all([next(leaving, 'getblock-update'), next(leaving, 'getgethomedata-update'), next(staying, 'getblock-update')]);
    leaving.emit('getblock');
    leaving.emit('gethomedata');
    staying.emit('getblock');
    await first;
    leaving.emit(LEAVE_EVENT, 'getblock');
    leaving.emit(LEAVE_EVENT, 'no-such-request' as never); // ignored
    // The leave is handled before the next block's push (one connection keeps its order).
    await new Promise((r) => setTimeout(r, 200));
    seen.length = 0;
    const head = hexToNumber(await chain.rpc.call<string>('eth_blockNumber'));
    const stayed = next(staying, 'getblock-update', (p) => p.blockdata[0]?.blockNumber === head + 1);
    const stillHome = next(leaving, 'getgethomedata-update', (p) => p.blockandtrncount[0]?.latestBlockNumber === head + 1);
    expect(await api.mine()).toBe(head + 1);
    await Promise.all([stayed, stillHome]);
    await new Promise((r) => setTimeout(r, 300));
    expect(seen).not.toContain(SOCKET_EVENTS.getblock);
    expect(leaving.connected).toBe(true);
  });

  it('ignores bad client payloads and unknown events, and keeps serving', async () => {
    const socket = await client();
    const raw = socket as unknown as { emit(ev: string, ...args: unknown[]): void };
    raw.emit('subscribe', { page: -1, $where: 'sleep(1000)' }, 'x'.repeat(1000), null);
    raw.emit('no-such-event', 1, 2, 3);
    raw.emit('getblock', () => {});
    raw.emit('__proto__', {});
    const answer = next(socket, 'Transaction-update');
    const blocks = next(socket, 'getblock-update');
    raw.emit('subscribe', 42);
    expect((await answer).TransactionHistories.length).toBe(LIVE_LIST_ROWS);
    await blocks;
    expect(socket.connected).toBe(true);
  });

  it('a failing computation is logged and that push skipped; the others still arrive', async () => {
    const socket = await client();
    const ready = Promise.all([next(socket, 'Transaction-update'), next(socket, 'getblock-update')]);
    socket.emit('subscribe');
    socket.emit('getblock');
    await ready;
    const seen = record(socket);
    const get = api.ctx.cache.get.bind(api.ctx.cache);
    api.ctx.cache.get = (<T>(key: string, compute: () => Promise<T>): Promise<T> =>
      key === 'live:transactions' ? Promise.reject(new Error('boom')) : get(key, compute)) as typeof api.ctx.cache.get;
    try {
      const head = hexToNumber(await chain.rpc.call<string>('eth_blockNumber'));
      const blocks = next(socket, 'getblock-update', (p) => p.blockdata[0]?.blockNumber === head + 1);
      await api.mine();
      await blocks;
      await new Promise((r) => setTimeout(r, 200));
      expect(seen).not.toContain('Transaction-update');
      expect(logs.some((m) => /Transaction-update.*skipped: boom/.test(m))).toBe(true);
    } finally {
      api.ctx.cache.get = get;
    }
  });

  it('disconnects a socket that floods request events, and caps the connections of one client (issue #45)', async () => {
    await new Promise((r) => setTimeout(r, 300)); // the earlier tests' sockets close on the server
    const flooder = await client();
    const bystander = await client();
    const gone = new Promise<string>((resolve) => flooder.once('disconnect', resolve));
    for (let i = 0; i < 60; i++) flooder.emit('getblock');
    expect(await gone).toBe('io server disconnect');
    expect(logs.some((m) => m.includes('more than 20 requests in 10 s: disconnected'))).toBe(true);
    const answered = next(bystander, 'getblock-update');
    bystander.emit('getblock');
    await answered;

    for (const c of clients.splice(0)) c.disconnect();
    await new Promise((r) => setTimeout(r, 300));
    const six: Client[] = [];
    for (let i = 0; i < 6; i++) six.push(await client());
    await expect(client()).rejects.toThrow();
    const refused = await fetch(`${url}${SOCKET_PATH}/?EIO=4&transport=polling`);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('Too many live connections from this client');
    six[0]!.disconnect();
    await new Promise((r) => setTimeout(r, 500));
    await client();
    for (const c of clients.splice(0)) c.disconnect();
    await new Promise((r) => setTimeout(r, 500)); // closed on the server before the next test connects
  });

  it('close() disconnects the clients and leaves the HTTP server to Fastify', async () => {
    const socket = await client();
    const gone = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    await realtime.close();
    expect(await gone).toBeTruthy();
    expect(api.app.server.listening).toBe(true);
    // The REST API still answers until Fastify closes.
    expect((await fetch(`${url}${apiPaths.latestBlocks()}`)).status).toBe(200);
    await realtime.close(); // idempotent
  });
});
