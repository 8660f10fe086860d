/**
 * The rows of an address's CSV export (GET /api/export/…), read in keyset batches: each batch
 * continues after the last row of the one before (a row comparison, `(block, index) > (…)`, which
 * the index takes as the scan's start; the same test written with OR was a filter, so every batch
 * re-read the address's history from its first row: 69 s instead of seconds for 100,000 rows). The
 * page's keys come first, from the address's own index, then their rows: joined the other way, an
 * address holding most of the chain's transactions made the planner walk the transactions table.
 * Memory stays flat however long the history, and a batch is read only when the HTTP response has
 * taken the one before (the caller pulls: the async generators below are consumed through
 * Readable.from, which is back-pressured). Each batch is yielded as `rows.splice(0)`, so the
 * generator, suspended while the batch's text is written, keeps no reference to its rows: the
 * consumer's is the only one, and the rows die young (bench/README.md, CSV export). Same SQL on
 * PostgreSQL and PGlite. Oldest first, as an accounting tool reads a ledger.
 */
import { sql } from 'kysely';
import type { ApiContext } from '../core/context';

/**
 * Rows per query: large enough that a query's overhead is small (about 1 ms), small enough that a
 * batch (its rows and its text, about 0.3 MB) dies young in the garbage collector: with 5,000 the
 * API's resident memory grew by 30 to 75 MB during a 100,000-row export.
 */
export const EXPORT_BATCH = 1_000;
/** Past every tx_index / log_index / trace_index (integer columns: a larger bound would overflow). */
const INT4_MAX = 2_147_483_647;

/** Inclusive block range of a date range (UTC days); null when no block falls inside. */
export async function blockRangeOfDates(
  ctx: ApiContext,
  start: string | null,
  end: string | null,
): Promise<{ from: number; to: number } | null> {
  const fromTs = start ? Date.parse(`${start}T00:00:00Z`) / 1000 : null;
  const toTs = end ? Date.parse(`${end}T00:00:00Z`) / 1000 + 86_400 : null;
  const { rows } = await sql<{ from: number | null; to: number | null }>`
    SELECT
      (SELECT number FROM blocks WHERE ${fromTs === null ? sql`true` : sql`timestamp >= ${fromTs}`} ORDER BY timestamp, number LIMIT 1) AS "from",
      (SELECT number FROM blocks WHERE ${toTs === null ? sql`true` : sql`timestamp < ${toTs}`} ORDER BY timestamp DESC, number DESC LIMIT 1) AS "to"`.execute(
    ctx.db,
  );
  const r = rows[0];
  if (!r || r.from === null || r.to === null || r.from > r.to) return null;
  return { from: Number(r.from), to: Number(r.to) };
}

export interface ExportTxRow {
  hash: string;
  block_number: number;
  timestamp: number;
  from_address: string;
  to_address: string | null;
  contract_address: string | null;
  value: string;
  fee: string;
  status: number;
  tx_type: number;
  method: string | null;
  nonce: number;
}

export async function* transactionRows(
  ctx: ApiContext,
  address: string,
  range: { from: number; to: number },
  batch = EXPORT_BATCH,
): AsyncGenerator<ExportTxRow[]> {
  let after = { block: range.from - 1, index: INT4_MAX };
  for (;;) {
    const { rows } = await sql<ExportTxRow & { tx_index: number }>`
      SELECT t.hash, t.block_number, t.tx_index, t.timestamp, t.from_address, t.to_address, t.contract_address, t.value, t.fee, t.status,
             t.tx_type, t.method, t.nonce
      FROM (
        SELECT a.block_number, a.tx_index FROM address_transactions a
        WHERE a.address = ${address} AND a.block_number <= ${range.to}
          AND (a.block_number, a.tx_index) > (${after.block}, ${after.index})
          AND a.block_number >= ${range.from}
        ORDER BY a.block_number, a.tx_index
        LIMIT ${batch}
      ) k
      JOIN transactions t ON t.block_number = k.block_number AND t.tx_index = k.tx_index
      ORDER BY t.block_number, t.tx_index`.execute(ctx.db);
    const last = rows[rows.length - 1];
    const more = rows.length === batch;
    if (last) after = { block: Number(last.block_number), index: last.tx_index };
    if (rows.length > 0) yield rows.splice(0);
    if (!more) return;
  }
}

