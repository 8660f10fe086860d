/**
 * The Etherscan-style lists of value moved inside transactions: internal transactions
 * (txlistinternal by address, by transaction or by block range) and token transfers
 * (tokentx / tokennfttx by address, by token or both), one page each in block order.
 * Indexes: internal_transactions_{from,to}_idx and its primary key (block_number, tx_index,
 * trace_index); token_transfers_{from,to,token}_idx and its primary key (block_number, log_index).
 */
import { sql, type RawBuilder } from 'kysely';
import type { ApiContext } from '../core/context';
import { CUMULATIVE_CTE, dirOf, type EsRange } from './etherscanAccount';

export interface EsInternalRow {
  block_number: number;
  timestamp: number;
  tx_hash: string;
  trace_address: string;
  call_type: string;
  from_address: string;
  to_address: string | null;
  value: string;
  gas: string | null;
  gas_used: string | null;
  input: string | null;
  error: string | null;
}

const INTERNAL_SELECT = sql`i.block_number, i.timestamp, i.tx_hash, i.trace_address, i.call_type, i.from_address, i.to_address,
  i.value::text AS value, i.gas::text AS gas, i.gas_used::text AS gas_used, i.input, i.error`;

export type InternalFilter = { address: string } | { txHash: string } | { blocks: true };

export async function etherscanInternal(ctx: ApiContext, f: InternalFilter, r: EsRange): Promise<EsInternalRow[]> {
  const dir = dirOf(r);
  const order = sql`ORDER BY i.block_number ${dir}, i.tx_index ${dir}, i.trace_index ${dir} LIMIT ${r.limit} OFFSET ${r.skip}`;
  if ('txHash' in f) {
    // The transaction's position (primary key), then its calls by the internal primary key's prefix.
    return (
      await sql<EsInternalRow>`SELECT ${INTERNAL_SELECT} FROM transactions t
      JOIN internal_transactions i ON i.block_number = t.block_number AND i.tx_index = t.tx_index
      WHERE t.hash = ${f.txHash} ${order}`.execute(ctx.db)
    ).rows;
  }
  const range = sql`i.block_number BETWEEN ${r.startBlock} AND ${r.endBlock}`;
  if ('blocks' in f) {
    return (await sql<EsInternalRow>`SELECT ${INTERNAL_SELECT} FROM internal_transactions i WHERE ${range} ${order}`.execute(ctx.db)).rows;
  }
  // From and to ranges apart (each an index range), a self call once; merged and paged together.
  const reach = r.skip + r.limit;
  const part = (cond: RawBuilder<unknown>) => sql`(SELECT * FROM internal_transactions i WHERE ${cond} AND ${range}
    ORDER BY i.block_number ${dir}, i.tx_index ${dir}, i.trace_index ${dir} LIMIT ${reach})`;
  return (
    await sql<EsInternalRow>`SELECT ${INTERNAL_SELECT} FROM (
      ${part(sql`i.from_address = ${f.address}`)} UNION ALL
      ${part(sql`i.to_address = ${f.address} AND i.from_address <> ${f.address}`)}
    ) i ${order}`.execute(ctx.db)
  ).rows;
}

export interface EsTransferRow {
  block_number: number;
  timestamp: number;
  tx_hash: string;
  nonce: number;
  block_hash: string;
  from_address: string;
  token_address: string;
  to_address: string;
  value: string;
  token_id: string | null;
  name: string | null;
  symbol: string | null;
  decimals: number | null;
  tx_index: number;
  gas: string;
  gas_price: string;
  gas_used: string;
  cumulative_gas_used: string;
}

export interface TransferFilter {
  address: string | null;
  token: string | null;
  nft: boolean;
}

export async function etherscanTokenTransfers(ctx: ApiContext, f: TransferFilter, r: EsRange): Promise<EsTransferRow[]> {
  const dir = dirOf(r);
  const reach = r.skip + r.limit;
  const kind = f.nft ? sql`tt.token_id IS NOT NULL` : sql`tt.token_id IS NULL`;
  const token = f.token === null ? sql`TRUE` : sql`tt.token_address = ${f.token}`;
  const range = sql`tt.block_number BETWEEN ${r.startBlock} AND ${r.endBlock}`;
  const part = (cond: RawBuilder<unknown>) => sql`(SELECT * FROM token_transfers tt WHERE ${cond} AND ${token} AND ${kind} AND ${range}
    ORDER BY tt.block_number ${dir}, tt.log_index ${dir} LIMIT ${reach})`;
  const source =
    f.address === null
      ? part(sql`TRUE`)
      : sql`${part(sql`tt.from_address = ${f.address}`)} UNION ALL ${part(sql`tt.to_address = ${f.address} AND tt.from_address <> ${f.address}`)}`;
  return (
    await sql<EsTransferRow>`
    WITH p AS (SELECT * FROM (${source}) tt ORDER BY tt.block_number ${dir}, tt.log_index ${dir} LIMIT ${r.limit} OFFSET ${r.skip}),
    ${CUMULATIVE_CTE}
    SELECT p.block_number, p.timestamp, p.tx_hash, t.nonce, b.hash AS block_hash, p.from_address, p.token_address, p.to_address,
      p.value::text AS value, p.token_id::text AS token_id, c.name, c.symbol, c.decimals, t.tx_index, t.gas::text AS gas,
      t.effective_gas_price::text AS gas_price, t.gas_used::text AS gas_used, cum.cumulative::text AS cumulative_gas_used
    FROM p JOIN transactions t ON t.block_number = p.block_number AND t.tx_index = p.tx_index
    JOIN blocks b ON b.number = p.block_number
    JOIN cum ON cum.block_number = p.block_number AND cum.tx_index = p.tx_index
    LEFT JOIN contracts c ON c.address = p.token_address
    ORDER BY p.block_number ${dir}, p.log_index ${dir}`.execute(ctx.db)
  ).rows;
}
