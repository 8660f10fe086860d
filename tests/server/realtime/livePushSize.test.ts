/**
 * What a home reader is sent per block on the devnet's traffic (issue #44 item 3): the three pushes
 * the home page follows (latest blocks, home data, latest transactions), framed as socket.io sends
 * them, stay within the budget; and a reader that merges every push holds exactly the lists a
 * fresh request would answer. Before the lists were pushed as changes a reader was sent about
 * 42 KB a block; this fails when a block's pushes grow over PUSH_BUDGET.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { applyLivePayload, LIVE_LIST_ROWS, LIVE_ROW_FIELDS } from '../../../common/api/liveLists';
import { CHANNELS, type Channel } from '../../../server/realtime/payloads';
import { LivePushes, toWire } from '../../../server/realtime/livePush';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';
import { describeEachDatabase } from '../../helpers/db';

/** Bytes a home reader may be sent per block (the three pushes, framing included). */
const PUSH_BUDGET = 15_000;
const BLOCKS = 6;

let chain: IndexedChain;
beforeAll(async () => {
  chain = await startIndexedChain({ steps: 12 });
});
afterAll(() => chain?.stop());

/** The bytes of `42["event",payload]`, socket.io's frame of an emit. */
const framed = (ch: Channel, payload: unknown) => Buffer.byteLength(`42${JSON.stringify([ch.update, payload])}`);

describeEachDatabase(
  'live pushes per block, devnet traffic',
  (getDb) => {
    let api: TestApi;
    beforeAll(async () => {
      api = await chain.api(getDb());
    });
    afterAll(() => api?.close());

    it(`a home reader is sent at most ${PUSH_BUDGET} bytes a block, and its merged lists are the fresh lists`, async () => {
      const home = CHANNELS.filter((c) => ['getblock', 'gethomedata', 'subscribe'].includes(c.request));
      expect(home).toHaveLength(3);
      const room = new LivePushes();
      const held = new Map<string, Record<string, unknown> | null>();
      for (const ch of home) {
        const whole = (await ch.compute(api.ctx)) as unknown as Record<string, unknown>;
        if (ch.lists) room.next(ch.lists, whole);
        held.set(ch.request, ch.lists ? applyLivePayload(ch.lists, null, toWire(ch.lists, whole)) : whole);
      }
      const perBlock: number[] = [];
      const wholeBytes: number[] = [];
      for (let i = 0; i < BLOCKS; i++) {
        await api.mine();
        let bytes = 0;
        let whole = 0;
        for (const ch of home) {
          const fresh = (await ch.compute(api.ctx)) as unknown as Record<string, unknown>;
          whole += framed(ch, fresh);
          const changes = ch.lists ? room.next(ch.lists, fresh) : fresh;
          if (changes === null) continue;
          const push = ch.lists ? toWire(ch.lists, changes) : changes;
          bytes += framed(ch, push);
          if (!ch.lists) continue;
          // The pushes after a block carry changes, and merging them gives the fresh lists.
          expect(push.since).toBeDefined();
          const merged = applyLivePayload(ch.lists, held.get(ch.request) ?? null, push);
          expect(merged).toEqual(fresh);
          held.set(ch.request, merged);
        }
        perBlock.push(bytes);
        wholeBytes.push(whole);
      }
      console.log(`live pushes per block: ${perBlock.join(', ')} bytes (whole lists: ${wholeBytes.join(', ')})`);
      for (const b of perBlock) expect(b).toBeLessThanOrEqual(PUSH_BUDGET);

      // The rows' shape: what the tables render, at most LIVE_LIST_ROWS a list.
      const t = held.get('subscribe') as Record<string, Record<string, unknown>[]>;
      for (const list of ['TransactionHistories', 'Contracttransaction', 'Tokentransaction']) {
        expect(t[list]!.length).toBeGreaterThan(0);
        expect(t[list]!.length).toBeLessThanOrEqual(LIVE_LIST_ROWS);
        for (const row of t[list]!) {
          for (const key of Object.keys(row)) expect([...LIVE_ROW_FIELDS, 'summaryMore']).toContain(key);
          expect(row).toHaveProperty('hash');
          expect(row).toHaveProperty('createdAt');
          expect(row).not.toHaveProperty('decodedInput');
          if (list !== 'TransactionHistories') expect(row).not.toHaveProperty('summary');
        }
      }
      expect(t.TransactionHistories!.some((r) => r.summary !== undefined)).toBe(true);
    });
  },
  { kinds: ['pglite'] },
);
