/**
 * Reorgs for the indexer: does a fetched batch link to the stored checkpoint, has the node
 * replaced our tip, where do the node's chain and the stored one last agree, and rolling back
 * to there (rows, aggregates, checkpoint and balances in one database transaction).
 */
import type { Kysely } from 'kysely';
import { hexToNumber, type RpcClient } from '../chain/rpc';
import { blockNumber, getBlock, getBlocks } from '../chain/rpcActions';
import type { DB } from '../db/schema';
import { readBalancesAt, writeBalances } from './balanceSnapshot';
import { StaleFetchError } from './fetch';
import { rollbackFrom } from './rollback';
import type { FetchedBlock } from './transform';

/**
 * Whether the batch's first block extends the checkpoint (lastBlock/lastHash). A batch that does
 * not link within itself was fetched across a reorg: StaleFetchError, fetch it again.
 */
export function linksToCheckpoint(blocks: FetchedBlock[], lastBlock: number | null, lastHash: string | null): boolean {
  for (let i = 1; i < blocks.length; i++) {
    if ((blocks[i] as FetchedBlock).block.parentHash.toLowerCase() !== (blocks[i - 1] as FetchedBlock).block.hash.toLowerCase()) {
      throw new StaleFetchError(hexToNumber((blocks[i] as FetchedBlock).block.number));
    }
  }
  const first = blocks[0];
  if (!first || lastHash === null || lastBlock === null) return true;
  if (hexToNumber(first.block.number) !== lastBlock + 1) return true;
  return first.block.parentHash.toLowerCase() === lastHash;
}

/**
 * The block at `number` does not link to ours: the highest stored block (≤ lastBlock) whose hash
 * the node agrees with, searched 32 blocks at a time; startBlock - 1 when none does.
 */
export async function commonAncestor(
  db: Kysely<DB>,
  rpc: RpcClient,
  startBlock: number,
  number: number,
  lastBlock: number | null,
): Promise<number> {
  let k = Math.min(number - 1, lastBlock ?? -1);
  while (k >= startBlock) {
    const lo = Math.max(startBlock, k - 31);
    const ours = await db.selectFrom('blocks').select(['number', 'hash']).where('number', '>=', lo).where('number', '<=', k).execute();
    const oursBy = new Map(ours.map((r) => [r.number, r.hash]));
    const nums: number[] = [];
    for (let n = k; n >= lo; n--) nums.push(n);
    const theirs = await getBlocks(rpc, nums, false);
    const match = nums.findIndex((n, i) => theirs[i] && oursBy.get(n) === theirs[i]?.hash.toLowerCase());
    if (match >= 0) return nums[match] as number;
    k = lo - 1;
  }
  return k;
}

/** While idle at the head: is our last block (number, lower-case hash) no longer the node's? */
export async function tipReplaced(rpc: RpcClient, lastBlock: number, lastHash: string): Promise<boolean> {
  const b = await getBlock(rpc, lastBlock, false);
  return !b || b.hash.toLowerCase() !== lastHash;
}

/**
 * Removes blocks >= from and moves the checkpoint back (rollback.ts), and stores the balances of
 * every address and token holder those blocks touched as the node has them at from - 1 (or at its
 * head, if that is lower), all in one transaction: a failed read leaves nothing half done.
 */
export async function rollBackAndReread(db: Kysely<DB>, rpc: RpcClient, from: number): Promise<void> {
  const head = await blockNumber(rpc);
  const at = Math.min(from - 1, head);
  await db.transaction().execute(async (tx) => {
    const r = await rollbackFrom(tx, from);
    if (at >= 0) await writeBalances(tx, await readBalancesAt(rpc, r.touched, r.tokenHolders, at), at);
  });
}
