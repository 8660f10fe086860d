/**
 * Home page data and the gas fee. The database part is computed once per block (ctx.cache) and,
 * between blocks, never makes a request wait for its recomputation (see cachedHomeStats); the
 * node's values come from nodeValues.ts, which never waits on a dead node.
 */
import { sql } from 'kysely';
import type { HomeData } from '../../common/api/home';
import type { ApiContext } from '../core/context';
import { nowSeconds, toAmount } from '../core/format';
import { ageOf, feeOf, gasPriceWei, pendingTransactions, type NodeDataAge } from './nodeValues';
import { txSnapshot } from './transactions';

export { transferFee } from './nodeValues';

/** Blocks the average block time is taken over. */
export const AVG_BLOCK_WINDOW = 100;
/**
 * How old the last home stats may be and still answer at once while their recomputation runs
 * (same block only). Past it a request waits, so a database that stays down gives 503s, not
 * ever older numbers.
 */
export const STATS_STALE_MS = 15_000;

const DAY = 86_400;
const HOUR = 3_600;

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
  const rows = await ctx.db
    .selectFrom('blocks')
    .select(['number', 'timestamp'])
    .orderBy('number', 'desc')
    .limit(AVG_BLOCK_WINDOW + 1)
    .execute();
  const newest = rows[0];
  const oldest = rows[rows.length - 1];
  if (!newest || !oldest || newest.number === oldest.number) return 0;
  return Math.round((newest.timestamp - oldest.timestamp) / (newest.number - oldest.number));
}

async function addressCount(ctx: ApiContext): Promise<number> {
  const r = await ctx.db
    .selectFrom('addresses')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

type NodePart = 'fee' | 'feeWei' | 'gasPriceWei' | 'pendingTransactions' | keyof NodeDataAge;

type HomeStats = Omit<HomeData, 'rubyprice' | NodePart>;

/** The last home stats computed per cache, with the block they were computed at. */
const lastStats = new WeakMap<object, { block: number | null; at: number; stats: HomeStats }>();

/**
 * The database's part of the home data (no price, no node values: those move on their own
 * clocks). Between two blocks the cache's age limit recomputes it every few seconds; a request
 * that finds that recomputation running gets the previous stats of the same block at once
 * (nothing new can have been indexed), so no request pays for it, in an outage or not.
 */
export function cachedHomeStats(ctx: ApiContext): Promise<HomeStats> {
  const block = ctx.cache.latestBlock;
  const fresh = ctx.cache.get('home:stats', async () => {
    const stats = await computeHomeStats(ctx);
    lastStats.set(ctx.cache, { block, at: Date.now(), stats });
    return stats;
  });
  const prev = lastStats.get(ctx.cache);
  if (!prev || prev.block !== block || Date.now() - prev.at > STATS_STALE_MS) return fresh;
  // An already settled `fresh` wins the race (its reaction is queued first); a running one loses.
  return Promise.race([fresh, Promise.resolve(prev.stats)]);
}

async function computeHomeStats(ctx: ApiContext): Promise<HomeStats> {
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
