/**
 * Balances read from the node for the indexer: once per key during a catch-up (the "snapshot"),
 * or at a given block after a rollback, and written over the stored rows.
 *
 * The snapshot: during a long catch-up every coin and token balance the range touches is read
 * ONCE, at the head the catch-up runs to, instead of once per batch at each batch's last block.
 * A busy address touched in every batch then costs one eth_getBalance, not one per batch, and
 * anvil answers reads at its head far faster than at old blocks. While the catch-up runs, stored
 * balances are those of the head (newer than the checkpoint, which is what an explorer shows
 * anyway); when it ends they are exactly those of the checkpoint. If the chain replaces the
 * snapshot block meanwhile (a reorg), every balance read at it is read again at the checkpoint
 * (Indexer.verifySnapshot) before anything else is indexed.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { RpcClient } from '../chain/rpc';
import { getBlock } from '../chain/rpcActions';
import type { DB } from '../db/schema';
import { fetchBalances, fetchTokenBalances } from './chainState';
import { parseHolderKey, type HolderKey } from './holderKey';

export interface BalanceSnapshot {
  block: number;
  hash: string;
  /** One read per key, shared by every batch that needs it (concurrent prefetches included). */
  balances: Map<string, Promise<bigint | undefined>>;
  tokenBalances: Map<HolderKey, Promise<bigint | undefined>>;
}

/** Starts reading balances at `block` for a catch-up (null if the node does not know it). */
export async function openSnapshot(rpc: RpcClient, block: number): Promise<BalanceSnapshot | null> {
  const b = await getBlock(rpc, block, false);
  return b ? { block, hash: b.hash.toLowerCase(), balances: new Map(), tokenBalances: new Map() } : null;
}

/** Is the snapshot's block no longer on the node's chain (a reorg during the catch-up)? */
export async function snapshotReplaced(rpc: RpcClient, snap: BalanceSnapshot): Promise<boolean> {
  const b = await getBlock(rpc, snap.block, false);
  return !b || b.hash.toLowerCase() !== snap.hash;
}

/** Coin balances at `tag`; within a snapshot each address is read from the node once. */
export function readBalances(rpc: RpcClient, snap: BalanceSnapshot | null, addresses: string[], tag: number): Promise<Map<string, bigint>> {
  const fetch = (keys: string[]) => fetchBalances(rpc, keys, tag);
  return snap ? readOnce(snap.balances, addresses, fetch) : fetch(addresses);
}

export function readTokenBalances(
  rpc: RpcClient,
  snap: BalanceSnapshot | null,
  keys: HolderKey[],
  tag: number,
): Promise<Map<HolderKey, bigint>> {
  const fetch = (ks: HolderKey[]) => fetchTokenBalances(rpc, ks, tag);
  return snap ? readOnce(snap.tokenBalances, keys, fetch) : fetch(keys);
}

/**
 * Values of `keys`, each fetched at most once into `cache` (in flight or done); a key the node
 * has no value for (a failed balanceOf) is left out of the answer. A failed fetch rejects every
 * caller waiting for its keys, so the batch fails and is retried, never written with a missing
 * balance, and it forgets those keys so the retry reads them again.
 */
export async function readOnce<K extends string>(
  cache: Map<K, Promise<bigint | undefined>>,
  keys: K[],
  fetch: (keys: K[]) => Promise<Map<K, bigint>>,
): Promise<Map<K, bigint>> {
  const need = keys.filter((k) => !cache.has(k));
  if (need.length > 0) {
    const p = fetch(need);
    for (const k of need) {
      const one = p.then((m) => m.get(k));
      // Handled here (no unhandled rejection if nobody else waits); callers still see it.
      one.catch(() => {
        if (cache.get(k) === one) cache.delete(k);
      });
      cache.set(k, one);
    }
  }
  const values = await Promise.all(keys.map((k) => cache.get(k)));
  const out = new Map<K, bigint>();
  keys.forEach((k, i) => {
    const v = values[i];
    if (v !== undefined) out.set(k, v);
  });
  return out;
}

export interface BalancesAt {
  balances: Map<string, bigint>;
  tokenBalances: Map<HolderKey, bigint>;
}

/** Coin and token balances at `at`, from the node. */
export async function readBalancesAt(rpc: RpcClient, addresses: string[], tokenHolders: HolderKey[], at: number): Promise<BalancesAt> {
  const [balances, tokenBalances] = await Promise.all([fetchBalances(rpc, addresses, at), fetchTokenBalances(rpc, tokenHolders, at)]);
  return { balances, tokenBalances };
}

/** Reads every balance of a snapshot again at `at` (its block was replaced) and stores them. */
export async function rereadSnapshot(rpc: RpcClient, db: Kysely<DB>, snap: BalanceSnapshot, at: number): Promise<void> {
  // Read from the node first: no database transaction stays open across the reads.
  const read = await readBalancesAt(rpc, [...snap.balances.keys()], [...snap.tokenBalances.keys()], at);
  await db.transaction().execute((tx) => writeBalances(tx, read, at));
}

/** Stores balances read at `at` over what the rows hold. */
export async function writeBalances(tx: Transaction<DB>, { balances, tokenBalances }: BalancesAt, at: number): Promise<void> {
  if (balances.size) {
    const list = [...balances];
    await sql`UPDATE addresses a SET balance = d.b FROM unnest(${list.map(([k]) => k)}::text[], ${list.map(([, v]) => v.toString())}::numeric[]) AS d(address, b)
      WHERE a.address = d.address`.execute(tx);
  }
  if (tokenBalances.size) {
    const list = [...tokenBalances].map(([k, v]) => {
      const { token, holder } = parseHolderKey(k);
      return [token, holder, v.toString()] as const;
    });
    await sql`UPDATE token_balances t SET balance = d.b, last_block = ${at}
      FROM unnest(${list.map((r) => r[0])}::text[], ${list.map((r) => r[1])}::text[], ${list.map((r) => r[2])}::numeric[]) AS d(token, holder, b)
      WHERE t.token_address = d.token AND t.holder = d.holder`.execute(tx);
  }
}
