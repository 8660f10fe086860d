/**
 * The accounts one transaction changed, before any naming or formatting (the State
 * tab), from either source:
 * - the node's prestateTracer in diff mode (`fromPrestate`): everything, storage included;
 * - our index (`fromIndex`), for a node without debug tracing: the coin moved by the transaction's
 *   value, its fee (the sender pays gas used × effective price, the block's miner gets the tip) and
 *   its indexed internal calls; the sender's nonce and a created contract's. Storage and coin moved
 *   by internal calls of an untraced block are not seen.
 * Pure: no I/O. Addresses lowercase 0x.
 */
import type { PrestateAccount, PrestateDiff } from '../chain/types';

export interface RawAccount {
  address: string;
  balanceBefore: bigint | null;
  balanceAfter: bigint | null;
  difference: bigint;
  nonceBefore: number | null;
  nonceAfter: number | null;
  code: 'created' | 'changed' | 'removed' | null;
  storage: { slot: string; before: string; after: string }[];
}

const ZERO_WORD = `0x${'0'.repeat(64)}`;
const big = (hex: string | undefined): bigint => (hex ? BigInt(hex) : 0n);
const hasCode = (a: PrestateAccount | undefined): boolean => !!a?.code && a.code !== '0x';

export function fromPrestate(diff: PrestateDiff): RawAccount[] {
  const pre = diff.pre ?? {};
  const post = diff.post ?? {};
  const addresses = [...new Set([...Object.keys(pre), ...Object.keys(post)].map((a) => a.toLowerCase()))];
  const lower = (m: Record<string, PrestateAccount>) => new Map(Object.entries(m).map(([k, v]) => [k.toLowerCase(), v]));
  const [p, q] = [lower(pre), lower(post)];
  return addresses.map((address) => {
    const before = p.get(address);
    const after = q.get(address);
    const removed = before !== undefined && after === undefined;
    const balanceBefore = big(before?.balance);
    const balanceAfter = removed ? 0n : after?.balance !== undefined ? big(after.balance) : balanceBefore;
    const nonceBefore = before?.nonce ?? 0;
    const nonceAfter = removed ? 0 : (after?.nonce ?? nonceBefore);
    let code: RawAccount['code'] = null;
    if (removed && hasCode(before)) code = 'removed';
    else if (after?.code !== undefined) code = hasCode(before) ? (hasCode(after) ? 'changed' : 'removed') : 'created';
    const slots = new Set([...Object.keys(before?.storage ?? {}), ...Object.keys(after?.storage ?? {})]);
    const storage = [...slots].sort().map((slot) => ({
      slot,
      before: before?.storage?.[slot] ?? ZERO_WORD,
      after: removed ? ZERO_WORD : (after?.storage?.[slot] ?? ZERO_WORD),
    }));
    return {
      address,
      balanceBefore,
      balanceAfter,
      difference: balanceAfter - balanceBefore,
      nonceBefore,
      nonceAfter,
      code,
      storage: storage.filter((s) => BigInt(s.before) !== BigInt(s.after)),
    };
  });
}

/** What the index knows of a transaction (numeric columns as decimal text). */
export interface IndexedTx {
  from: string;
  to: string | null;
  created: string | null;
  value: string;
  status: number;
  gasUsed: string;
  effectiveGasPrice: string;
  nonce: number;
  miner: string;
  baseFee: string | null;
}
export interface IndexedCall {
  from: string;
  to: string | null;
  value: string;
  error: string | null;
}

/** The coin each address gained or lost in one transaction, by the index's rows. */
export function indexedDifferences(tx: IndexedTx, calls: readonly IndexedCall[]): Map<string, bigint> {
  const out = new Map<string, bigint>();
  const add = (a: string | null, d: bigint) => {
    if (a && d !== 0n) out.set(a, (out.get(a) ?? 0n) + d);
  };
  const gasUsed = BigInt(tx.gasUsed);
  const price = BigInt(tx.effectiveGasPrice);
  const tip = price - BigInt(tx.baseFee ?? '0');
  add(tx.from, -(gasUsed * price));
  add(tx.miner, gasUsed * (tip > 0n ? tip : 0n));
  if (tx.status === 1) {
    const value = BigInt(tx.value);
    add(tx.from, -value);
    add(tx.to ?? tx.created, value);
    // Calls that failed moved nothing; a call under a failed frame is marked failed by the indexer too.
    for (const c of calls) {
      if (c.error !== null) continue;
      add(c.from, -BigInt(c.value));
      add(c.to, BigInt(c.value));
    }
  }
  return out;
}

/**
 * The accounts from the index: the differences of this transaction, each balance before it from
 * the node's balance at the end of the previous block plus what the block's earlier transactions
 * moved (`startOfBlock`, `earlier`), or null where the node keeps no such old state.
 */
export function fromIndex(
  tx: IndexedTx,
  calls: readonly IndexedCall[],
  startOfBlock: ReadonlyMap<string, bigint | null>,
  earlier: ReadonlyMap<string, bigint>,
): RawAccount[] {
  const diffs = indexedDifferences(tx, calls);
  for (const a of [tx.from, tx.created].filter((x): x is string => !!x)) if (!diffs.has(a)) diffs.set(a, 0n);
  return [...diffs].map(([address, difference]) => {
    const start = startOfBlock.get(address) ?? null;
    const before = start === null ? null : start + (earlier.get(address) ?? 0n);
    const nonce = address === tx.from ? [tx.nonce, tx.nonce + 1] : address === tx.created && tx.status === 1 ? [0, 1] : [null, null];
    return {
      address,
      balanceBefore: before,
      balanceAfter: before === null ? null : before + difference,
      difference,
      nonceBefore: nonce[0] ?? null,
      nonceAfter: nonce[1] ?? null,
      code: address === tx.created && tx.status === 1 ? 'created' : null,
      storage: [],
    };
  });
}
