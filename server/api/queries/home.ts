/**
 * Home page data and the gas fee, computed once per block (ctx.cache). The node's answers (gas
 * price, pending pool) are optional: an unreachable or slow node gives null for those fields, not
 * an error, so the page still shows what the database knows.
 */
import { sql } from 'kysely';
import { RpcError } from '../../chain/rpc';
import type { HomeData } from '../../../common/api/home';
import type { ApiContext } from '../context';
import { nowSeconds, toAmount } from '../format';
import { txSnapshot } from './transactions';

/** Gas of a plain coin transfer: the fee shown is gas price × this. */
export const TRANSFER_GAS = 21_000n;
/** Blocks the average block time is taken over. */
export const AVG_BLOCK_WINDOW = 100;
/** How long a page waits for the node before answering without its data. */
export const NODE_TIMEOUT_MS = 3_000;

const DAY = 86_400;
const HOUR = 3_600;

class NodeTimeout extends Error {}

/** A node call bounded by NODE_TIMEOUT_MS (the shared client retries for longer). */
async function nodeCall<T>(ctx: ApiContext, method: string, params: unknown[] = []): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new NodeTimeout(`${method}: no answer in ${NODE_TIMEOUT_MS} ms`)), NODE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([ctx.rpc.call<T>(method, params), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** The node's gas price in wei, or null when the node cannot answer. Cached per block. */
export function gasPriceWei(ctx: ApiContext): Promise<bigint | null> {
  return ctx.cache.get('home:gasPrice', async () => {
    try {
      return BigInt(await nodeCall<string>(ctx, 'eth_gasPrice'));
    } catch (err) {
      ctx.log(`api: eth_gasPrice failed: ${describe(err)}`);
      return null;
    }
  });
}

/** The fee of a coin transfer at the current gas price (wei and RUBY), nulls without the node. */
export async function transferFee(ctx: ApiContext): Promise<{ fee: number | null; feeWei: string | null; gasPriceWei: string | null }> {
  const price = await gasPriceWei(ctx);
  if (price === null) return { fee: null, feeWei: null, gasPriceWei: null };
  const wei = price * TRANSFER_GAS;
  return { fee: toAmount(wei), feeWei: wei.toString(), gasPriceWei: price.toString() };
}

const METHOD_MISSING = new Set([-32601, -32600]);

/**
 * Transactions waiting in the node's pool (txpool_status `pending`); 0 when the node has no such
 * method, null when it cannot be reached. Cached per block.
 */
export function pendingTransactions(ctx: ApiContext): Promise<number | null> {
  return ctx.cache.get('home:txpoolPending', async () => {
    try {
      const st = await nodeCall<{ pending?: string | number } | null>(ctx, 'txpool_status');
      const p = st?.pending;
      if (p === undefined || p === null) return 0;
      const n = Number(typeof p === 'string' ? BigInt(p) : p);
      return Number.isSafeInteger(n) && n >= 0 ? n : 0;
    } catch (err) {
      if (err instanceof RpcError && (METHOD_MISSING.has(err.code) || /not (found|supported|available)|unsupported|does not exist/i.test(err.message))) return 0;
      ctx.log(`api: txpool_status failed: ${describe(err)}`);
      return null;
    }
  });
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

/** The home data without the price (the price moves on its own clock). */
export function cachedHomeStats(ctx: ApiContext): Promise<Omit<HomeData, 'rubyprice'>> {
  return ctx.cache.get('home:stats', async () => {
    const snap = await txSnapshot(ctx);
    const day = await lastDay(ctx);
    const avg = await avgBlockTime(ctx);
    const addresses = await addressCount(ctx);
    const [fee, pending] = await Promise.all([transferFee(ctx), pendingTransactions(ctx)]);
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
      fee: fee.fee,
      feeWei: fee.feeWei,
      gasPriceWei: fee.gasPriceWei,
      pendingTransactions: pending,
      avgBlockTime: avg,
    };
  });
}

export async function homeData(ctx: ApiContext): Promise<HomeData> {
  return { ...(await cachedHomeStats(ctx)), rubyprice: ctx.price.usd() };
}
