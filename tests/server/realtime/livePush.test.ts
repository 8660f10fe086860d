/**
 * The live lists pushed as changes (issue #44 item 3): the server's change set (livePush.ts) and the
 * reader's merge (common/api/liveLists.ts) together leave a reader with exactly the server's lists;
 * a reorg, a row that changed or left, or a reader not at `since` never gets a wrong list.
 */
import { describe, expect, it } from 'vitest';
import type { BlockListItem } from '../../../common/api/blocks';
import type { BlockUpdate } from '../../../common/api/socket';
import { applyLivePayload, LIVE_BLOCK_ROWS, LIVE_LIST_ROWS, liveRow, type LiveTransactionRow } from '../../../common/api/liveLists';
import type { TransactionListItem } from '../../../common/api/transactions';
import { changesSince, LivePushes, packLiveRows, toWire, withVersion } from '../../../server/realtime/livePush';

const hash = (n: number, salt = 0) => `0x${(n * 1000 + salt).toString(16).padStart(64, '0')}`;

function block(n: number, salt = 0): BlockListItem {
  return {
    blockNumber: n,
    timestamp: 1_700_000_000 + n,
    createdAt: new Date((1_700_000_000 + n) * 1000).toISOString(),
    Trx: n % 7,
    blockHash: hash(n, salt),
    miner: `r${'1'.repeat(40)}`,
    size: 600,
    gasUsed: '21000',
  };
}
const blocks = (top: number, salt = 0) =>
  Array.from({ length: LIVE_BLOCK_ROWS }, (_, i) => block(top - i, top - i > top - 2 ? salt : 0)).filter((b) => b.blockNumber >= 0);

function tx(blockNumber: number, index: number, over: Partial<LiveTransactionRow> = {}): LiveTransactionRow {
  return {
    hash: hash(blockNumber * 100 + index),
    blockNumber,
    transactionIndex: index,
    timestamp: 1_700_000_000 + blockNumber,
    createdAt: new Date((1_700_000_000 + blockNumber) * 1000).toISOString(),
    from: `r${'2'.repeat(40)}`,
    to: `r${'3'.repeat(40)}`,
    contractAddress: null,
    valueWei: '1',
    feeWei: '2',
    status: 1,
    transactiontype: 0,
    ...over,
  };
}
/** The newest LIVE_LIST_ROWS transactions when each block up to `top` holds `per` of them. */
const txs = (top: number, per: number) =>
  Array.from({ length: top * per }, (_, i) => tx(top - Math.floor(i / per), per - 1 - (i % per))).slice(0, LIVE_LIST_ROWS);
const txUpdate = (top: number, per: number) =>
  withVersion('subscribe', {
    TransactionHistories: txs(top, per),
    Contracttransaction: txs(top, 1),
    Tokentransaction: [] as LiveTransactionRow[],
  });

