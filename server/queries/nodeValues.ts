/**
 * The node's values on the home data and the price strip (gas price, pending pool), never holding
 * a page up on a dead node: while nodeHealth says the node is down (or has just missed a probe)
 * the last-known values are served at once, marked with their age; while it is up a page waits
 * NODE_WAIT_MS for a fresh value (NODE_TIMEOUT_MS when none is known yet), then answers with the
 * last-known one and lets the read finish for the next request. One read per block (ctx.cache).
 */
import { RpcError, isMethodMissing } from '../chain/rpc';
import { gasPrice, txpoolStatus } from '../chain/rpcActions';
import type { Known } from '../chain/nodeHealth';
import type { ApiContext } from '../core/context';
import { toAmount } from '../core/format';

/** Gas of a plain coin transfer: the fee shown is gas price × this. */
export const TRANSFER_GAS = 21_000n;
/**
 * How long a page waits for a fresh node value when a last-known one can stand in (a node
 * nearby answers in a few ms; a slower one's answer serves the next request).
 */
export const NODE_WAIT_MS = 50;
/** How long a page waits for the node when no value is known yet (the first request after start). */
export const NODE_TIMEOUT_MS = 3_000;

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
  return nodeValue(ctx, 'eth_gasPrice', () => gasPrice(ctx.rpc));
}

/**
 * Transactions waiting in the node's pool (txpool_status `pending`) and when read; 0 when the
 * node has no such method, null when it never answered.
 */
export function pendingTransactions(ctx: ApiContext): Promise<Known<number> | null> {
  return nodeValue(ctx, 'txpool_status', async () => {
    try {
      const st = await txpoolStatus(ctx.rpc);
      const p = st?.pending;
      if (p === undefined || p === null) return 0;
      const n = Number(typeof p === 'string' ? BigInt(p) : p);
      return Number.isSafeInteger(n) && n >= 0 ? n : 0;
    } catch (err) {
      if (err instanceof RpcError && isMethodMissing(err)) return 0;
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
export function ageOf(ctx: ApiContext, values: ReadonlyArray<Known<unknown> | null>): NodeDataAge {
  const times = values.filter((v): v is Known<unknown> => v !== null).map((v) => v.at);
  const oldest = times.length > 0 ? Math.min(...times) : null;
  return {
    nodeReachable: ctx.nodeHealth.reachable,
    nodeDataAsOf: oldest === null ? null : Math.floor(oldest / 1000),
    nodeDataAge: oldest === null ? null : Math.max(0, Math.floor((Date.now() - oldest) / 1000)),
  };
}

export interface Fee {
  fee: number | null;
  feeWei: string | null;
  gasPriceWei: string | null;
}

export function feeOf(price: Known<bigint> | null): Fee {
  if (price === null) return { fee: null, feeWei: null, gasPriceWei: null };
  const wei = price.value * TRANSFER_GAS;
  return { fee: toAmount(wei), feeWei: wei.toString(), gasPriceWei: price.value.toString() };
}

/** The fee of a coin transfer at the gas price (wei and RUBY), with the value's age; nulls when never known. */
export async function transferFee(ctx: ApiContext): Promise<Fee & NodeDataAge> {
  const price = await gasPriceWei(ctx);
  return { ...feeOf(price), ...ageOf(ctx, [price]) };
}
