/**
 * What the API may claim when the indexer ran without call traces: whether the newest
 * indexed block was traced (if not, stored balances of addresses paid by contracts may be stale,
 * so the address page reads the balance from the node), and whether any indexed block was not
 * (then an address's internal-transactions list may be incomplete). Both once per block.
 */
import { sql } from 'kysely';
import { NO_TRACES_NOTICE } from '../../common/api/capabilities';
import { RpcClient } from '../chain/rpc';
import { getBalance } from '../chain/rpcActions';
import type { ApiContext } from '../core/context';

export interface TraceAvailability {
  /** The newest indexed block was indexed with traces (true before the first block). */
  tipTraced: boolean;
  /** Some indexed block was indexed without traces. */
  anyUntraced: boolean;
}

export function traceAvailability(ctx: ApiContext): Promise<TraceAvailability> {
  return ctx.cache.get('traces:availability', async () => {
    const r = await sql<{ tip: boolean | null; any: boolean }>`SELECT (SELECT traced FROM blocks ORDER BY number DESC LIMIT 1) AS tip,
      EXISTS (SELECT 1 FROM blocks WHERE NOT traced) AS any`.execute(ctx.db);
    const row = r.rows[0];
    return { tipTraced: row?.tip !== false, anyUntraced: row?.any === true };
  });
}

/** The reason an address's internal-transactions list may be incomplete, or null. */
export async function internalListUnavailable(ctx: ApiContext): Promise<string | null> {
  return (await traceAvailability(ctx)).anyUntraced ? NO_TRACES_NOTICE : null;
}

/** Its own client: no retries and a short time-out, so a node outage falls back to the indexed value fast. */
const liveRpc = new WeakMap<ApiContext, RpcClient>();
/** Time-out of a live balance read: a page must not wait on a dead node. */
export const LIVE_BALANCE_TIMEOUT_MS = 2_000;

/**
 * The balance at `head` from the node, cached per block (a burst of visitors costs one call);
 * `fallback` (the indexed value) when the node does not answer or is known to be down.
 */
export async function liveBalance(
  ctx: ApiContext,
  address: string,
  head: number,
  fallback: string,
): Promise<{ wei: string; live: boolean }> {
  // A node down or in doubt: no call (a failed read is not cached, so every visitor would wait).
  if (ctx.nodeHealth.doubtful) return { wei: fallback, live: false };
  let rpc = liveRpc.get(ctx);
  if (!rpc) liveRpc.set(ctx, (rpc = new RpcClient(ctx.rpc.url, { retries: 0, timeoutMs: LIVE_BALANCE_TIMEOUT_MS })));
  const client = rpc;
  try {
    const wei = await ctx.cache.get(`liveBalance:${address}:${head}`, async () => (await getBalance(client, address, head)).toString());
    return { wei, live: true };
  } catch {
    return { wei: fallback, live: false };
  }
}
