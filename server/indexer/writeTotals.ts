/**
 * The running totals of one batch, inside the caller's transaction, as upserts that add the
 * batch's deltas: per address (balance from the node, transaction count, gas, first and last
 * block), per hour (transactions, fees, token and contract calls), per (token, holder) (balance
 * from the node). rollback.ts subtracts exactly what these added.
 */
import type { Kysely, Transaction } from 'kysely';
import { bulkColumns, bulkInsert } from '../db/bulk';
import type { DB } from '../db/schema';
import { parseHolderKey, type HolderKey } from './holderKey';
import type { BatchRows } from './rowTypes';

type Tx = Transaction<DB> | Kysely<DB>;
const s = (v: bigint | null): string | null => (v === null ? null : v.toString());

const ADDRESS_COLUMNS = bulkColumns('addresses', [
  'address',
  'balance',
  'tx_count',
  'gas_used',
  'first_block',
  'last_block',
  'is_contract',
]);
const HOURLY_COLUMNS = bulkColumns('hourly_stats', ['hour_start', 'tx_count', 'total_fee', 'token_tx_count', 'contract_tx_count']);
const TOKEN_BALANCE_COLUMNS = bulkColumns('token_balances', ['token_address', 'holder', 'balance', 'last_block']);

export async function upsertAddressTotals(
  tx: Tx,
  addressDeltas: BatchRows['addressDeltas'],
  balances: Map<string, bigint>,
  isContract: (address: string) => boolean,
): Promise<void> {
  const addrRows = [...addressDeltas].map(([a, d]) => [
    a,
    s(balances.get(a) ?? 0n),
    d.txCount,
    s(d.gasUsed),
    d.firstBlock,
    d.lastBlock,
    isContract(a),
  ]);
  if (!addrRows.length) return;
  await bulkInsert(
    tx,
    'addresses',
    ADDRESS_COLUMNS,
    addrRows,
    `ON CONFLICT (address) DO UPDATE SET balance = EXCLUDED.balance,
      tx_count = addresses.tx_count + EXCLUDED.tx_count, gas_used = addresses.gas_used + EXCLUDED.gas_used,
      first_block = LEAST(addresses.first_block, EXCLUDED.first_block), last_block = GREATEST(addresses.last_block, EXCLUDED.last_block),
      is_contract = addresses.is_contract OR EXCLUDED.is_contract`,
  );
}

export async function upsertHourlyStats(tx: Tx, hourly: BatchRows['hourly']): Promise<void> {
  const hourRows = [...hourly].map(([h, d]) => [h, d.txCount, s(d.totalFee), d.tokenTx, d.contractTx]);
  if (!hourRows.length) return;
  await bulkInsert(
    tx,
    'hourly_stats',
    HOURLY_COLUMNS,
    hourRows,
    `ON CONFLICT (hour_start) DO UPDATE SET tx_count = hourly_stats.tx_count + EXCLUDED.tx_count,
      total_fee = hourly_stats.total_fee + EXCLUDED.total_fee, token_tx_count = hourly_stats.token_tx_count + EXCLUDED.token_tx_count,
      contract_tx_count = hourly_stats.contract_tx_count + EXCLUDED.contract_tx_count`,
  );
}

/** Token balances as read from the node, stamped with the batch's last block. */
export async function upsertTokenBalances(tx: Tx, tokenBalances: Map<HolderKey, bigint>, lastBlock: number): Promise<void> {
  const tb = [...tokenBalances].map(([k, v]) => {
    const { token, holder } = parseHolderKey(k);
    return [token, holder, v.toString(), lastBlock];
  });
  if (!tb.length) return;
  await bulkInsert(
    tx,
    'token_balances',
    TOKEN_BALANCE_COLUMNS,
    tb,
    'ON CONFLICT (token_address, holder) DO UPDATE SET balance = EXCLUDED.balance, last_block = EXCLUDED.last_block',
  );
}
