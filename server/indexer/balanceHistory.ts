/**
 * The coin balance history (025_coin_balance_history.sql): for every address a batch touches, its
 * balance at the end of each block that touched it, and at the block before its first touch in the
 * batch (so an address that held coin before it was first seen answers for those blocks too), read
 * from the node at those blocks in the prepare stage and written with the batch's rows. With traces
 * every coin movement touches its addresses, so between two rows an address's balance is the
 * earlier row's. A read the node refuses (no state at that block) is kept as NULL: the API says
 * "unavailable" there instead of answering a wrong number. Rows are upserts (two batches may both
 * write the row of the block between them, with the same value) and go with a rollback.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { RpcClient } from '../chain/rpc';
import { rpcCalls, settledOf } from '../chain/rpcActions';
import type { DB } from '../db/schema';

export interface BalanceAt {
  address: string;
  block: number;
  balance: bigint | null;
}

/** Reads per JSON-RPC batch. */
const CHUNK = 500;

/** Every (address, block) pair the history needs for a batch's touches. */
export function historyKeys(touchedAt: Map<string, Set<number>>): { address: string; block: number }[] {
  const out: { address: string; block: number }[] = [];
  for (const [address, blocks] of touchedAt) {
    const first = Math.min(...blocks);
    if (first > 0 && !blocks.has(first - 1)) out.push({ address, block: first - 1 });
    for (const block of blocks) out.push({ address, block });
  }
  return out;
}

/** The balances of these pairs, each at its own block; NULL where the node could not answer. */
export async function readBalanceHistory(rpc: RpcClient, keys: readonly { address: string; block: number }[]): Promise<BalanceAt[]> {
  const out: BalanceAt[] = [];
  for (let i = 0; i < keys.length; i += CHUNK) {
    const chunk = keys.slice(i, i + CHUNK);
    const res = await settledOf(
      rpc,
      chunk.map((k) => rpcCalls.getBalance(k.address, k.block)),
    );
    chunk.forEach((k, j) => {
      const r = res[j];
      out.push({ ...k, balance: r?.ok ? r.result : null });
    });
  }
  return out;
}

export async function writeBalanceHistory(tx: Transaction<DB> | Kysely<DB>, rows: readonly BalanceAt[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 5_000) {
    const part = rows.slice(i, i + 5_000);
    await sql`INSERT INTO coin_balance_history (address, block_number, balance)
      SELECT * FROM unnest(${part.map((r) => r.address)}::text[], ${part.map((r) => r.block)}::bigint[],
        ${part.map((r) => (r.balance === null ? null : r.balance.toString()))}::numeric[])
      ON CONFLICT (address, block_number) DO UPDATE SET balance = excluded.balance`.execute(tx);
  }
}

/**
 * Reads again the rows of `block` (the snapshot block of a catch-up, replaced by a reorg while the
 * catch-up ran: its rows took the snapshot's values, read on the old chain; prepare.ts).
 */
export async function rereadHistoryAt(rpc: RpcClient, db: Kysely<DB>, block: number): Promise<void> {
  const { rows } = await sql<{ address: string }>`SELECT address FROM coin_balance_history WHERE block_number = ${block}`.execute(db);
  if (rows.length === 0) return;
  const read = await readBalanceHistory(
    rpc,
    rows.map((r) => ({ address: r.address, block })),
  );
  await writeBalanceHistory(db, read);
}
