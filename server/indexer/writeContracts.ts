/**
 * The contracts of one batch, inside the caller's transaction: the new ones inserted with what
 * the prepare stage learnt of them (kind, name, symbol, decimals, supply), then every contract's
 * running counts and changed total supplies updated. A contract may already be stored (a block
 * indexed again), hence upserts rather than COPY.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import { bulkColumns, bulkInsert } from '../db/bulk';
import type { DB } from '../db/schema';
import type { ContractInfo } from './chainState';
import type { BatchRows } from './rowTypes';

type Tx = Transaction<DB> | Kysely<DB>;
const s = (v: bigint | null): string | null => (v === null ? null : v.toString());

// prettier-ignore
const CONTRACT_COLUMNS = bulkColumns('contracts', [
  'address', 'block_number', 'tx_hash', 'creator', 'timestamp', 'contract_type', 'is_nft', 'name', 'symbol', 'decimals', 'total_supply',
]);

/** The contracts created in the batch; one already stored is left as it is. */
export async function insertCreatedContracts(
  tx: Tx,
  created: BatchRows['created'],
  contracts: Map<string, ContractInfo>,
  totalSupplies: Map<string, bigint>,
): Promise<void> {
  await bulkInsert(
    tx,
    'contracts',
    CONTRACT_COLUMNS,
    created.map((c) => {
      const info = contracts.get(c.address);
      return [
        c.address,
        c.blockNumber,
        c.txHash,
        c.creator,
        c.timestamp,
        info?.contractType ?? 'dapp',
        info?.isNft ?? false,
        info?.name ?? null,
        info?.symbol ?? null,
        info?.decimals ?? null,
        s(totalSupplies.get(c.address) ?? info?.totalSupply ?? null),
      ];
    }),
    'ON CONFLICT (address) DO NOTHING',
  );
}

/** Adds the batch's transaction and transfer counts to its contracts, and stores changed supplies. */
export async function updateContractTotals(
  tx: Tx,
  contractDeltas: BatchRows['contractDeltas'],
  totalSupplies: Map<string, bigint>,
): Promise<void> {
  const contractRows = [...contractDeltas].map(([a, d]) => [a, d.txCount, d.transferCount]);
  if (contractRows.length) {
    await sql`UPDATE contracts c SET tx_count = c.tx_count + d.tx, transfer_count = c.transfer_count + d.tr
      FROM unnest(${contractRows.map((r) => r[0])}::text[], ${contractRows.map((r) => r[1])}::bigint[], ${contractRows.map((r) => r[2])}::bigint[]) AS d(address, tx, tr)
      WHERE c.address = d.address`.execute(tx);
  }
  if (totalSupplies.size) {
    const list = [...totalSupplies];
    await sql`UPDATE contracts c SET total_supply = d.ts FROM unnest(${list.map(([a]) => a)}::text[], ${list.map(([, v]) => v.toString())}::numeric[]) AS d(address, ts)
      WHERE c.address = d.address`.execute(tx);
  }
}
