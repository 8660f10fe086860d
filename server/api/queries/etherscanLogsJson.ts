/**
 * getLogs with its answer's JSON built by the database (issue #22): one row comes back holding
 * the `result` array's text, instead of 1,000 rows of 14 columns that Node parses, turns into
 * objects with BigInt hex conversions and serializes again (figures: bench/README.md, Etherscan-style API).
 * The same rows, order and fields as etherscanLogs (etherscanLogs.ts), the numbers as
 * Etherscan's hex quantities (0 is "0x"); gas price and gas used are numeric(78,0): when one does
 * not fit a bigint (to_hex takes no numeric), `fits` is false and the caller falls back to the
 * row path.
 *
 * The same statement reads the hash of the highest stored block at or below the range's end: it
 * names the chain the answer was read from (a reorg below it replaces it), so an answer cached
 * under it stays exact (etherscan/logsCache.ts).
 */
import { sql, type RawBuilder } from 'kysely';
import type { ApiContext } from '../context';
import { topicCondition, type LogFilter } from './etherscanLogs';

export interface LogsJson {
  /** Hash of the highest stored block ≤ toBlock (null: nothing stored yet). */
  topHash: string | null;
  rows: number;
  /** Every gas price and gas used fitted a bigint; `items` is null otherwise. */
  fits: boolean;
  /** The `result` array's items joined by commas, without the brackets; null when no row. */
  items: string | null;
}

/** Etherscan's hex of an integer column: "0x" for 0. */
const hex = (col: RawBuilder<unknown>) => sql`CASE WHEN ${col} = 0 THEN '0x' ELSE '0x' || to_hex(${col}) END`;
/** The same for numeric(78,0), NULL when it is outside bigint (then `fits` is false). */
const hexNumeric = (col: RawBuilder<unknown>) =>
  sql`CASE WHEN ${col} = 0 THEN '0x' WHEN ${col} <= 9223372036854775807 THEN '0x' || to_hex(${col}::bigint) END`;
const str = (col: RawBuilder<unknown>) => sql`to_json(${col})::text`;

/** The highest stored block at or below `toBlock`: the cache key's chain part. */
export async function topBlockHash(ctx: ApiContext, toBlock: number): Promise<string | null> {
  const r = await sql<{ hash: string }>`SELECT hash FROM blocks WHERE number <= ${toBlock} ORDER BY number DESC LIMIT 1`.execute(ctx.db);
  return r.rows[0]?.hash ?? null;
}

export async function etherscanLogsJson(ctx: ApiContext, f: LogFilter): Promise<LogsJson> {
  const topics = topicCondition(f.topics, f.oprs) ?? sql`TRUE`;
  const address = f.address === null ? sql`TRUE` : sql`l.address = ${f.address}`;
  const r = (c: string) => sql.ref(`r.${c}`);
  const item = sql`'{"address":' || ${str(r('address'))}
    || ',"topics":[' || concat_ws(',', ${str(r('topic0'))}, ${str(r('topic1'))}, ${str(r('topic2'))}, ${str(r('topic3'))})
    || '],"data":' || ${str(r('data'))}
    || ',"blockNumber":"' || ${hex(r('block_number'))}
    || '","blockHash":' || ${str(r('block_hash'))}
    || ',"timeStamp":"' || ${hex(r('timestamp'))}
    || '","gasPrice":"' || ${hexNumeric(r('gas_price'))}
    || '","gasUsed":"' || ${hexNumeric(r('gas_used'))}
    || '","logIndex":"' || ${hex(r('log_index'))}
    || '","transactionHash":' || ${str(r('tx_hash'))}
    || ',"transactionIndex":"' || ${hex(r('tx_index'))} || '"}'`;
  const res = await sql<{ top_hash: string | null; rows: number; fits: boolean | null; items: string | null }>`
    WITH p AS (
      SELECT * FROM logs l WHERE l.block_number BETWEEN ${f.fromBlock} AND ${f.toBlock} AND ${address} AND ${topics}
      ORDER BY l.block_number, l.log_index LIMIT ${f.limit} OFFSET ${f.skip}
    ), r AS (
      SELECT p.*, b.hash AS block_hash, b.timestamp, t.effective_gas_price AS gas_price, t.gas_used
      FROM p JOIN blocks b ON b.number = p.block_number
      JOIN transactions t ON t.block_number = p.block_number AND t.tx_index = p.tx_index
    )
    SELECT (SELECT hash FROM blocks WHERE number <= ${f.toBlock} ORDER BY number DESC LIMIT 1) AS top_hash,
      count(*)::int AS rows,
      bool_and(r.gas_price <= 9223372036854775807 AND r.gas_used <= 9223372036854775807) AS fits,
      string_agg(${item}, ',' ORDER BY r.block_number, r.log_index) AS items
    FROM r`.execute(ctx.db);
  const row = res.rows[0];
  if (!row) return { topHash: null, rows: 0, fits: true, items: null };
  const fits = row.fits !== false;
  return { topHash: row.top_hash, rows: row.rows, fits, items: fits ? row.items : null };
}