describe('live lists pushed as changes', () => {
  it('a push after a block carries the new rows only, and the reader merges them into exactly the fresh lists', () => {
    const before = withVersion('getblock', { blockdata: blocks(50) });
    const after = withVersion('getblock', { blockdata: blocks(51) });
    const push = changesSince('getblock', before, after);
    expect(push.blockdata.map((b) => b.blockNumber)).toEqual([51]);
    expect(push.since).toBe(before.v);
    expect(push.v).toBe(after.v);
    expect(applyLivePayload('getblock', before, push)).toEqual(after);

    const t0 = txUpdate(40, 3);
    const t1 = txUpdate(41, 3);
    const tPush = changesSince('subscribe', t0, t1);
    expect(tPush.TransactionHistories.map((t) => t.blockNumber)).toEqual([41, 41, 41]);
    expect(tPush.Contracttransaction).toHaveLength(1);
    expect(tPush.Tokentransaction).toEqual([]);
    expect(applyLivePayload('subscribe', t0, tPush)).toEqual(t1);
  });

  it('a row that changed is sent again and replaces the held one', () => {
    const t0 = txUpdate(40, 3);
    const rows = t0.TransactionHistories.map((t, i) => (i === 4 ? { ...t, summary: [] } : t));
    const t1 = withVersion('subscribe', { ...t0, TransactionHistories: rows });
    const push = changesSince('subscribe', t0, t1);
    expect(push.TransactionHistories).toEqual([rows[4]]);
    expect(applyLivePayload('subscribe', t0, push)).toEqual(t1);
  });

  it('a reorg, or rows that left the lists, give the whole lists', () => {
    const before = withVersion('getblock', { blockdata: blocks(50) });
    // Block 50 replaced and 51 on top: a change the merge can express (by height).
    const reorg = withVersion('getblock', { blockdata: blocks(51, 9) });
    const push = changesSince('getblock', before, reorg);
    expect(push.blockdata.map((b) => b.blockNumber)).toEqual([51, 50]);
    expect(applyLivePayload('getblock', before, push)).toEqual(reorg);
    // A reorg to a shorter chain: block 50 left; the merge would keep it, so the whole list goes.
    const shorter = withVersion('getblock', { blockdata: blocks(49, 5) });
    const whole = changesSince('getblock', before, shorter);
    expect(whole.since).toBeUndefined();
    expect(whole).toEqual(shorter);
    expect(applyLivePayload('getblock', before, whole)).toEqual(shorter);
    // A transaction of an orphaned block that the new lists no longer hold.
    const t0 = txUpdate(40, 3);
    const gone = withVersion('subscribe', { ...t0, TransactionHistories: t0.TransactionHistories.slice(1) });
    expect(changesSince('subscribe', t0, gone).since).toBeUndefined();
  });

  it('a reader not at `since` (a missed push, a late join) is told to ask again; whole lists always apply', () => {
    const b50 = withVersion('getblock', { blockdata: blocks(50) });
    const b51 = withVersion('getblock', { blockdata: blocks(51) });
    const b52 = withVersion('getblock', { blockdata: blocks(52) });
    const missed = changesSince('getblock', b51, b52);
    expect(applyLivePayload('getblock', b50, missed)).toBeNull();
    expect(applyLivePayload('getblock', null, missed)).toBeNull();
    expect(applyLivePayload<BlockUpdate>('getblock', { blockdata: b50.blockdata }, missed)).toBeNull();
    expect(applyLivePayload('getblock', b50, b52)).toBe(b52);
    // A reader whose answer already had the lists the push leads to keeps them (no need to ask).
    expect(applyLivePayload('getblock', b52, missed)).toBe(b52);
  });

  it('the pushes of a room: whole lists first, then changes; nothing when the lists did not change', () => {
    const room = new LivePushes();
    const b50 = withVersion('getblock', { blockdata: blocks(50) });
    const b51 = withVersion('getblock', { blockdata: blocks(51) });
    expect(room.next('getblock', b50)).toBe(b50);
    expect(room.next('getblock', b51)?.blockdata).toHaveLength(1);
    expect(room.next('getblock', withVersion('getblock', { blockdata: blocks(51) }))).toBeNull();
  });

  it('the version is the lists’ content: the same lists give the same v on any process, other lists another', () => {
    expect(withVersion('getblock', { blockdata: blocks(50) }).v).toBe(withVersion('getblock', { blockdata: blocks(50) }).v);
    expect(withVersion('getblock', { blockdata: blocks(50) }).v).not.toBe(withVersion('getblock', { blockdata: blocks(51) }).v);
  });

  it('a live row keeps only what the home tables render (and the summary only where shown)', () => {
    const full: TransactionListItem = {
      ...tx(5, 1),
      value: 1e-18,
      fee: 2e-18,
      functionName: 'transfer',
      tokenAddress: `r${'4'.repeat(40)}`,
      decodedInput: [{ _to: `r${'3'.repeat(40)}`, _value: '330' }],
      tokenValueWei: '330',
      tokenSymbol: 'RUSD',
      tokenDecimals: 18,
      tokenId: null,
      summary: [],
    } as TransactionListItem;
    const row = liveRow(full, true);
    for (const gone of ['value', 'fee', 'functionName', 'tokenAddress', 'decodedInput']) expect(row).not.toHaveProperty(gone);
    expect(row).toMatchObject({
      hash: full.hash,
      createdAt: full.createdAt,
      tokenValueWei: '330',
      tokenSymbol: 'RUSD',
      tokenId: null,
      summary: [],
    });
    expect(row).not.toHaveProperty('summaryMore');
    expect(liveRow(full, false)).not.toHaveProperty('summary');
    // The compact line shows the first action and "and N more": the rest is not sent.
    const coin = { kind: 'coinTransfer' as const, from: full.from, to: { address: full.from, label: null }, amountWei: '1' };
    const three = liveRow({ ...full, summary: [coin, coin, coin] }, true);
    expect(three.summary).toEqual([coin]);
    expect(three.summaryMore).toBe(2);
  });

  it('a typed row that is a row of the latest transactions goes as its hash, and the reader gets it back whole', () => {
    const call = tx(41, 2, { transactiontype: 3 });
    const older = tx(30, 0, { transactiontype: 3 });
    const summary = [{ kind: 'call' as const, method: 'go', selector: '0x12345678', contract: { address: call.to!, label: null } }];
    const t0 = txUpdate(40, 3);
    const t1 = withVersion('subscribe', {
      TransactionHistories: [{ ...call, summary }, ...t0.TransactionHistories.slice(0, LIVE_LIST_ROWS - 1)],
      Contracttransaction: [call, older],
      Tokentransaction: [] as LiveTransactionRow[],
    });
    const wire = toWire('subscribe', t1);
    expect(wire.Contracttransaction).toEqual([{ hash: call.hash }, older]);
    expect(toWire('subscribe', t1)).toBe(wire); // packed once per payload
    expect(applyLivePayload('subscribe', null, wire)).toEqual(t1);
    // In a push of changes too: the reference is to the push's own rows.
    const push = toWire('subscribe', changesSince('subscribe', t0, t1));
    expect(push.Contracttransaction).toEqual([{ hash: call.hash }, older]);
    expect(applyLivePayload('subscribe', t0, push)).toEqual(t1);
    // A typed row that differs from the latest list's row (not only by its summary) goes whole.
    const differs = withVersion('subscribe', { ...t1, Contracttransaction: [{ ...call, status: 0 }] });
    expect(packLiveRows(differs).Contracttransaction).toEqual([{ ...call, status: 0 }]);
    // A reference to a row the payload lacks: ask again.
    expect(applyLivePayload('subscribe', t0, { ...push, TransactionHistories: [] })).toBeNull();
  });
});
