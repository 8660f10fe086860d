/**
 * What one mined transaction changed (the State tab; docs/architecture.md). The
 * node's prestateTracer in diff mode when it answers; our index otherwise (a node without debug
 * tracing answers the trace with a JSON-RPC error; an unreachable node is a 503, not a fallback).
 * Answers are kept per node and transaction hash (a mined transaction's changes never change),
 * at most CACHE_SIZE of them, the least recently asked dropped first.
 */
import type { AccountChange, Reconciliation, TxStateChanges } from '../../common/api/stateChanges';
import { RpcError } from '../chain/rpc';
import { rpcCalls, send, settledOf } from '../chain/rpcActions';
import { candidateKeys, nameSlots } from '../chain/storageLayout';
import type { ApiContext } from '../core/context';
import { rubyAddress } from '../core/format';
import { fromIndex, fromPrestate, type RawAccount } from '../queries/stateDiff';
import { contractNames, earlierCoin, stateTxRows, type StateTxRows } from '../queries/stateRows';
import { tokenChanges, type RawToken } from './stateTokens';
import { storageLayoutFor } from './storageLayouts';

export const STATE_CACHE_SIZE = 256;

export const SOURCE_NOTES = {
  prestateTracer: "From the node's prestateTracer (debug_traceTransaction in diff mode): every balance, nonce, code and storage change.",
  index:
    'The node could not trace this transaction (it offers no debug tracing, or no longer keeps the state before it): the changes come from our index (the value, the fee and the indexed internal calls), the balances from the node at the previous block where it still has them. Storage changes are not shown.',
  untraced: ' Its block was indexed without call traces, so coin moved by internal calls is not seen.',
} as const;

type Cache = Map<string, Promise<TxStateChanges | null>>;
const caches = new WeakMap<object, Cache>();

async function fromNode(ctx: ApiContext, rows: StateTxRows): Promise<RawAccount[] | null> {
  try {
    const diff = await send(ctx.rpc, rpcCalls.prestateDiff(rows.tx.hash));
    return diff && typeof diff === 'object' && 'pre' in diff ? fromPrestate(diff) : null;
  } catch (err) {
    if (err instanceof RpcError) return null;
    throw err;
  }
}

async function fromOurIndex(ctx: ApiContext, rows: StateTxRows): Promise<RawAccount[]> {
  const { tx, calls } = rows;
  const touched = [...new Set([tx.from, tx.to, tx.created, tx.miner, ...calls.flatMap((c) => [c.from, c.to])])].filter(
    (a): a is string => !!a,
  );
  const [earlier, balances] = await Promise.all([
    earlierCoin(ctx, tx, touched),
    tx.blockNumber === 0
      ? Promise.resolve([])
      : settledOf(
          ctx.rpc,
          touched.map((a) => rpcCalls.getBalance(a, tx.blockNumber - 1)),
        ),
  ]);
  const start = new Map(touched.map((a, i) => [a, tx.blockNumber === 0 ? 0n : balances[i]?.ok ? balances[i].result : null] as const));
  return fromIndex(tx, calls, start, earlier);
}

function reconcile(rows: StateTxRows, accounts: readonly RawAccount[]): Reconciliation {
  const sum = accounts.reduce((s, a) => s + a.difference, 0n);
  const burnt = BigInt(rows.tx.baseFee ?? '0') * BigInt(rows.tx.gasUsed);
  return {
    reconciled: sum === -burnt,
    sumOfDifferencesWei: sum.toString(),
    burntFeeWei: burnt.toString(),
    baseFeePerGasWei: rows.tx.baseFee,
    gasUsed: rows.tx.gasUsed,
  };
}

const ROLE_ORDER = ['sender', 'recipient', 'created', null, 'miner'] as const;

