/**
 * Home page data and the gas fee. The database part is computed once per block (ctx.cache). The
 * node's values (gas price, pending pool) never hold a page up on a dead node: while nodeHealth
 * says the node is down the last-known values are served at once, marked with their age; while
 * it is up a page waits NODE_WAIT_MS for a fresh value (NODE_TIMEOUT_MS when none is known yet),
 * then answers with the last-known one and lets the read finish for the next request.
 */
import { sql } from 'kysely';
import { RpcError } from '../../chain/rpc';
import type { Known } from '../../chain/nodeHealth';
import type { HomeData } from '../../../common/api/home';
import type { ApiContext } from '../context';
import { nowSeconds, toAmount } from '../format';
import { txSnapshot } from './transactions';

/** Gas of a plain coin transfer: the fee shown is gas price × this. */
export const TRANSFER_GAS = 21_000n;
/** Blocks the average block time is taken over. */
export const AVG_BLOCK_WINDOW = 100;
/**
 * How long a page waits for a fresh node value when a last-known one can stand in (a node
 * nearby answers in a few ms; a slower one's answer serves the next request).
 */
export const NODE_WAIT_MS = 50;
/** How long a page waits for the node when no value is known yet (the first request after start). */
export const NODE_TIMEOUT_MS = 3_000;

const DAY = 86_400;
const HOUR = 3_600;

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** `p`'s value, or null when it has not settled within `ms`. */
async function within<T>(p: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    return await Promise.race([p, late]);
  } finally {
    clearTimeout(timer);
  }
}

interface Refresh<T> {
  startedAt: number;
  /** The fresh value (also remembered as last-known), or null when the read failed. Never rejects. */
  done: Promise<Known<T> | null>;
}

/** One read of a node value per block (single flight through ctx.cache). */
function refresh<T>(ctx: ApiContext, key: string, read: () => Promise<T>): Promise<Refresh<T>> {
  return ctx.cache.get(`node:${key}`, async () => ({
    startedAt: Date.now(),
    done: read().then(
      (value) => ctx.nodeHealth.remember(key, value),
      (err: unknown) => {
        ctx.log(`api: ${key} failed: ${describe(err)}`);
        return null;
      },
    ),
  }));
}

/** A node value for this answer: fresh when the node answers in time, else the last-known one. */
async function nodeValue<T>(ctx: ApiContext, key: string, read: () => Promise<T>): Promise<Known<T> | null> {
  const known = ctx.nodeHealth.recall<T>(key);
  if (!ctx.nodeHealth.reachable) return known;
  // A first missed probe: read in the background, answer with what is known at once.
  if (known && ctx.nodeHealth.doubtful) {
    void refresh(ctx, key, read);
    return known;
  }
  const r = await refresh(ctx, key, read);
  // Measured from the start of the shared read, so a burst waits once in all, not once each.
  const budget = (known ? NODE_WAIT_MS : NODE_TIMEOUT_MS) - (Date.now() - r.startedAt);
  const fresh = budget > 0 ? await within(r.done, budget) : null;
  return fresh ?? ctx.nodeHealth.recall<T>(key);
}

/** The node's gas price in wei and when it was read, or null when the node never answered. */
export function gasPriceWei(ctx: ApiContext): Promise<Known<bigint> | null> {
  return nodeValue(ctx, 'eth_gasPrice', async () => BigInt(await ctx.rpc.call<string>('eth_gasPrice')));
}

const METHOD_MISSING = new Set([-32601, -32600]);

/**
 * Transactions waiting in the node's pool (txpool_status `pending`) and when read; 0 when the
 * node has no such method, null when it never answered.
 */
export function pendingTransactions(ctx: ApiContext): Promise<Known<number> | null> {
  return nodeValue(ctx, 'txpool_status', async () => {
    try {
      const st = await ctx.rpc.call<{ pending?: string | number } | null>('txpool_status');
      const p = st?.pending;
      if (p === undefined || p === null) return 0;
      const n = Number(typeof p === 'string' ? BigInt(p) : p);
      return Number.isSafeInteger(n) && n >= 0 ? n : 0;
    } catch (err) {
      if (err instanceof RpcError && (METHOD_MISSING.has(err.code) || /not (found|supported|available)|unsupported|does not exist/i.test(err.message))) return 0;
      throw err;
    }
  });
}

export interface NodeDataAge {
  nodeReachable: boolean;
  nodeDataAsOf: number | null;
  nodeDataAge: number | null;
}

/** Whether the node answers now, and when the oldest of these values was read. */
function ageOf(ctx: ApiContext, values: ReadonlyArray<Known<unknown> | null>): NodeDataAge {
  const times = values.filter((v): v is Known<unknown> => v !== null).map((v) => v.at);
  const oldest = times.length > 0 ? Math.min(...times) : null;
  return {
    nodeReachable: ctx.nodeHealth.reachable,
    nodeDataAsOf: oldest === null ? null : Math.floor(oldest / 1000),
    nodeDataAge: oldest === null ? null : Math.max(0, Math.floor((Date.now() - oldest) / 1000)),
  };
}

