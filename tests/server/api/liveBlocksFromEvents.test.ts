/**
 * Issue #17 (live blocks): the indexer's block event carries the batch's newest blocks, and the
 * API's latest blocks follow them (BlockCache.follow, nextLatestBlocks) with no query after a
 * block. Checked against the database itself, also across a reorg, on both database kinds.
 */
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import type { BlockListItem } from '../../../common/api/blocks';
import { applyLivePayload } from '../../../common/api/liveLists';
import { SOCKET_PATH, type BlockUpdate, type ClientToServerEvents, type ServerToClientEvents } from '../../../common/api/socket';
import { hexToNumber } from '../../../server/chain/rpc';
import { Indexer } from '../../../server/indexer/indexer';
import { LATEST_BLOCKS, LATEST_BLOCKS_KEY, latestBlocks, nextLatestBlocks } from '../../../server/queries/blocks';
import { attachRealtime, type Realtime } from '../../../server/realtime/socket';
import { notifyPayload, type BlockSummary, type BlocksEvent } from '../../../server/events';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';
import { describeEachDatabase } from '../../helpers/db';
import { apiPaths } from '../../../common/api/paths';

let chain: IndexedChain;
beforeAll(async () => {
  chain = await startIndexedChain({ steps: 4 });
});
afterAll(() => chain?.stop());

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

