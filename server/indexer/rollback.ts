/**
 * Removing every indexed row of blocks >= `from` (a reorg, or re-indexing a range), subtracting
 * from the running aggregates exactly what those rows had added. Balances of the addresses and
 * token holders those blocks touched are returned so the caller can refresh them from the node.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { rollbackApprovals } from './approvalsWrite';
import { rewindCheckpoint } from './checkpoint';
import { holderKey, isRealHolder, type HolderKey } from './holderKey';

type Tx = Transaction<DB> | Kysely<DB>;

export interface RollbackResult {
  touched: string[];
  tokenHolders: HolderKey[];
}

export async function rollbackFrom(tx: Tx, from: number): Promise<RollbackResult> {
  const any = await sql<{ n: number }>`SELECT count(*)::int AS n FROM blocks WHERE number >= ${from}`.execute(tx);
  if ((any.rows[0]?.n ?? 0) === 0) return { touched: [], tokenHolders: [] };

  // Running aggregates first, while the rows that fed them still exist.
  await sql`UPDATE addresses a SET tx_count = a.tx_count - d.n FROM (
      SELECT address, count(*) AS n FROM address_transactions WHERE block_number >= ${from} GROUP BY address
    ) d WHERE a.address = d.address`.execute(tx);
  await sql`UPDATE addresses a SET gas_used = a.gas_used - d.g FROM (
      SELECT from_address AS address, sum(gas_used) AS g FROM transactions WHERE block_number >= ${from} GROUP BY from_address
    ) d WHERE a.address = d.address`.execute(tx);
  await sql`UPDATE hourly_stats h SET tx_count = h.tx_count - d.n, total_fee = h.total_fee - d.f,
      token_tx_count = h.token_tx_count - d.tt, contract_tx_count = h.contract_tx_count - d.ct FROM (
      SELECT (timestamp / 3600) * 3600 AS hour_start, count(*) AS n, sum(fee) AS f,
        count(*) FILTER (WHERE tx_type = 2) AS tt, count(*) FILTER (WHERE tx_type IN (1, 3)) AS ct
      FROM transactions WHERE block_number >= ${from} GROUP BY 1
    ) d WHERE h.hour_start = d.hour_start`.execute(tx);
  await sql`DELETE FROM hourly_stats WHERE tx_count <= 0`.execute(tx);
  await sql`UPDATE contracts c SET tx_count = c.tx_count - d.n FROM (
      SELECT to_address AS address, count(*) AS n FROM transactions WHERE block_number >= ${from} AND to_address IS NOT NULL GROUP BY to_address
    ) d WHERE c.address = d.address`.execute(tx);
  await sql`UPDATE contracts c SET transfer_count = c.transfer_count - d.n FROM (
      SELECT token_address AS address, count(*) AS n FROM token_transfers WHERE block_number >= ${from} GROUP BY token_address
    ) d WHERE c.address = d.address`.execute(tx);

  const touched = await sql<{ address: string }>`
    SELECT from_address AS address FROM transactions WHERE block_number >= ${from}
    UNION SELECT to_address FROM transactions WHERE block_number >= ${from} AND to_address IS NOT NULL
    UNION SELECT contract_address FROM transactions WHERE block_number >= ${from} AND contract_address IS NOT NULL
    UNION SELECT miner FROM blocks WHERE number >= ${from}
    UNION SELECT address FROM withdrawals WHERE block_number >= ${from}
    UNION SELECT from_address FROM internal_transactions WHERE block_number >= ${from}
    UNION SELECT to_address FROM internal_transactions WHERE block_number >= ${from} AND to_address IS NOT NULL`.execute(tx);
  const holders = await sql<{ token: string; holder: string }>`
    SELECT token_address AS token, from_address AS holder FROM token_transfers WHERE block_number >= ${from} AND token_id IS NULL
    UNION SELECT token_address, to_address FROM token_transfers WHERE block_number >= ${from} AND token_id IS NULL`.execute(tx);

  await rollbackApprovals(tx, from);
  for (const table of [
    'transactions',
    'address_transactions',
    'logs',
    'token_transfers',
    'internal_transactions',
    'contracts',
    'withdrawals',
    'tx_authorizations', // EIP-7702 authorizations and blob fields of the removed blocks
    'tx_blobs',
    'approval_changes', // after rollbackApprovals put back the approvals these had replaced
    'coin_balance_history', // balances at the blocks that touched them (balanceHistory.ts)
    'contract_proxies', // a proxy resolved or upgraded in the removed blocks (the API reads the node again)
  ] as const) {
    await sql`DELETE FROM ${sql.table(table)} WHERE block_number >= ${from}`.execute(tx);
  }
  await sql`DELETE FROM token_balances tb WHERE NOT EXISTS (SELECT 1 FROM contracts c WHERE c.address = tb.token_address)`.execute(tx);
  // Addresses first seen in the removed blocks did not exist before them.
  await sql`DELETE FROM addresses WHERE first_block >= ${from}`.execute(tx);
  await sql`UPDATE addresses SET last_block = ${from - 1} WHERE last_block >= ${from}`.execute(tx);
  await sql`DELETE FROM blocks WHERE number >= ${from}`.execute(tx);

  await rewindCheckpoint(tx, from);

  return {
    touched: touched.rows.map((r) => r.address).filter((a) => !!a),
    tokenHolders: holders.rows.map((r) => holderKey(r.token, r.holder)).filter(isRealHolder),
  };
}
