/**
 * The balances a batch may change, found without transforming it (the fetch stage's prefetch,
 * prepare.ts). Kept beside transform() in meaning: both must find the same sets.
 */
import { TRANSFER_TOPIC } from './decode';
import { holderKey, isRealHolder, type HolderKey } from './holderKey';
import { low, topicAddress } from './rowBuilders';
import type { FetchedBlock } from './rowTypes';

/**
 * The addresses and (token, holder) pairs of a batch whose balances may have changed: exactly
 * transform()'s `touched` and `tokenHolders`, without the rest of its work (no decoding), so the
 * fetch stage can prefetch balances before earlier batches are processed. Neither set depends on
 * which contracts are known.
 */
export function balanceKeys(blocks: FetchedBlock[]): { touched: Set<string>; tokenHolders: Set<HolderKey> } {
  const touched = new Set<string>();
  const tokenHolders = new Set<HolderKey>();
  for (const { block, receipts, internal } of blocks) {
    touched.add(block.miner.toLowerCase());
    for (const w of block.withdrawals ?? []) touched.add(w.address.toLowerCase());
    block.transactions.forEach((tx, i) => {
      const r = receipts[i];
      touched.add(tx.from.toLowerCase());
      const target = low(tx.to) ?? low(r?.contractAddress);
      if (target) touched.add(target);
      for (const log of r?.logs ?? []) {
        const t = log.topics;
        if (t[0]?.toLowerCase() === TRANSFER_TOPIC && t.length >= 3 && t.length !== 4) {
          const address = log.address.toLowerCase();
          tokenHolders.add(holderKey(address, topicAddress(t[1])));
          tokenHolders.add(holderKey(address, topicAddress(t[2])));
        }
      }
    });
    for (const c of internal) {
      if (c.value > 0n || c.createdAddress) {
        if (c.from) touched.add(c.from);
        if (c.to) touched.add(c.to);
      }
    }
  }
  for (const key of tokenHolders) if (!isRealHolder(key)) tokenHolders.delete(key);
  return { touched, tokenHolders };
}
