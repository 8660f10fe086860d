/**
 * The node's pending pool (txpool_content, anvil and geth): every transaction waiting in
 * `pending`, newest seen first, then by sender and nonce. The pool changes between blocks, so it
 * is read on each request (shared by concurrent ones) rather than cached per block. When each
 * transaction was first seen is remembered per API process (a pool entry carries no time).
 */
import type { PendingTransaction } from '../../common/api/pending';
import { RpcError, isMethodMissing } from '../chain/rpc';
import { rpcCalls, send } from '../chain/rpcActions';
import type { RawTxpoolContent } from '../chain/types';
import type { ApiContext } from '../core/context';
import { rubyAddress, toAmount } from '../core/format';

/** Most rows listed: a busy public node's pool holds thousands. */
export const PENDING_LIST_LIMIT = 200;

interface RawPoolTx {
  hash: string;
  from: string;
  to: string | null;
  nonce: string;
  value: string;
  gas: string;
  gasPrice?: string | null;
  maxFeePerGas?: string | null;
}

/** Per API context: when each pooled hash was first seen, and the read under way. */
interface PoolState {
  firstSeen: Map<string, number>;
  inFlight: Promise<PoolRead> | null;
}
const states = new WeakMap<ApiContext, PoolState>();

interface PoolRead {
  available: boolean;
  rows: PendingTransaction[];
}

async function readPool(ctx: ApiContext, firstSeen: Map<string, number>): Promise<PoolRead> {
  let pool: RawTxpoolContent<RawPoolTx> | null;
  try {
    pool = await send(ctx.rpc, rpcCalls.txpoolContent<RawPoolTx>());
  } catch (err) {
    if (err instanceof RpcError && isMethodMissing(err)) return { available: false, rows: [] };
    throw err;
  }
  const now = Math.floor(Date.now() / 1000);
  const txs = Object.values(pool?.pending ?? {}).flatMap((bySender) => Object.values(bySender));
  const live = new Set<string>();
  const rows = txs.map((t): PendingTransaction => {
    const hash = t.hash.toLowerCase();
    live.add(hash);
    if (!firstSeen.has(hash)) firstSeen.set(hash, now);
    // What the sender may pay at most: gas limit × its (max) gas price.
    const price = BigInt(t.maxFeePerGas ?? t.gasPrice ?? '0x0');
    const gas = BigInt(t.gas);
    const value = BigInt(t.value);
    return {
      hash,
      from: rubyAddress(t.from.toLowerCase()),
      to: t.to ? rubyAddress(t.to.toLowerCase()) : null,
      nonce: Number(BigInt(t.nonce)),
      value: toAmount(value.toString()),
      valueWei: value.toString(),
      gas: gas.toString(),
      gasPriceWei: price.toString(),
      fee: toAmount((gas * price).toString()),
      feeWei: (gas * price).toString(),
      firstSeen: firstSeen.get(hash)!,
    };
  });
  for (const h of firstSeen.keys()) if (!live.has(h)) firstSeen.delete(h);
  rows.sort((a, b) => b.firstSeen - a.firstSeen || a.from.localeCompare(b.from) || a.nonce - b.nonce);
  return { available: true, rows };
}

/** The pool now (concurrent requests share one read). */
export function pendingPool(ctx: ApiContext): Promise<PoolRead> {
  let st = states.get(ctx);
  if (!st) states.set(ctx, (st = { firstSeen: new Map(), inFlight: null }));
  const state = st;
  state.inFlight ??= readPool(ctx, state.firstSeen).finally(() => {
    state.inFlight = null;
  });
  return state.inFlight;
}
