/**
 * One prepared batch written in one database transaction: its rows, its proxies, and the
 * checkpoint moved to its last block (the invariant of checkpoint.ts: the checkpoint moves only
 * with the rows it covers).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { advanceCheckpoint } from './checkpoint';
import type { PreparedBatch } from './prepare';
import { writeProxies } from './proxies';
import { writeApprovals } from './approvalsWrite';
import { writeBatch } from './write';

export interface CommitPosition {
  /** The hash of the batch's last block. */
  hash: string;
  /** The node's head when the batch was fetched. */
  head: number;
  blocksPerSecond: number;
}

export async function commitBatch(
  db: Kysely<DB>,
  w: PreparedBatch,
  isContract: (address: string) => boolean,
  at: CommitPosition,
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await writeBatch(
      tx,
      w.rows,
      {
        contracts: w.contracts,
        balances: w.balances,
        tokenBalances: w.tokenBalances,
        totalSupplies: w.totalSupplies,
        nftKinds: w.nftKinds,
        history: w.history,
        isContract,
      },
      w.lastNumber,
    );
    await writeProxies(tx, w.proxies); // proxies.ts
    await writeApprovals(tx, w.approvals);
    await advanceCheckpoint(tx, { block: w.lastNumber, hash: at.hash, head: at.head, blocksPerSecond: at.blocksPerSecond });
  });
}