describeEachDatabase('latest blocks from the block events', (getDb) => {
  let api: TestApi;
  let realtime: Realtime;
  let indexer: Indexer;
  let socket: Client | null = null;
  const events: BlocksEvent[] = [];
  /** How often the latest blocks were read from the database. */
  let queries = 0;

  beforeAll(async () => {
    api = await chain.api(getDb());
    indexer = new Indexer({
      rpc: chain.rpc,
      db: getDb().db,
      batchSize: 10,
      onBatch: (e) => {
        events.push({ type: 'blocks', ...e });
        api.bus.publish({ type: 'blocks', ...e });
      },
    });
    await indexer.init();
    const get = api.ctx.cache.get.bind(api.ctx.cache);
    api.ctx.cache.get = (<T>(key: string, compute: () => Promise<T>): Promise<T> =>
      get(key, () => {
        if (key === LATEST_BLOCKS_KEY) queries++;
        return compute();
      })) as typeof api.ctx.cache.get;
    realtime = attachRealtime(api.app.server, api.ctx);
    await api.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(() => {
    socket?.disconnect();
    socket = null;
  });
  afterAll(async () => {
    await realtime?.close();
    await api?.close();
  });

  async function listen(): Promise<{ pushes: BlockListItem[][]; sent: number[] }> {
    const addr = api.app.server.address();
    const port = typeof addr === 'object' && addr ? addr.port : 0;
    const s: Client = connect(`http://127.0.0.1:${port}`, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    socket = s;
    const pushes: BlockListItem[][] = [];
    /** The blocks each message carried. */
    const sent: number[] = [];
    const first = new Promise<void>((resolve) => s.once('getblock-update', () => resolve()));
    // The lists the reader holds: the answer, then each push of changes merged in (a push it
    // cannot apply makes it ask again, as the SPA does).
    let held: BlockUpdate | null = null;
    s.on('getblock-update', (p) => {
      sent.push(p.blockdata.length);
      const lists = applyLivePayload('getblock', held, p);
      if (lists === null) return void s.emit('getblock');
      held = lists;
      pushes.push(lists.blockdata);
    });
    s.emit('getblock');
    await first;
    return { pushes, sent };
  }

  /** Mine one step of traffic and index it; resolves with the push that shows it. */
  async function mineAndPush(pushes: BlockListItem[][]): Promise<BlockListItem[]> {
    await chain.traffic.step();
    await chain.rpc.call('evm_mine', []);
    await indexer.runOnce();
    const head = hexToNumber(await chain.rpc.call<string>('eth_blockNumber'));
    for (let i = 0; i < 100; i++) {
      const p = pushes.find((x) => x[0]?.blockNumber === head);
      if (p) return p;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no push of block ${head}`);
  }

  it('pushes each new block from its event: the same list as the database, read once in all', async () => {
    const { pushes, sent } = await listen();
    await mineAndPush(pushes); // the list before the first event may come from a query
    const before = queries;
    const messages = sent.length;
    for (let i = 0; i < 3; i++) {
      const p = await mineAndPush(pushes);
      expect(p).toEqual(await latestBlocks(api.ctx));
      expect(events.at(-1)?.blocks?.map((b) => b.number)).toEqual([p[0]?.blockNumber]);
    }
    expect(queries).toBe(before);
    // Each of those pushes carried its new block only (docs/decisions.md#live-pushes-carry-changes).
    expect(sent.slice(messages)).toEqual([1, 1, 1]);
    // The REST answer is the same list, from the same cache.
    const rest = await api.get<{ result: BlockListItem[] }>(apiPaths.latestBlocks());
    expect(rest.body.result).toEqual(await latestBlocks(api.ctx));
    expect(queries).toBe(before);
  });

  it('after a reorg the list is the new chain, newest first, as the database has it', async () => {
    const { pushes } = await listen();
    await mineAndPush(pushes);
    const head = hexToNumber(await chain.rpc.call<string>('eth_blockNumber'));
    const old = (await latestBlocks(api.ctx))[0]?.blockHash;
    await chain.rpc.call('anvil_reorg', [3, []]);
    await indexer.runOnce(); // finds the replaced tip and rolls back
    await indexer.runOnce(); // indexes the new blocks: their event
    const seen = pushes.length;
    const p = await mineAndPush(pushes);
    expect(p[0]?.blockNumber).toBe(head + 1);
    expect(p[1]?.blockHash).not.toBe(old);
    expect(p).toEqual(await latestBlocks(api.ctx));
    expect(p.every((b, i) => i === 0 || (p[i - 1] as BlockListItem).blockNumber === b.blockNumber + 1)).toBe(true);
    // Every push since the reorg matched the chain at its time: numbers strictly falling by one.
    for (const x of pushes.slice(seen))
      expect(x.every((b, i) => i === 0 || (x[i - 1] as BlockListItem).blockNumber === b.blockNumber + 1)).toBe(true);
  });
});

/** Block n of a made-up chain whose hashes carry a fork label. */
function summary(n: number, fork = 'a', parentFork = fork): BlockSummary {
  const h = (x: number, f: string) => `0x${f}${String(x).padStart(63, '0')}`;
  return {
    number: n,
    hash: h(n, fork),
    parentHash: h(n - 1, parentFork),
    miner: `0x${'1'.repeat(40)}`,
    timestamp: 1_700_000_000 + n,
    size: 600,
    gasUsed: '21000',
    txCount: 1,
  };
}
function event(blocks: BlockSummary[]): BlocksEvent {
  const last = blocks[blocks.length - 1] as BlockSummary;
  return {
    type: 'blocks',
    from: (blocks[0] as BlockSummary).number,
    to: last.number,
    hash: last.hash,
    head: last.number,
    txCount: blocks.length,
    blocks,
  };
}
/** The latest-blocks list of blocks lo..hi of a fork, newest first. */
function list(lo: number, hi: number, fork = 'a'): BlockListItem[] {
  const e = event(Array.from({ length: hi - lo + 1 }, (_, i) => summary(lo + i, fork)));
  return nextLatestBlocks([], e) as BlockListItem[];
}

it('nextLatestBlocks: appends a linked block, replaces reorged ones, and reads the database when it cannot vouch', () => {
  expect(list(1, 3).map((b) => b.blockNumber)).toEqual([3, 2, 1]);
  const full = list(1, 20);
  // One new block on top: 21..2.
  const next = nextLatestBlocks(full, event([summary(21)]));
  expect(next?.map((b) => b.blockNumber)).toEqual(Array.from({ length: LATEST_BLOCKS }, (_, i) => 21 - i));
  expect(next?.slice(1)).toEqual(full.slice(0, 19));
  // A reorg of 18..20 to fork b (same height or higher): the old 18..20 are gone.
  const reorg = nextLatestBlocks(full, event([summary(18, 'b', 'a'), summary(19, 'b'), summary(20, 'b'), summary(21, 'b')]));
  expect(reorg?.slice(0, 4).map((b) => b.blockHash)).toEqual([21, 20, 19, 18].map((n) => summary(n, 'b').hash));
  expect(reorg?.slice(4)).toEqual(full.slice(3, 19));
  // A reorg to a shorter chain leaves fewer than 20 known blocks: read the database.
  expect(nextLatestBlocks(full, event([summary(18, 'b', 'a')]))).toBeNull();
  // A parent that is not the block below, a gap, no summaries, summaries short of `to`: read the database.
  expect(nextLatestBlocks(full, event([summary(21, 'x', 'y')]))).toBeNull();
  expect(nextLatestBlocks(full, event([summary(23)]))).toBeNull();
  expect(nextLatestBlocks(full, { ...event([summary(21)]), blocks: undefined })).toBeNull();
  expect(nextLatestBlocks(full, { ...event([summary(21)]), to: 22 })).toBeNull();
  // A batch of 20 or more blocks is the whole list by itself.
  expect(nextLatestBlocks(full, event(Array.from({ length: 25 }, (_, i) => summary(101 + i))))?.map((b) => b.blockNumber)).toEqual(
    Array.from({ length: LATEST_BLOCKS }, (_, i) => 125 - i),
  );
});

it("the PostgreSQL bus's payload drops the summaries rather than pass NOTIFY's 8,000 bytes", () => {
  const small = event([summary(1)]);
  expect(JSON.parse(notifyPayload(small))).toEqual(small);
  const big = event(Array.from({ length: 40 }, (_, i) => summary(i + 1)));
  const sent = JSON.parse(notifyPayload(big)) as BlocksEvent;
  expect(sent.blocks).toBeUndefined();
  expect(sent).toMatchObject({ from: 1, to: 40, hash: big.hash });
  expect(Buffer.byteLength(notifyPayload(event(Array.from({ length: 20 }, (_, i) => summary(i + 1)))))).toBeLessThan(8_000);
});