export interface ExportTransferRow {
  tx_hash: string;
  block_number: number;
  log_index: number;
  /** An ERC-1155 TransferBatch log's id position (0 for every other transfer): part of the row's key. */
  batch_index: number;
  timestamp: number;
  token_address: string;
  from_address: string;
  to_address: string;
  value: string;
  token_id: string | null;
  name: string | null;
  symbol: string | null;
  decimals: number | null;
}

export async function* tokenTransferRows(
  ctx: ApiContext,
  address: string,
  range: { from: number; to: number },
  batch = EXPORT_BATCH,
): AsyncGenerator<ExportTransferRow[]> {
  let after = { block: range.from - 1, log: INT4_MAX, batch: INT4_MAX };
  for (;;) {
    // Two index range scans (sent, received) merged: an OR would read both lists whole and sort.
    // The key is (block, log, batch_index): one TransferBatch log is several rows, and a batch may end inside it.
    const keyset = sql`(block_number, log_index, batch_index) > (${after.block}, ${after.log}, ${after.batch}) AND block_number <= ${range.to}`;
    const { rows } = await sql<ExportTransferRow>`
      SELECT x.*, c.name, c.symbol, c.decimals FROM (
        (SELECT tx_hash, block_number, log_index, batch_index, timestamp, token_address, from_address, to_address, value, token_id
         FROM token_transfers WHERE from_address = ${address} AND ${keyset} ORDER BY block_number, log_index, batch_index LIMIT ${batch})
        UNION ALL
        (SELECT tx_hash, block_number, log_index, batch_index, timestamp, token_address, from_address, to_address, value, token_id
         FROM token_transfers WHERE to_address = ${address} AND from_address <> ${address} AND ${keyset} ORDER BY block_number, log_index, batch_index LIMIT ${batch})
      ) x LEFT JOIN contracts c ON c.address = x.token_address
      ORDER BY x.block_number, x.log_index, x.batch_index
      LIMIT ${batch}`.execute(ctx.db);
    const last = rows[rows.length - 1];
    const more = rows.length === batch;
    if (last) after = { block: Number(last.block_number), log: last.log_index, batch: last.batch_index };
    if (rows.length > 0) yield rows.splice(0);
    if (!more) return;
  }
}

export interface ExportInternalRow {
  tx_hash: string;
  block_number: number;
  tx_index: number;
  trace_index: number;
  timestamp: number;
  trace_address: string;
  call_type: string;
  from_address: string;
  to_address: string | null;
  value: string;
  error: string | null;
}

export async function* internalRows(
  ctx: ApiContext,
  address: string,
  range: { from: number; to: number },
  batch = EXPORT_BATCH,
): AsyncGenerator<ExportInternalRow[]> {
  let after = { block: range.from - 1, tx: INT4_MAX, trace: INT4_MAX };
  for (;;) {
    const keyset = sql`(block_number, tx_index, trace_index) > (${after.block}, ${after.tx}, ${after.trace}) AND block_number <= ${range.to}`;
    const { rows } = await sql<ExportInternalRow>`
      SELECT * FROM (
        (SELECT tx_hash, block_number, tx_index, trace_index, timestamp, trace_address, call_type, from_address, to_address, value, error
         FROM internal_transactions WHERE from_address = ${address} AND ${keyset} ORDER BY block_number, tx_index, trace_index LIMIT ${batch})
        UNION ALL
        (SELECT tx_hash, block_number, tx_index, trace_index, timestamp, trace_address, call_type, from_address, to_address, value, error
         FROM internal_transactions WHERE to_address = ${address} AND from_address <> ${address} AND ${keyset}
         ORDER BY block_number, tx_index, trace_index LIMIT ${batch})
      ) x
      ORDER BY block_number, tx_index, trace_index
      LIMIT ${batch}`.execute(ctx.db);
    const last = rows[rows.length - 1];
    const more = rows.length === batch;
    if (last) after = { block: Number(last.block_number), tx: last.tx_index, trace: last.trace_index };
    if (rows.length > 0) yield rows.splice(0);
    if (!more) return;
  }
}
