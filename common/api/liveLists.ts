/**
 * The live channel's lists pushed as changes (docs/decisions.md, "Live pushes carry changes"):
 * after each block the server sends only the rows that are new or changed since its previous push,
 * and the client merges them into the lists it holds. Shared by both sides: the server sends a
 * change only when this merge, applied to what it sent before, gives exactly the fresh lists; the
 * client applies the same merge.
 *
 * Every payload of such a channel carries `v`, a fingerprint of the whole lists it leaves the
 * reader with; a push of changes also carries `since`, the `v` of the lists it applies to. A reader
 * whose lists are not at `since` (it missed a push, or joined late) asks for the whole lists again.
 *
 * A row of Contracttransaction or Tokentransaction that is also in the same payload's
 * TransactionHistories is sent as `{ hash }` alone: that row, without its summary
 * (unpackLiveRows). The three lists mostly hold the same newest transactions.
 */
import type { BlockListItem } from './blocks';
import type { TransactionListItem } from './transactions';

/**
 * What a live transaction row carries: what the home's three tables render (hash, age, from, to,
 * status, value or moved token, fee; the compact summary in Latest Transactions: its first action,
 * and `summaryMore`, how many more), the list order (block number, index) and the specification's
 * createdAt. Not sent: the floats beside the wei strings (value, fee), the function name, token
 * address and decoded input, the summary's other actions.
 */
export const LIVE_ROW_FIELDS = [
  'hash',
  'blockNumber',
  'transactionIndex',
  'timestamp',
  'createdAt',
  'from',
  'to',
  'contractAddress',
  'valueWei',
  'feeWei',
  'status',
  'transactiontype',
  'tokenValueWei',
  'tokenSymbol',
  'tokenDecimals',
  'tokenId',
  'summary',
] as const satisfies readonly (keyof TransactionListItem)[];

export type LiveTransactionRow = Pick<TransactionListItem, (typeof LIVE_ROW_FIELDS)[number]> & {
  /** The summary's actions not sent (the compact line says "and N more"); absent when none. */
  summaryMore?: number;
};

/** Rows of each live transaction list: what the home shows (Latest Transactions 10, Token and Contract Transactions 10). */
export const LIVE_LIST_ROWS = 10;
/** Blocks in the latest-blocks list (the same as /getLatestBlocks: the home's cards and its per-block chart). */
export const LIVE_BLOCK_ROWS = 20;

/** A live row without the fields nothing live renders (the summary's first action only where the table shows it). */
export function liveRow(t: TransactionListItem, withSummary: boolean): LiveTransactionRow {
  const row: Record<string, unknown> = {};
  for (const f of LIVE_ROW_FIELDS) if (t[f] !== undefined && f !== 'summary') row[f] = t[f];
  const summary = withSummary ? t.summary : undefined;
  if (summary) {
    row.summary = summary.slice(0, 1);
    if (summary.length > 1) row.summaryMore = summary.length - 1;
  }
  return row as LiveTransactionRow;
}

export interface LiveList<Row> {
  field: string;
  limit: number;
  key(row: Row): string;
  /** Negative when `a` is newer (lists are newest first). */
  order(a: Row, b: Row): number;
}

const txList = (field: string): LiveList<LiveTransactionRow> => ({
  field,
  limit: LIVE_LIST_ROWS,
  key: (t) => t.hash,
  order: (a, b) => b.blockNumber - a.blockNumber || b.transactionIndex - a.transactionIndex,
});

/** The lists of each channel that is pushed as changes. */
export const LIVE_LISTS = {
  subscribe: [txList('TransactionHistories'), txList('Contracttransaction'), txList('Tokentransaction')],
  getblock: [
    {
      field: 'blockdata',
      limit: LIVE_BLOCK_ROWS,
      // By height: a block that replaced another (a reorg) takes its place.
      key: (b: BlockListItem) => String(b.blockNumber),
      order: (a: BlockListItem, b: BlockListItem) => b.blockNumber - a.blockNumber,
    } satisfies LiveList<BlockListItem>,
  ],
} as const;

