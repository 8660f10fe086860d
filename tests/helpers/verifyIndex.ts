/**
 * Checks that the database agrees with the node for every indexed block: block hashes and
 * transaction counts, each transaction's fee and status from its receipt, internal transfers from
 * trace_block, coin balances and RBC20 balances at the indexed head.
 */
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { RpcClient } from '../../server/chain/rpc';
import { toHexQuantity } from '../../server/chain/rpc';
import type { RawBlock, RawReceipt, RawTrace } from '../../server/chain/types';
import type { DB } from '../../server/db/schema';

export async function verifyAgainstNode(
  db: Kysely<DB>,
  rpc: RpcClient,
): Promise<{ blocks: number; txs: number; internal: number; addresses: number; holders: number }> {
  const st = await db.selectFrom('indexer_state').selectAll().executeTakeFirstOrThrow();
  const head = st.last_block as number;
  expect(head).not.toBeNull();
  const numbers = Array.from({ length: head + 1 }, (_, i) => i);
  const blocks = await rpc.batch<RawBlock>(numbers.map((n) => ({ method: 'eth_getBlockByNumber', params: [toHexQuantity(n), true] })));
  const receipts = await rpc.batch<RawReceipt[]>(numbers.map((n) => ({ method: 'eth_getBlockReceipts', params: [toHexQuantity(n)] })));
  const traces = await rpc.batch<RawTrace[]>(numbers.map((n) => ({ method: 'trace_block', params: [toHexQuantity(n)] })));

  const dbBlocks = await db.selectFrom('blocks').select(['number', 'hash', 'tx_count', 'parent_hash']).orderBy('number').execute();
  expect(dbBlocks.map((b) => b.number)).toEqual(numbers);
  expect(dbBlocks.map((b) => b.hash)).toEqual(blocks.map((b) => b.hash.toLowerCase()));
  expect(dbBlocks.map((b) => b.tx_count)).toEqual(blocks.map((b) => b.transactions.length));

  const dbTxs = await db
    .selectFrom('transactions')
    .select(['hash', 'block_number', 'tx_index', 'fee', 'status', 'gas_used', 'value'])
    .orderBy('block_number')
    .orderBy('tx_index')
    .execute();
  const nodeTxs = blocks.flatMap((b, bi) =>
    b.transactions.map((t, i) => {
      const r = (receipts[bi] as RawReceipt[])[i] as RawReceipt;
      return {
        hash: t.hash.toLowerCase(),
        block_number: Number(BigInt(b.number)),
        tx_index: i,
        fee: (BigInt(r.gasUsed) * BigInt(r.effectiveGasPrice ?? '0x0')).toString(),
        status: Number(BigInt(r.status ?? '0x1')),
        gas_used: BigInt(r.gasUsed).toString(),
        value: BigInt(t.value).toString(),
      };
    }),
  );
  expect(dbTxs).toEqual(nodeTxs);

  const internalCount = traces.reduce((n, ts) => n + ts.filter((t) => t.traceAddress.length > 0 && t.type !== 'reward').length, 0);
  const dbInternal = await db
    .selectFrom('internal_transactions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  expect(Number(dbInternal.n)).toBe(internalCount);
  const valued = traces.flatMap((ts) =>
    ts.filter((t) => t.traceAddress.length > 0 && t.type === 'call' && BigInt(t.action.value ?? '0x0') > 0n),
  );
  const dbValued = await db
    .selectFrom('internal_transactions')
    .select(['tx_hash', 'from_address', 'to_address', 'value'])
    .where('value', '>', '0')
    .where('call_type', '=', 'call')
    .orderBy('block_number')
    .orderBy('tx_index')
    .orderBy('trace_index')
    .execute();
  expect(dbValued).toEqual(
    valued.map((t) => ({
      tx_hash: t.transactionHash?.toLowerCase(),
      from_address: t.action.from?.toLowerCase(),
      to_address: t.action.to?.toLowerCase(),
      value: BigInt(t.action.value ?? '0').toString(),
    })),
  );

  const tag = toHexQuantity(head);
  const addrs = await db.selectFrom('addresses').select(['address', 'balance']).execute();
  const bal = await rpc.batch<string>(addrs.map((a) => ({ method: 'eth_getBalance', params: [a.address, tag] })));
  expect(addrs.map((a) => a.balance)).toEqual(bal.map((b) => BigInt(b).toString()));

  const holders = await db.selectFrom('token_balances').select(['token_address', 'holder', 'balance']).execute();
  const tb = await rpc.batch<string>(
    holders.map((h) => ({
      method: 'eth_call',
      params: [{ to: h.token_address, data: `0x70a08231${h.holder.slice(2).padStart(64, '0')}` }, tag],
    })),
  );
  expect(holders.map((h) => h.balance)).toEqual(tb.map((b) => BigInt(b).toString()));

  // The coin balance history (balanceHistory.ts): every row is the node's balance at its block,
  // none above the head (a rollback removed the replaced blocks' rows).
  const history = await db.selectFrom('coin_balance_history').select(['address', 'block_number', 'balance']).execute();
  expect(history.length).toBeGreaterThan(0);
  expect(history.every((h) => Number(h.block_number) <= head)).toBe(true);
  const past = await rpc.batch<string>(
    history.map((h) => ({ method: 'eth_getBalance', params: [h.address, toHexQuantity(Number(h.block_number))] })),
  );
  expect(history.map((h) => `${h.address}@${h.block_number}: ${h.balance}`)).toEqual(
    history.map((h, i) => `${h.address}@${h.block_number}: ${BigInt(past[i] ?? '0x0').toString()}`),
  );

  // Address tx counts equal the rows that list them.
  const counts = await db
    .selectFrom('address_transactions')
    .select(['address', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('address')
    .execute();
  const byAddr = new Map(counts.map((c) => [c.address, Number(c.n)]));
  const stored = await db.selectFrom('addresses').select(['address', 'tx_count']).execute();
  for (const a of stored) expect([a.address, Number(a.tx_count)]).toEqual([a.address, byAddr.get(a.address) ?? 0]);

  return { blocks: dbBlocks.length, txs: dbTxs.length, internal: internalCount, addresses: addrs.length, holders: holders.length };
}

/** Every chain table's rows in a stable order, to compare two indexing runs. */
export async function snapshotTables(db: Kysely<DB>): Promise<Record<string, unknown[]>> {
  const order: Record<string, string> = {
    blocks: 'number',
    transactions: 'hash',
    address_transactions: 'address, block_number, tx_index',
    logs: 'block_number, log_index',
    token_transfers: 'block_number, log_index',
    internal_transactions: 'block_number, tx_index, trace_index',
    contracts: 'address',
    addresses: 'address',
    token_balances: 'token_address, holder',
    hourly_stats: 'hour_start',
  };
  const out: Record<string, unknown[]> = {};
  const { sql } = await import('kysely');
  for (const [table, by] of Object.entries(order)) {
    const r = await sql`SELECT * FROM ${sql.table(table)} ORDER BY ${sql.raw(by)}`.execute(db);
    // When a token balance was last read depends on batch boundaries, not on the chain.
    out[table] = table === 'token_balances' ? r.rows.map((row) => ({ ...(row as object), last_block: null })) : r.rows;
  }
  return out;
}

/** What compareWithNode compared, and every difference it found (empty when the index is right). */
export interface NodeComparison {
  head: number;
  blocks: number;
  txs: number;
  balances: number;
  mismatches: string[];
}

const CHUNK = 100;

async function batched<T>(rpc: RpcClient, calls: { method: string; params: unknown[] }[]): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < calls.length; i += CHUNK) out.push(...(await rpc.batch<T>(calls.slice(i, i + CHUNK))));
  return out;
}

/**
 * The fault suite's check, counting instead of stopping at the first difference: every block's
 * hash and transaction count and every transaction's status (from the node's receipts) for blocks
 * 0..checkpoint, and the coin balances of `sample` addresses of the addresses table (contracts
 * first, up to a third of them; the rest in a fixed pseudo-random order) at the checkpoint block.
 */
export async function compareWithNode(db: Kysely<DB>, rpc: RpcClient, sample = 30): Promise<NodeComparison> {
  const { sql } = await import('kysely');
  const st = await db.selectFrom('indexer_state').select('last_block').executeTakeFirstOrThrow();
  const head = st.last_block ?? -1;
  const mismatches: string[] = [];
  const numbers = Array.from({ length: head + 1 }, (_, i) => i);
  const blocks = await batched<{ hash: string; transactions: string[] } | null>(
    rpc,
    numbers.map((n) => ({ method: 'eth_getBlockByNumber', params: [toHexQuantity(n), false] })),
  );
  const receipts = await batched<RawReceipt[] | null>(
    rpc,
    numbers.map((n) => ({ method: 'eth_getBlockReceipts', params: [toHexQuantity(n)] })),
  );

  const dbBlocks = new Map((await db.selectFrom('blocks').select(['number', 'hash', 'tx_count']).execute()).map((b) => [b.number, b]));
  for (const n of numbers) {
    const ours = dbBlocks.get(n);
    const theirs = blocks[n];
    if (!ours || !theirs) mismatches.push(`block ${n}: ${ours ? 'unknown to the node' : 'missing from the database'}`);
    else if (ours.hash !== theirs.hash.toLowerCase()) mismatches.push(`block ${n}: hash ${ours.hash} ≠ node ${theirs.hash}`);
    else if (ours.tx_count !== theirs.transactions.length)
      mismatches.push(`block ${n}: ${ours.tx_count} transactions ≠ node ${theirs.transactions.length}`);
    dbBlocks.delete(n);
  }
  for (const n of dbBlocks.keys()) mismatches.push(`block ${n}: stored above the checkpoint ${head}`);

  const dbTxs = new Map((await db.selectFrom('transactions').select(['hash', 'block_number', 'status']).execute()).map((t) => [t.hash, t]));
  let txs = 0;
  numbers.forEach((n) => {
    for (const r of receipts[n] ?? []) {
      txs++;
      const hash = r.transactionHash.toLowerCase();
      const ours = dbTxs.get(hash);
      const status = Number(BigInt(r.status ?? '0x1'));
      if (!ours) mismatches.push(`tx ${hash} (block ${n}): missing from the database`);
      else if (ours.block_number !== n || Number(ours.status) !== status)
        mismatches.push(`tx ${hash}: block ${ours.block_number} status ${ours.status} ≠ node block ${n} status ${status}`);
      dbTxs.delete(hash);
    }
  });
  for (const [hash, t] of dbTxs) mismatches.push(`tx ${hash} (block ${t.block_number}): not on the node's chain`);

  const contracts = await sql<{
    address: string;
    balance: string;
  }>`SELECT a.address, a.balance::text AS balance FROM addresses a JOIN contracts c ON c.address = a.address
    ORDER BY md5(a.address) LIMIT ${Math.ceil(sample / 3)}`.execute(db);
  const others = await sql<{ address: string; balance: string }>`SELECT address, balance::text AS balance FROM addresses
    WHERE address NOT IN (SELECT address FROM contracts) ORDER BY md5(address) LIMIT ${sample - contracts.rows.length}`.execute(db);
  const picked = [...contracts.rows, ...others.rows];
  const balances = await batched<string>(
    rpc,
    picked.map((a) => ({ method: 'eth_getBalance', params: [a.address, toHexQuantity(head)] })),
  );
  picked.forEach((a, i) => {
    const node = BigInt(balances[i] as string).toString();
    if (a.balance !== node) mismatches.push(`balance of ${a.address} at ${head}: ${a.balance} ≠ node ${node}`);
  });
  return { head, blocks: numbers.length, txs, balances: picked.length, mismatches };
}

/** Logs a comparison's counts the way bench/README.md quotes them. */
export function logComparison(label: string, c: NodeComparison): void {
  console.log(
    `[faults] ${label}: head ${c.head}, blocks compared ${c.blocks}, transactions compared ${c.txs}, balances compared ${c.balances}, mismatches found ${c.mismatches.length}` +
      (c.mismatches.length ? `\n  ${c.mismatches.slice(0, 20).join('\n  ')}` : ''),
  );
}
