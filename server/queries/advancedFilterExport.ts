/**
 * Every row of an advanced filter, for its CSV: each part (transactions, internal transfers, token
 * transfers) is read on its own in keyset batches, each batch continuing after that part's own
 * last row, and the parts are merged here on the rows' key, newest first: the same rows in the
 * same order as walking the page query (filterRows) batch after batch.
 *
 * Why not walk the page query: its UNION ALL plans and runs all three parts for every batch, and
 * where the kinds mix and a part's remaining rows are few the planner read all of them, joined
 * each to its transaction and sorted them, again for each batch (EXPLAIN ANALYZE on the bench's
 * chain: 27 ms of execution for such a batch, 20 in the token part, against 4 ms where
 * transactions dominate). Here each row is read once, by its own part's statement.
 *
 * One statement at a time (one connection, as before), pulled by the caller (Readable.from).
 * Batches are yielded as fresh arrays the caller owns; at most one batch per part is held.
 */
import type { FilterSpec } from '../../common/advancedFilter';
import type { ApiContext } from '../core/context';
import { filterPartRows, filterParts, keyOf, type FilterPart, type FilterRow } from './advancedFilter';
import { EXPORT_BATCH } from './exportRows';

/** True when `a` comes before `b`, newest first: block, tx index, kind rank, index, batch index, all descending. */
function before(a: FilterRow, b: FilterRow): boolean {
  const ab = Number(a.block_number);
  const bb = Number(b.block_number);
  if (ab !== bb) return ab > bb;
  if (a.tx_index !== b.tx_index) return a.tx_index > b.tx_index;
  if (a.rank !== b.rank) return a.rank > b.rank;
  if (a.idx !== b.idx) return a.idx > b.idx;
  return a.sub > b.sub;
}

interface Stream {
  part: FilterPart;
  rows: FilterRow[];
  at: number;
  /** Where the part's next batch starts (its last row's key); undefined once a batch came back short (the part is done). */
  next: FilterSpec['cursor'] | undefined;
}

/** The filter's rows after its cursor within `range`, newest first, in batches of `batch`. */
export async function* filterExportRows(
  ctx: ApiContext,
  spec: FilterSpec,
  range: { from: number; to: number },
  batch = EXPORT_BATCH,
): AsyncGenerator<FilterRow[]> {
  /** Reads the stream's next batch (after its last row). */
  const advance = async (s: Stream): Promise<void> => {
    const rows = s.next === undefined ? [] : await filterPartRows(ctx, s.part, { ...spec, cursor: s.next }, range, batch);
    const last = rows[rows.length - 1];
    s.rows = rows;
    s.at = 0;
    s.next = rows.length === batch && last ? keyOf(last) : undefined;
  };
  const streams: Stream[] = filterParts(spec).map((part) => ({ part, rows: [], at: 0, next: spec.cursor }));
  let out: FilterRow[] = [];
  for (;;) {
    let best: Stream | null = null;
    let empty: Stream | null = null;
    for (const s of streams) {
      if (s.at < s.rows.length) {
        if (!best || before(s.rows[s.at]!, best.rows[best.at]!)) best = s;
      } else if (s.next !== undefined) {
        empty = s;
        break;
      }
    }
    if (empty) {
      // The rows merged so far go out before the next batch is read, and the empty batch's array
      // is emptied in place (the driver's result may still hold the array until the next
      // statement's): its rows, all in `out`, which the caller owns and empties, are then dead
      // while the next batch is parsed. Holding them promoted them out of the young generation:
      // twice the old-space bytes of the union, and +25 MB VmHWM per bench CSV instead of +8.5.
      empty.rows.length = 0;
      if (out.length > 0) yield out;
      out = [];
      await advance(empty);
      continue;
    }
    if (!best) break;
    out.push(best.rows[best.at]!);
    best.at++;
    if (out.length === batch) {
      yield out;
      out = [];
    }
  }
  if (out.length > 0) yield out;
}