export type LiveListRequest = keyof typeof LIVE_LISTS;

export function isLiveListRequest(request: string): request is LiveListRequest {
  return Object.hasOwn(LIVE_LISTS, request);
}

/** The list whose rows the typed lists refer to, and what a referring row leaves out. */
export const REFERRED_LIST = 'TransactionHistories';
const NOT_REFERRED: readonly string[] = ['summary', 'summaryMore'];

/** True for a row sent as a reference: `{ hash }` alone. */
function isRowRef(row: unknown): row is { hash: string } {
  return typeof row === 'object' && row !== null && Object.keys(row).length === 1 && typeof (row as { hash?: unknown }).hash === 'string';
}

/** `row` as the typed lists hold it: without the fields a reference leaves out. */
export function referredRow(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(row)) if (!NOT_REFERRED.includes(k)) out[k] = x;
  return out;
}

/**
 * The Transaction-update `payload` with each reference (`{ hash }`) of its typed lists replaced by
 * that row of its TransactionHistories; null when a reference names a row the payload lacks.
 */
export function unpackLiveRows<P extends Record<string, unknown>>(payload: P): P | null {
  const referred = payload[REFERRED_LIST];
  if (!Array.isArray(referred)) return payload;
  const byHash = new Map((referred as Record<string, unknown>[]).map((r) => [r.hash, r]));
  const out: Record<string, unknown> = { ...payload };
  for (const list of LIVE_LISTS.subscribe) {
    const rows = payload[list.field];
    if (list.field === REFERRED_LIST || !Array.isArray(rows) || !rows.some(isRowRef)) continue;
    const full: unknown[] = [];
    for (const r of rows) {
      const row = isRowRef(r) ? byHash.get(r.hash) : r;
      if (row === undefined) return null;
      full.push(isRowRef(r) ? referredRow(row) : row);
    }
    out[list.field] = full;
  }
  return out as P;
}

/** `held` with `changed` merged in: a changed row replaces the row of its key, newest first, at most `limit`. */
export function mergeLiveRows<Row>(held: readonly Row[], changed: readonly Row[], list: LiveList<Row>): Row[] {
  if (changed.length === 0) return held.slice(0, list.limit);
  const byKey = new Map<string, Row>();
  for (const r of held) byKey.set(list.key(r), r);
  for (const r of changed) byKey.set(list.key(r), r);
  return [...byKey.values()].sort((a, b) => list.order(a, b)).slice(0, list.limit);
}

/** The fields of a live-list payload besides its lists. */
export interface LiveVersion {
  /** Fingerprint of the whole lists the payload leaves the reader with. */
  v?: string;
  /** On a push of changes only: the `v` of the lists the changes apply to. */
  since?: string;
}

type Payload = Record<string, unknown> & LiveVersion;

/**
 * What a reader holds after `next` arrives: `next` itself when it carries whole lists; `held`'s
 * lists with `next`'s changes merged when it carries changes to what the reader holds; `held`
 * itself when it already holds the lists the changes lead to (its answer was computed after the
 * block the push is about); null when it carries changes to lists the reader does not hold (ask
 * for the whole lists).
 */
export function applyLivePayload<P extends LiveVersion>(request: LiveListRequest, held: P | null, sent: P): P | null {
  const unpacked = request === 'subscribe' ? unpackLiveRows(sent as Payload) : (sent as Payload);
  if (unpacked === null) return null;
  if (unpacked.since === undefined) return unpacked as P;
  const had = held as Payload | null;
  if (had?.v !== undefined && had.v === unpacked.v) return held;
  if (!had || had.v === undefined || had.v !== unpacked.since) return null;
  const next = unpacked;
  const out: Payload = { ...next };
  delete out.since;
  for (const list of LIVE_LISTS[request] as readonly LiveList<unknown>[]) {
    const rows = had[list.field];
    const changed = next[list.field];
    if (!Array.isArray(rows) || !Array.isArray(changed)) return null;
    out[list.field] = mergeLiveRows(rows, changed, list);
  }
  return out as P;
}
