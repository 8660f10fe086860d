/**
 * The advanced filter over transactions, internal transfers and token transfers together, newest
 * first, one keyset page at a time. Each kind is its own part (its own index, its own ORDER BY
 * and LIMIT), and the parts are merged on the same key: block, transaction index, kind rank
 * (a transaction before its internal transfers before its token transfers), index, batch index.
 * The cursor is the last row's key, so a later page costs what the first does.
 *
 * What a row is: a transaction (to = its recipient, or the contract it created); an internal
 * call that moves coin (value > 0, not a delegate or static call); a token transfer (an NFT when
 * it carries a token id). Method and status are the transaction's; an internal transfer also
 * fails when its own call failed. Amounts are compared in the row's asset's whole units.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { FilterCursor, FilterSpec } from '../../common/advancedFilter';
import type { ApiContext } from '../core/context';
import { blockRangeOfDates } from './exportRows';

export interface FilterRow {
  kind: 'tx' | 'internal' | 'token' | 'nft';
  rank: number;
  block_number: number;
  tx_index: number;
  idx: number;
  sub: number;
  hash: string;
  timestamp: number;
  from_address: string;
  to_address: string | null;
  value: string;
  token_address: string | null;
  token_id: string | null;
  ok: boolean;
  method: string | null;
  method_id: string;
  token_name: string | null;
  token_symbol: string | null;
  token_decimals: number | null;
}

export const keyOf = (r: FilterRow): FilterCursor => [Number(r.block_number), r.tx_index, r.rank, r.idx, r.sub];

/** Token contracts among `tokens` that are not known tokens (fungible or NFT). */
export async function unknownTokens(ctx: ApiContext, tokens: string[]): Promise<string[]> {
  if (tokens.length === 0) return [];
  const known = await ctx.db
    .selectFrom('contracts')
    .select('address')
    .where('address', 'in', tokens)
    .where((eb) => eb.or([eb('contract_type', '=', 'rbc20'), eb('is_nft', '=', true)]))
    .execute();
  const set = new Set(known.map((k) => k.address));
  return tokens.filter((t) => !set.has(t));
}

/** The inclusive block range of a filter's blocks and dates; null when none can match. */
export async function filterRange(ctx: ApiContext, spec: FilterSpec): Promise<{ from: number; to: number } | null> {
  let from = spec.fromBlock ?? 0;
  let to = spec.toBlock ?? Number.MAX_SAFE_INTEGER;
  if (spec.fromDate !== null || spec.toDate !== null) {
    const dates = await blockRangeOfDates(ctx, spec.fromDate, spec.toDate);
    if (!dates) return null;
    from = Math.max(from, dates.from);
    to = Math.min(to, dates.to);
  }
  return from <= to ? { from, to } : null;
}

const and = (conds: RawBuilder<SqlBool>[]): RawBuilder<SqlBool> =>
  conds.length ? sql<SqlBool>`${sql.join(conds, sql` AND `)}` : sql`true`;

function addressCond(spec: FilterSpec, from: RawBuilder<unknown>, to: RawBuilder<unknown>): RawBuilder<SqlBool> | null {
  const f = spec.from.length ? sql<SqlBool>`${from} = ANY(${spec.from}::text[])` : null;
  const t = spec.to.length ? sql<SqlBool>`${to} = ANY(${spec.to}::text[])` : null;
  if (f && t) return spec.mode === 'or' ? sql<SqlBool>`(${f} OR ${t})` : sql<SqlBool>`(${f} AND ${t})`;
  return f ?? t;
}

/** The transaction's method: any of the selectors or names. */
function methodCond(spec: FilterSpec): RawBuilder<SqlBool> | null {
  if (spec.methods.length === 0) return null;
  const selectors = spec.methods.flatMap((m) => (m.selector ? [m.selector] : []));
  const names = spec.methods.flatMap((m) => (m.name ? [m.name.toLowerCase()] : []));
  // Only the arms asked for: an empty arm would keep an index on either side from being used.
  const bySelector = sql<SqlBool>`left(t.input, 10) = ANY(${selectors}::text[])`;
  const byName = sql<SqlBool>`lower(t.method) = ANY(${names}::text[])`;
  if (names.length === 0) return bySelector;
  if (selectors.length === 0) return byName;
  return sql<SqlBool>`(${bySelector} OR ${byName})`;
}

