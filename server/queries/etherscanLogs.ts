/**
 * getLogs: event logs in a block range, by emitting address and/or topics combined with and/or,
 * oldest first, one page (Etherscan answers at most 1,000 per call). With an address the range
 * is read from logs_address_idx, with topic0 from logs_topic0_idx (008_etherscan.sql), otherwise
 * from the primary key (block_number, log_index); the planner picks among them.
 */
import { sql, type RawBuilder } from 'kysely';
import type { ApiContext } from '../core/context';

export interface LogFilter {
  fromBlock: number;
  toBlock: number;
  address: string | null;
  /** topic0..3; null = any. */
  topics: ReadonlyArray<string | null>;
  /** Operator between consecutive given topics, keyed "i_j" (topic i, topic j). */
  oprs: Readonly<Record<string, 'and' | 'or'>>;
  skip: number;
  limit: number;
}

export interface EsLogRow {
  address: string;
  topic0: string | null;
  topic1: string | null;
  topic2: string | null;
  topic3: string | null;
  data: string;
  block_number: number;
  block_hash: string;
  timestamp: number;
  gas_price: string;
  gas_used: string;
  log_index: number;
  tx_hash: string;
  tx_index: number;
  /** Hash of the highest stored block ≤ toBlock, read by the same statement (etherscan/logsCache.ts). */
  top_hash: string;
}

const TOPIC_COLUMNS = ['topic0', 'topic1', 'topic2', 'topic3'] as const;

/**
 * The topic condition, folded left to right: ((t_a op t_b) op t_c)…, each operator the one the
 * caller gave for that pair (topicA_B_opr), "and" when absent.
 */
export function topicCondition(topics: LogFilter['topics'], oprs: LogFilter['oprs']): RawBuilder<unknown> | null {
  let cond: RawBuilder<unknown> | null = null;
  let prev = -1;
  topics.forEach((t, i) => {
    if (t === null) return;
    const here = sql`l.${sql.ref(TOPIC_COLUMNS[i] as string)} = ${t}`;
    if (cond === null) cond = here;
    else cond = (oprs[`${prev}_${i}`] ?? 'and') === 'or' ? sql`(${cond} OR ${here})` : sql`(${cond} AND ${here})`;
    prev = i;
  });
  return cond;
}

export async function etherscanLogs(ctx: ApiContext, f: LogFilter): Promise<EsLogRow[]> {
  const topics = topicCondition(f.topics, f.oprs) ?? sql`TRUE`;
  const address = f.address === null ? sql`TRUE` : sql`l.address = ${f.address}`;
  return (
    await sql<EsLogRow>`
    WITH p AS (
      SELECT * FROM logs l WHERE l.block_number BETWEEN ${f.fromBlock} AND ${f.toBlock} AND ${address} AND ${topics}
      ORDER BY l.block_number, l.log_index LIMIT ${f.limit} OFFSET ${f.skip}
    )
    SELECT p.address, p.topic0, p.topic1, p.topic2, p.topic3, p.data, p.block_number, b.hash AS block_hash, b.timestamp,
      t.effective_gas_price::text AS gas_price, t.gas_used::text AS gas_used, p.log_index, p.tx_hash, p.tx_index,
      (SELECT hash FROM blocks WHERE number <= ${f.toBlock} ORDER BY number DESC LIMIT 1) AS top_hash
    FROM p JOIN blocks b ON b.number = p.block_number
    JOIN transactions t ON t.block_number = p.block_number AND t.tx_index = p.tx_index
    ORDER BY p.block_number, p.log_index`.execute(ctx.db)
  ).rows;
}

/** The highest stored block at or below `toBlock`: the chain part of a cached answer's key. */
export async function topBlockHash(ctx: ApiContext, toBlock: number): Promise<string | null> {
  const r = await sql<{ hash: string }>`SELECT hash FROM blocks WHERE number <= ${toBlock} ORDER BY number DESC LIMIT 1`.execute(ctx.db);
  return r.rows[0]?.hash ?? null;
}
