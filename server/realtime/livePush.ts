/**
 * The server's half of the live lists pushed as changes (common/api/liveLists.ts): the version
 * (`v`) of a payload's lists, and per channel the push after a block: only the rows that are new or
 * changed since the previous push, or the whole lists when the merge of those rows into what was
 * pushed before would not give exactly the fresh lists (a reorg, a row that left the list, the
 * first push). What goes on the wire then refers to the latest transactions' rows from the typed
 * lists instead of repeating them (toWire).
 */
import { createHash } from 'node:crypto';
import {
  LIVE_LISTS,
  mergeLiveRows,
  referredRow,
  REFERRED_LIST,
  type LiveList,
  type LiveListRequest,
  type LiveVersion,
} from '../../common/api/liveLists';

type Payload = Record<string, unknown> & LiveVersion;

const listsOf = (request: LiveListRequest) => LIVE_LISTS[request] as readonly LiveList<unknown>[];

/** The lists of `payload` with their fingerprint `v` (whole lists: no `since`). */
export function withVersion<P extends object>(request: LiveListRequest, payload: P): P & { v: string } {
  const hash = createHash('sha256');
  const fields = payload as Record<string, unknown>;
  for (const list of listsOf(request)) hash.update(`${list.field}:${JSON.stringify(fields[list.field] ?? null)}\n`);
  return { ...payload, v: hash.digest('base64url').slice(0, 16) };
}

/** Each row's JSON by key, to tell the rows that changed. */
function rowsByKey(rows: readonly unknown[], list: LiveList<unknown>): Map<string, string> {
  return new Map(rows.map((r) => [list.key(r), JSON.stringify(r)]));
}

/**
 * What to push after a block that gave `next` (whole lists, with its `v`) when `prev` was pushed
 * before: the changed rows with `since`, or `next` itself.
 */
export function changesSince<P extends object>(request: LiveListRequest, prev: P | undefined, next: P): P & LiveVersion {
  const was = prev as Payload | undefined;
  const now = next as Payload;
  if (!was || was.v === undefined || now.v === undefined) return next;
  const out: Payload = { ...now, since: was.v };
  for (const list of listsOf(request)) {
    const had = was[list.field];
    const rows = now[list.field];
    if (!Array.isArray(had) || !Array.isArray(rows)) return next;
    const before = rowsByKey(had, list);
    const changed = rows.filter((r) => before.get(list.key(r)) !== JSON.stringify(r));
    // The reader's merge must give exactly the fresh list, else it gets the whole list.
    if (JSON.stringify(mergeLiveRows(had, changed, list)) !== JSON.stringify(rows)) return next;
    out[list.field] = changed;
  }
  return out as P & LiveVersion;
}

/** Per channel, the last payload pushed to its room (whole lists), and the next push from it. */
export class LivePushes {
  private last = new Map<LiveListRequest, Payload>();

  /**
   * The push for fresh whole lists `next` (null: the lists did not change, nothing to push);
   * remembers `next` as what the room now holds.
   */
  next<P extends object>(request: LiveListRequest, next: P): (P & LiveVersion) | null {
    const prev = this.last.get(request);
    this.last.set(request, next as Payload);
    if (prev?.v !== undefined && prev.v === (next as Payload).v) return null;
    return changesSince(request, prev as P | undefined, next);
  }
}

/**
 * A Transaction-update as sent: each row of the typed lists that is, but for its summary, a row
 * of the same payload's TransactionHistories goes as `{ hash }` (unpackLiveRows reverses it).
 */
export function packLiveRows<P extends object>(payload: P): P {
  const fields = payload as Record<string, unknown>;
  const referred = fields[REFERRED_LIST];
  if (!Array.isArray(referred)) return payload;
  const asReferred = new Map((referred as Record<string, unknown>[]).map((r) => [r.hash, JSON.stringify(referredRow(r))]));
  const out: Record<string, unknown> = { ...fields };
  for (const list of LIVE_LISTS.subscribe) {
    const rows = fields[list.field];
    if (list.field === REFERRED_LIST || !Array.isArray(rows)) continue;
    out[list.field] = (rows as Record<string, unknown>[]).map((r) => (asReferred.get(r.hash) === JSON.stringify(r) ? { hash: r.hash } : r));
  }
  return out as P;
}

const packed = new WeakMap<object, object>();

/** What a list channel's payload is sent as (packed once per payload object). */
export function toWire<P extends object>(request: LiveListRequest, payload: P): P {
  if (request !== 'subscribe') return payload;
  let out = packed.get(payload);
  if (!out) {
    out = packLiveRows(payload);
    packed.set(payload, out);
  }
  return out as P;
}