interface Fee { fee: number | null; feeWei: string | null; gasPriceWei: string | null }

function feeOf(price: Known<bigint> | null): Fee {
  if (price === null) return { fee: null, feeWei: null, gasPriceWei: null };
  const wei = price.value * TRANSFER_GAS;
  return { fee: toAmount(wei), feeWei: wei.toString(), gasPriceWei: price.value.toString() };
}

/** The fee of a coin transfer at the gas price (wei and RUBY), with the value's age; nulls when never known. */
export async function transferFee(ctx: ApiContext): Promise<Fee & NodeDataAge> {
  const price = await gasPriceWei(ctx);
  return { ...feeOf(price), ...ageOf(ctx, [price]) };
}

/** Transactions and fees of the last 24 hours: whole hours from hourly_stats, the partial first hour from the transactions. */
async function lastDay(ctx: ApiContext): Promise<{ count: number; feesWei: bigint }> {
  const cutoff = nowSeconds() - DAY;
  const firstFullHour = Math.ceil(cutoff / HOUR) * HOUR;
  const r = await sql<{ n1: number | null; f1: string | null; n2: number | null; f2: string | null }>`
    WITH hours AS (
      SELECT coalesce(sum(tx_count), 0)::bigint AS n1, coalesce(sum(total_fee), 0) AS f1 FROM hourly_stats WHERE hour_start >= ${firstFullHour}
    ), edge AS (
      SELECT count(*)::bigint AS n2, coalesce(sum(fee), 0) AS f2 FROM transactions
      WHERE block_number >= (SELECT min(number) FROM blocks WHERE timestamp >= ${cutoff})
        AND block_number < coalesce((SELECT min(number) FROM blocks WHERE timestamp >= ${firstFullHour}), (SELECT max(number) + 1 FROM blocks))
    )
    SELECT n1, f1, n2, f2 FROM hours, edge`.execute(ctx.db);
  const row = r.rows[0];
  return {
    count: Number(row?.n1 ?? 0) + Number(row?.n2 ?? 0),
    feesWei: BigInt(row?.f1 ?? '0') + BigInt(row?.f2 ?? '0'),
  };
}

/** Average seconds between the last AVG_BLOCK_WINDOW blocks, whole seconds (0 with fewer than 2 blocks). */
async function avgBlockTime(ctx: ApiContext): Promise<number> {
  const rows = await ctx.db.selectFrom('blocks').select(['number', 'timestamp']).orderBy('number', 'desc').limit(AVG_BLOCK_WINDOW + 1).execute();
  const newest = rows[0];
  const oldest = rows[rows.length - 1];
  if (!newest || !oldest || newest.number === oldest.number) return 0;
  return Math.round((newest.timestamp - oldest.timestamp) / (newest.number - oldest.number));
}

async function addressCount(ctx: ApiContext): Promise<number> {
  const r = await ctx.db.selectFrom('addresses').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(r?.n ?? 0);
}

type NodePart = 'fee' | 'feeWei' | 'gasPriceWei' | 'pendingTransactions' | keyof NodeDataAge;

/** The database's part of the home data (no price, no node values: those move on their own clocks). */
export function cachedHomeStats(ctx: ApiContext): Promise<Omit<HomeData, 'rubyprice' | NodePart>> {
  return ctx.cache.get('home:stats', async () => {
    const snap = await txSnapshot(ctx);
    const day = await lastDay(ctx);
    const avg = await avgBlockTime(ctx);
    const addresses = await addressCount(ctx);
    const avgFeeWei = day.count > 0 ? day.feesWei / BigInt(day.count) : 0n;
    return {
      latestBlockNumber: snap.head,
      trx_length: snap.total,
      totaladdress: addresses,
      twentyFourHoursAgotxn: day.count,
      totalFees24Hours: toAmount(day.feesWei),
      totalFees24HoursWei: day.feesWei.toString(),
      avgFee24Hours: toAmount(avgFeeWei),
      avgFee24HoursWei: avgFeeWei.toString(),
      avgBlockTime: avg,
    };
  });
}

export async function homeData(ctx: ApiContext): Promise<HomeData> {
  const [stats, price, pending] = await Promise.all([cachedHomeStats(ctx), gasPriceWei(ctx), pendingTransactions(ctx)]);
  return {
    ...stats,
    ...feeOf(price),
    pendingTransactions: pending?.value ?? null,
    rubyprice: ctx.price.usd(),
    ...ageOf(ctx, [price, pending]),
  };
}