function amountCond(spec: FilterSpec, value: RawBuilder<unknown>, decimals: RawBuilder<unknown>): RawBuilder<SqlBool>[] {
  const out: RawBuilder<SqlBool>[] = [];
  if (spec.min !== null) out.push(sql<SqlBool>`${value} >= ${spec.min}::numeric * power(10::numeric, ${decimals})`);
  if (spec.max !== null) out.push(sql<SqlBool>`${value} <= ${spec.max}::numeric * power(10::numeric, ${decimals})`);
  return out;
}

/** Rows strictly after the cursor in newest-first order; the first test bounds the index scan. */
function keysetCond(c: FilterCursor | null, block: string, rank: number, idx: RawBuilder<unknown>, sub: RawBuilder<unknown>) {
  if (!c) return [];
  const b = sql.ref(`${block}.block_number`);
  const ti = sql.ref(`${block}.tx_index`);
  return [
    sql<SqlBool>`(${b}, ${ti}) <= (${c[0]}::bigint, ${c[1]}::int)`,
    sql<SqlBool>`(${b}, ${ti}, ${rank}::int, ${idx}, ${sub}) < (${c[0]}::bigint, ${c[1]}::int, ${c[2]}::int, ${c[3]}::int, ${c[4]}::int)`,
  ];
}

function statusCond(spec: FilterSpec, ok: RawBuilder<unknown>): RawBuilder<SqlBool>[] {
  if (spec.status === null) return [];
  return [spec.status === 'success' ? sql<SqlBool>`${ok}` : sql<SqlBool>`NOT ${ok}`];
}

function rangeCond(alias: string, range: { from: number; to: number }): RawBuilder<SqlBool>[] {
  const b = sql.ref(`${alias}.block_number`);
  const out = [];
  if (range.from > 0) out.push(sql<SqlBool>`${b} >= ${range.from}`);
  if (range.to < Number.MAX_SAFE_INTEGER) out.push(sql<SqlBool>`${b} <= ${range.to}`);
  return out;
}

const TX_COLS = sql`t.hash, t.timestamp, t.method, left(t.input, 10) AS method_id`;

function txPart(spec: FilterSpec, range: { from: number; to: number }, limit: number) {
  const to = sql`coalesce(t.to_address, t.contract_address)`;
  const ok = sql`(t.status = 1)`;
  const conds = [
    addressCond(spec, sql`t.from_address`, to),
    methodCond(spec),
    ...statusCond(spec, ok),
    ...amountCond(spec, sql`t.value`, sql`18`),
    ...rangeCond('t', range),
    ...keysetCond(spec.cursor, 't', 2, sql`0`, sql`0`),
  ].filter((c) => c !== null);
  return sql`(SELECT 'tx' AS kind, 2 AS rank, t.block_number, t.tx_index, 0 AS idx, 0 AS sub, ${TX_COLS}, t.from_address, ${to} AS to_address,
      t.value, NULL::text AS token_address, NULL::numeric AS token_id, ${ok} AS ok, NULL::text AS token_name, NULL::text AS token_symbol,
      NULL::int AS token_decimals
    FROM transactions t WHERE ${and(conds)}
    ORDER BY t.block_number DESC, t.tx_index DESC LIMIT ${limit})`;
}

function internalPart(spec: FilterSpec, range: { from: number; to: number }, limit: number) {
  const ok = sql`(t.status = 1 AND i.error IS NULL)`;
  const conds = [
    sql<SqlBool>`i.value > 0 AND i.call_type NOT IN ('delegatecall', 'staticcall')`,
    addressCond(spec, sql`i.from_address`, sql`i.to_address`),
    methodCond(spec),
    ...statusCond(spec, ok),
    ...amountCond(spec, sql`i.value`, sql`18`),
    ...rangeCond('i', range),
    ...keysetCond(spec.cursor, 'i', 1, sql`i.trace_index`, sql`0`),
  ].filter((c) => c !== null);
  return sql`(SELECT 'internal' AS kind, 1 AS rank, i.block_number, i.tx_index, i.trace_index AS idx, 0 AS sub, ${TX_COLS}, i.from_address,
      i.to_address, i.value, NULL::text AS token_address, NULL::numeric AS token_id, ${ok} AS ok, NULL::text AS token_name,
      NULL::text AS token_symbol, NULL::int AS token_decimals
    FROM internal_transactions i JOIN transactions t ON t.block_number = i.block_number AND t.tx_index = i.tx_index
    WHERE ${and(conds)}
    ORDER BY i.block_number DESC, i.tx_index DESC, i.trace_index DESC LIMIT ${limit})`;
}

