/**
 * The rows of the Logs tab (one transaction's logs, in block order) and of the Events tab (one
 * contract's logs, newest first, paged), decoded by ../logDecode.ts with the verified ABIs of the
 * emitting contracts (one query for all of them).
 *
 * A transaction's logs are read by (block_number, tx_index) within the block's primary-key range:
 * migration 006 dropped the tx_hash index. An address's by logs_address_idx (migration 008).
 */
import type { LogItem } from '../../common/api/logs';
import type { ApiContext } from '../core/context';
import { isoTime, rubyAddress } from '../core/format';
import { sql } from 'kysely';
import { decodeLog, verifiedTable } from '../core/logDecode';
import { checkPageDepth, type Page } from '../core/params';

/** A stored log with its block's time (the Etherscan-style getLogs rows are one too). */
export interface LogRow {
  block_number: number | string;
  log_index: number;
  tx_hash: string;
  address: string;
  timestamp: number | string;
  topic0: string | null;
  topic1: string | null;
  topic2: string | null;
  topic3: string | null;
  data: string;
}

type Table = ReturnType<typeof verifiedTable>;
/** Parsed verified ABIs by address, per API. Only hits are kept: a contract verified later is seen at once. */
const abiCaches = new WeakMap<ApiContext, Map<string, Table>>();
const ABI_CACHE_MAX = 500;

async function tablesFor(ctx: ApiContext, addresses: string[]): Promise<Map<string, Table>> {
  const out = new Map<string, Table>();
  let abiCache = abiCaches.get(ctx);
  if (!abiCache) abiCaches.set(ctx, (abiCache = new Map()));
  const missing = addresses.filter((a) => {
    const hit = abiCache.get(a);
    if (hit) out.set(a, hit);
    return !hit;
  });
  if (missing.length === 0) return out;
  const rows: Array<{ address: string; abi: unknown }> = await ctx.db
    .selectFrom('contract_sources')
    .select(['address', 'abi'])
    .where('address', 'in', missing)
    .execute();
  // A proxy's events come from its implementation's code: decode them with that contract's verified ABI.
  const unverified = missing.filter((a) => !rows.some((r) => r.address === a));
  if (unverified.length > 0) {
    const viaProxy = await sql<{ address: string; abi: unknown }>`
      SELECT p.address, s.abi FROM contract_proxies p JOIN contract_sources s ON s.address = p.implementation
      WHERE p.address IN (${sql.join(unverified)})`.execute(ctx.db);
    rows.push(...viaProxy.rows);
  }
  for (const r of rows) {
    const table = verifiedTable(r.abi);
    if (!table) continue;
    if (abiCache.size >= ABI_CACHE_MAX) abiCache.clear();
    abiCache.set(r.address, table);
    out.set(r.address, table);
  }
  return out;
}

/** Log rows as the API answers them, decoded where an ABI is known. */
export async function logItems(ctx: ApiContext, rows: LogRow[]): Promise<LogItem[]> {
  const tables = await tablesFor(ctx, [...new Set(rows.map((r) => r.address))]);
  return rows.map((r) => {
    const topics = [r.topic0, r.topic1, r.topic2, r.topic3].filter((t): t is string => t !== null);
    const timestamp = Number(r.timestamp);
    return {
      logIndex: r.log_index,
      blockNumber: Number(r.block_number),
      timestamp,
      createdAt: isoTime(timestamp),
      hash: r.tx_hash,
      address: rubyAddress(r.address),
      topics,
      data: r.data,
      decoded: decodeLog({ address: r.address, topics, data: r.data }, tables.get(r.address) ?? null),
    };
  });
}

const LOG_COLUMNS = [
  'l.block_number',
  'l.log_index',
  'l.tx_hash',
  'l.address',
  'l.topic0',
  'l.topic1',
  'l.topic2',
  'l.topic3',
  'l.data',
  'b.timestamp',
] as const;

/** Every log of a transaction in block order; null when the transaction is not indexed. */
export async function transactionLogs(ctx: ApiContext, hash: string): Promise<LogItem[] | null> {
  const tx = await ctx.db.selectFrom('transactions').select(['block_number', 'tx_index']).where('hash', '=', hash).executeTakeFirst();
  if (!tx) return null;
  const rows = await ctx.db
    .selectFrom('logs as l')
    .innerJoin('blocks as b', 'b.number', 'l.block_number')
    .select(LOG_COLUMNS)
    .where('l.block_number', '=', tx.block_number)
    .where('l.tx_index', '=', tx.tx_index)
    .orderBy('l.log_index')
    .execute();
  return logItems(ctx, rows);
}

/**
 * One page of the logs a contract emitted, newest first, and how many there are in all. The
 * page's keys come from an index-only scan of logs_address_idx (OFFSET skips index entries, never
 * rows), read from the nearer end (the last page costs what the first does), and no page may lie
 * deeper than MAX_PAGE_DEPTH rows from both ends (a 400): four deep pages used to hold the whole
 * API for 30 s.
 */
export async function addressEvents(ctx: ApiContext, address: string, page: Page): Promise<{ items: LogItem[]; total: number }> {
  const count = await ctx.db
    .selectFrom('logs')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('address', '=', address)
    .executeTakeFirstOrThrow();
  const total = Number(count.n);
  if (page.offset >= total) return { items: [], total };
  checkPageDepth(page, total);
  const fromOldest = page.offset + page.size / 2 > total / 2;
  const dir = fromOldest ? 'asc' : 'desc';
  const keys = ctx.db
    .selectFrom('logs')
    .select(['block_number', 'log_index'])
    .where('address', '=', address)
    .orderBy('block_number', dir)
    .orderBy('log_index', dir)
    .limit(fromOldest ? Math.min(page.size, total - page.offset) : page.size)
    .offset(fromOldest ? Math.max(0, total - page.offset - page.size) : page.offset)
    .as('p');
  const rows = await ctx.db
    .selectFrom(keys)
    .innerJoin('logs as l', (j) => j.onRef('l.block_number', '=', 'p.block_number').onRef('l.log_index', '=', 'p.log_index'))
    .innerJoin('blocks as b', 'b.number', 'l.block_number')
    .select(LOG_COLUMNS)
    .orderBy('l.block_number', 'desc')
    .orderBy('l.log_index', 'desc')
    .execute();
  return { items: await logItems(ctx, rows), total };
}
