/**
 * Writing one indexed batch, inside the caller's database transaction. Running aggregates
 * (address counts, hourly stats, contract counts) move by deltas, and a rollback (rollback.ts)
 * subtracts exactly what the deleted rows had added, so "index, roll back, index again" leaves
 * the same numbers as indexing once.
 *
 * Chain rows (blocks, transactions, logs, transfers, internal calls, address links) cannot exist
 * yet when a batch is written (re-indexing deletes them first), so they go in with COPY
 * (writeChainRows.ts); rows that may exist (contracts, running aggregates, balances) are upserts
 * (writeContracts.ts, writeTotals.ts).
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';
import type { ContractInfo } from './chainState';
import type { HolderKey } from './holderKey';
import { writeBalanceHistory, type BalanceAt } from './balanceHistory';
import { writeNftKinds, type NftKindRow } from './nftKind';
import type { BatchRows } from './rowTypes';
import { writeChainRows } from './writeChainRows';
import { insertCreatedContracts, updateContractTotals } from './writeContracts';
import { upsertAddressTotals, upsertHourlyStats, upsertTokenBalances } from './writeTotals';

type Tx = Transaction<DB> | Kysely<DB>;

export interface BatchState {
  contracts: Map<string, ContractInfo>;
  balances: Map<string, bigint>;
  tokenBalances: Map<HolderKey, bigint>;
  totalSupplies: Map<string, bigint>;
  /** NFT kinds read in the batch (nftKind.ts). */
  nftKinds: readonly NftKindRow[];
  /** Coin balances at the blocks that touched them (balanceHistory.ts). */
  history?: readonly BalanceAt[];
  isContract: (address: string) => boolean;
}

export async function writeBatch(tx: Tx, rows: BatchRows, state: BatchState, lastBlock: number): Promise<void> {
  await writeChainRows(tx, rows);
  await insertCreatedContracts(tx, rows.created, state.contracts, state.totalSupplies);
  await upsertAddressTotals(tx, rows.addressDeltas, state.balances, state.isContract);
  await upsertHourlyStats(tx, rows.hourly);
  await updateContractTotals(tx, rows.contractDeltas, state.totalSupplies);
  await writeNftKinds(tx, state.nftKinds);
  await upsertTokenBalances(tx, state.tokenBalances, lastBlock);
  if (state.history) await writeBalanceHistory(tx, state.history);
}
