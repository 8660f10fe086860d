/**
 * Chart data, once per block: the last 24 hours from hourly_stats (one point per hour, missing
 * hours as zeros) and contract deployments per day over the last 14 days.
 *
 * "Now" is the later of the wall clock and the newest block's time, so the newest block always
 * falls in the last bucket even when the node's clock runs ahead.
 */
import { sql } from 'kysely';
import type { GraphBucket, DeployRecord, HourlyPoint } from '../../common/api/charts';
import type { ApiContext } from '../core/context';
import { isoTime, nowSeconds, rubyAddress, toAmount } from '../core/format';
import { displayName } from './displayName';

export const GRAPH_HOURS = 24;
export const DEPLOY_DAYS = 14;
/** Newest deployments listed beside the deploy charts (spec: home lists 8). */
export const DEPLOY_LIST = 8;

const HOUR = 3_600;
const DAY = 86_400;

export type DeployKind = 'rbc20' | 'dapp';

async function referenceTime(ctx: ApiContext): Promise<number> {
  const b = await ctx.db.selectFrom('blocks').select('timestamp').orderBy('number', 'desc').limit(1).executeTakeFirst();
  return Math.max(nowSeconds(), b?.timestamp ?? 0);
}

interface HourRow {
  start: number;
  txCount: number;
  totalFee: string;
  tokenTx: number;
  contractTx: number;
}

/** The 24 hourly rows ending with the current hour, oldest first, zeros filled in. */
export function hourlyRows(ctx: ApiContext): Promise<HourRow[]> {
  return ctx.cache.get('charts:hourly', async () => {
    const current = Math.floor((await referenceTime(ctx)) / HOUR) * HOUR;
    const first = current - (GRAPH_HOURS - 1) * HOUR;
    const rows = await ctx.db
      .selectFrom('hourly_stats')
      .selectAll()
      .where('hour_start', '>=', first)
      .where('hour_start', '<=', current)
      .orderBy('hour_start', 'asc')
      .execute();
    const by = new Map(rows.map((r) => [r.hour_start, r]));
    const out: HourRow[] = [];
    for (let h = first; h <= current; h += HOUR) {
      const r = by.get(h);
      out.push({
        start: h,
        txCount: r?.tx_count ?? 0,
        totalFee: r?.total_fee ?? '0',
        tokenTx: r?.token_tx_count ?? 0,
        contractTx: r?.contract_tx_count ?? 0,
      });
    }
    return out;
  });
}

const hourOfDay = (start: number) => new Date(start * 1000).getUTCHours();
const hourLabel = (start: number) => `${String(hourOfDay(start)).padStart(2, '0')}:00`;

export async function transactionGraph(ctx: ApiContext): Promise<HourlyPoint[]> {
  return (await hourlyRows(ctx)).map((r) => ({
    _id: hourOfDay(r.start),
    hour: hourOfDay(r.start),
    count: r.txCount,
    totalFee: toAmount(r.totalFee),
    totalFeeWei: r.totalFee,
    createdAt: isoTime(r.start),
    timestamp: r.start,
  }));
}

/** Token transfers (transactiontype 2) per hour. */
export async function tokenTransactionGraph(ctx: ApiContext): Promise<GraphBucket[]> {
  return (await hourlyRows(ctx)).map((r) => ({ _id: hourLabel(r.start), count: r.tokenTx, createdAt: isoTime(r.start) }));
}

/** Contract transactions (creations and calls, transactiontype 1 and 3) per hour. */
export async function contractTransactionGraph(ctx: ApiContext): Promise<GraphBucket[]> {
  return (await hourlyRows(ctx)).map((r) => ({ _id: hourLabel(r.start), count: r.contractTx, createdAt: isoTime(r.start) }));
}

/** Deployments of a kind per UTC day over the last DEPLOY_DAYS days and the newest DEPLOY_LIST of them. */
export function deployments(ctx: ApiContext, kind: DeployKind): Promise<{ chart: GraphBucket[]; latest: DeployRecord[] }> {
  return ctx.cache.get(`charts:deployments:${kind}`, async () => {
    const today = Math.floor((await referenceTime(ctx)) / DAY) * DAY;
    const first = today - (DEPLOY_DAYS - 1) * DAY;
    const counts = await sql<{ day: number; n: number }>`SELECT (timestamp / ${DAY})::bigint AS day, count(*)::bigint AS n FROM contracts
      WHERE contract_type = ${kind} AND timestamp >= ${first}
        AND block_number >= coalesce((SELECT min(number) FROM blocks WHERE timestamp >= ${first}), 0)
      GROUP BY 1`.execute(ctx.db);
    const perDay = new Map(counts.rows.map((c) => [Number(c.day) * DAY, Number(c.n)]));
    const chart: GraphBucket[] = [];
    for (let d = first; d <= today; d += DAY) {
      const iso = isoTime(d);
      chart.push({ _id: iso.slice(0, 10), count: perDay.get(d) ?? 0, createdAt: iso });
    }
    const rows = await ctx.db
      .selectFrom('contracts as c')
      .leftJoin('contract_sources as s', 's.address', 'c.address')
      .select(['c.address', 'c.name', 'c.is_nft', 'c.timestamp', 'c.block_number', 's.contract_name'])
      .where('c.contract_type', '=', kind)
      .orderBy('c.block_number', 'desc')
      .orderBy('c.address', 'asc')
      .limit(DEPLOY_LIST)
      .execute();
    const latest = rows.map((r) => ({
      contract_address: rubyAddress(r.address),
      contractname: displayName(kind, r.is_nft, r.name, r.contract_name),
      createdAt: isoTime(r.timestamp),
      timestamp: r.timestamp,
      blockNumber: r.block_number,
    }));
    return { chart, latest };
  });
}