async function build(ctx: ApiContext, hash: string): Promise<TxStateChanges | null> {
  const rows = await stateTxRows(ctx, hash);
  if (!rows) return null;
  const { tx } = rows;
  const traced = await fromNode(ctx, rows);
  const raw = traced ?? (await fromOurIndex(ctx, rows));
  const tokens = await tokenChanges(ctx, tx, rows.moves);
  const addresses = [...new Set([...raw.map((a) => a.address), ...tokens.map((t) => t.holder)])];
  const names = await contractNames(ctx, [...new Set([...addresses, ...tokens.map((t) => t.token)])]);
  const keys = candidateKeys(addresses, rows.topics, tx.input);
  const byAddress = new Map(raw.map((a) => [a.address, a]));
  // Contracts verified from one input share one layout compile (storageLayouts.ts): asked together.
  const layouts = await Promise.all(addresses.map((x) => (byAddress.get(x)?.storage.length ? storageLayoutFor(ctx, x) : null)));
  const accounts: AccountChange[] = [];
  for (const [i, address] of addresses.entries()) {
    const a = byAddress.get(address);
    const layout = layouts[i] ?? null;
    const named = layout?.state === 'decoded' && a ? nameSlots(layout.layout, keys, a.storage) : [];
    const role =
      address === tx.from
        ? 'sender'
        : address === tx.created
          ? 'created'
          : address === tx.to
            ? 'recipient'
            : address === tx.miner
              ? 'miner'
              : null;
    accounts.push({
      address: rubyAddress(address),
      name: names.get(address)?.name ?? null,
      role,
      balanceBeforeWei: a?.balanceBefore?.toString() ?? null,
      balanceAfterWei: a?.balanceAfter?.toString() ?? null,
      balanceDifferenceWei: (a?.difference ?? 0n).toString(),
      nonceBefore: a?.nonceBefore ?? null,
      nonceAfter: a?.nonceAfter ?? null,
      code: a?.code ?? null,
      tokens: tokens.filter((t) => t.holder === address).map((t) => tokenItem(t, names.get(t.token))),
      storage: (a?.storage ?? []).map((s, i) => ({ ...s, variables: named[i] ?? [] })),
      storageLayout: layout?.state ?? null,
    });
  }
  accounts.sort((x, y) => ROLE_ORDER.indexOf(x.role) - ROLE_ORDER.indexOf(y.role));
  const source = traced ? 'prestateTracer' : 'index';
  return {
    hash: tx.hash,
    blockNumber: tx.blockNumber,
    source,
    sourceNote: traced ? SOURCE_NOTES.prestateTracer : SOURCE_NOTES.index + (tx.traced ? '' : SOURCE_NOTES.untraced),
    complete: traced !== null || tx.traced,
    accounts,
    reconciliation: reconcile(rows, raw),
  };
}

function tokenItem(t: RawToken, info: { name: string | null; symbol: string | null; decimals: number | null } | undefined) {
  return {
    tokenAddress: rubyAddress(t.token),
    tokenName: info?.name ?? null,
    tokenSymbol: info?.symbol ?? null,
    tokenDecimals: info?.decimals ?? null,
    beforeWei: t.before?.toString() ?? null,
    afterWei: t.after?.toString() ?? null,
    differenceWei: t.difference.toString(),
  };
}

/** The state changes of the transaction `hash` (lowercase 0x + 64 hex), or null when it is not indexed. */
export async function stateChanges(ctx: ApiContext, hash: string): Promise<TxStateChanges | null> {
  let cache = caches.get(ctx.rpc);
  if (!cache) caches.set(ctx.rpc, (cache = new Map()));
  let p = cache.get(hash);
  if (p) {
    cache.delete(hash);
  } else {
    p = build(ctx, hash);
    const own = cache;
    // Not kept: a failure, an unknown transaction (it may be indexed soon), a layout that could not be had this time.
    p.then(
      (r) => {
        if (!r || r.accounts.some((a) => a.storageLayout === 'unknown')) own.delete(hash);
      },
      () => own.delete(hash),
    );
  }
  cache.set(hash, p);
  if (cache.size > STATE_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return p;
}