function tokenPart(spec: FilterSpec, range: { from: number; to: number }, limit: number) {
  const ok = sql`(t.status = 1)`;
  const fungible = spec.kinds.includes('token');
  const nft = spec.kinds.includes('nft');
  const decimals = sql`CASE WHEN x.token_id IS NULL THEN coalesce(c.decimals, 18) ELSE 0 END`;
  const conds = [
    fungible && nft ? null : fungible ? sql<SqlBool>`x.token_id IS NULL` : sql<SqlBool>`x.token_id IS NOT NULL`,
    spec.tokens.length ? sql<SqlBool>`x.token_address = ANY(${spec.tokens}::text[])` : null,
    addressCond(spec, sql`x.from_address`, sql`x.to_address`),
    methodCond(spec),
    ...statusCond(spec, ok),
    ...amountCond(spec, sql`x.value`, decimals),
    ...rangeCond('x', range),
    ...keysetCond(spec.cursor, 'x', 0, sql`x.log_index`, sql`x.batch_index`),
  ].filter((c) => c !== null);
  return sql`(SELECT CASE WHEN x.token_id IS NULL THEN 'token' ELSE 'nft' END AS kind, 0 AS rank, x.block_number, x.tx_index,
      x.log_index AS idx, x.batch_index AS sub, ${TX_COLS}, x.from_address, x.to_address, x.value, x.token_address, x.token_id, ${ok} AS ok,
      c.name AS token_name, c.symbol AS token_symbol, ${decimals} AS token_decimals
    FROM token_transfers x JOIN transactions t ON t.block_number = x.block_number AND t.tx_index = x.tx_index
    LEFT JOIN contracts c ON c.address = x.token_address
    WHERE ${and(conds)}
    ORDER BY x.block_number DESC, x.tx_index DESC, x.log_index DESC, x.batch_index DESC LIMIT ${limit})`;
}

/** The filter's parts, one statement each: the kinds it asks for (token and NFT transfers are one part). */
export type FilterPart = 'tx' | 'internal' | 'token';
const PARTS = { tx: txPart, internal: internalPart, token: tokenPart };

export function filterParts(spec: FilterSpec): FilterPart[] {
  const parts: FilterPart[] = [];
  if (spec.kinds.includes('tx')) parts.push('tx');
  if (spec.kinds.includes('internal')) parts.push('internal');
  if (spec.kinds.includes('token') || spec.kinds.includes('nft')) parts.push('token');
  return parts;
}

/** Up to `limit` rows of the filter after its cursor, newest first, within `range`. */
export async function filterRows(
  ctx: ApiContext,
  spec: FilterSpec,
  range: { from: number; to: number },
  limit: number,
): Promise<FilterRow[]> {
  const parts = filterParts(spec).map((p) => PARTS[p](spec, range, limit));
  if (parts.length === 0) return [];
  const { rows } = await sql<FilterRow>`SELECT * FROM (${sql.join(parts, sql` UNION ALL `)}) u
    ORDER BY block_number DESC, tx_index DESC, rank DESC, idx DESC, sub DESC LIMIT ${limit}`.execute(ctx.db);
  return rows;
}

/** Up to `limit` rows of one part of the filter after its cursor, newest first (that part's own statement, no merge). */
export async function filterPartRows(
  ctx: ApiContext,
  part: FilterPart,
  spec: FilterSpec,
  range: { from: number; to: number },
  limit: number,
): Promise<FilterRow[]> {
  const { rows } = await sql<FilterRow>`${PARTS[part](spec, range, limit)}`.execute(ctx.db);
  return rows;
}
