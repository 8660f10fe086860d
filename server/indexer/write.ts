/**
 * Writing one indexed batch, and rolling chain data back. Both run inside the caller's database
 * transaction. Running aggregates (address counts, hourly stats, contract counts) move by deltas,
 * and a rollback subtracts exactly what the deleted rows had added, so "index, roll back, index
 * again" leaves the same numbers as indexing once.
 *
 * Chain rows (blocks, transactions, logs, transfers, internal calls, address links) cannot exist
 * yet when a batch is written (re-indexing deletes them first), so they go in with COPY; rows that
 * may exist (contracts, running aggregates, balances) are upserts.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import { bulkInsert } from '../db/bulk';
import { copyInsert } from '../db/copy';
import type { DB } from '../db/schema';
import type { ContractInfo } from './chainState';
import { parseHolderKey, type HolderKey } from './holderKey';
import type { BatchRows } from './transform';

type Tx = Transaction<DB> | Kysely<DB>;
const s = (v: bigint | null): string | null => (v === null ? null : v.toString());

export interface BatchState {
  contracts: Map<string, ContractInfo>;
  balances: Map<string, bigint>;
  tokenBalances: Map<HolderKey, bigint>;
  totalSupplies: Map<string, bigint>;
  isContract: (address: string) => boolean;
}

export async function writeBatch(tx: Tx, rows: BatchRows, state: BatchState, lastBlock: number): Promise<void> {
  await copyInsert(
    tx,
    'blocks',
    [
      { name: 'number', type: 'bigint' },
      { name: 'hash', type: 'text' },
      { name: 'parent_hash', type: 'text' },
      { name: 'miner', type: 'text' },
      { name: 'timestamp', type: 'bigint' },
      { name: 'size', type: 'integer' },
      { name: 'gas_used', type: 'numeric' },
      { name: 'gas_limit', type: 'numeric' },
      { name: 'base_fee_per_gas', type: 'numeric' },
      { name: 'difficulty', type: 'numeric' },
      { name: 'total_difficulty', type: 'numeric' },
      { name: 'nonce', type: 'text' },
      { name: 'extra_data', type: 'text' },
      { name: 'mix_hash', type: 'text' },
      { name: 'receipts_root', type: 'text' },
      { name: 'sha3_uncles', type: 'text' },
      { name: 'state_root', type: 'text' },
      { name: 'tx_count', type: 'integer' },
      { name: 'traced', type: 'boolean' },
    ],
    rows.blocks,
    (b) => [
      b.number,
      b.hash,
      b.parentHash,
      b.miner,
      b.timestamp,
      b.size,
      s(b.gasUsed),
      s(b.gasLimit),
      s(b.baseFeePerGas),
      s(b.difficulty),
      s(b.totalDifficulty),
      b.nonce,
      b.extraData,
      b.mixHash,
      b.receiptsRoot,
      b.sha3Uncles,
      b.stateRoot,
      b.txCount,
      b.traced,
    ],
  );

  await copyInsert(
    tx,
    'transactions',
    [
      { name: 'hash', type: 'text' },
      { name: 'block_number', type: 'bigint' },
      { name: 'tx_index', type: 'integer' },
      { name: 'timestamp', type: 'bigint' },
      { name: 'from_address', type: 'text' },
      { name: 'to_address', type: 'text' },
      { name: 'contract_address', type: 'text' },
      { name: 'value', type: 'numeric' },
      { name: 'gas', type: 'numeric' },
      { name: 'gas_price', type: 'numeric' },
      { name: 'max_fee_per_gas', type: 'numeric' },
      { name: 'max_priority_fee_per_gas', type: 'numeric' },
      { name: 'effective_gas_price', type: 'numeric' },
      { name: 'gas_used', type: 'numeric' },
      { name: 'fee', type: 'numeric' },
      { name: 'nonce', type: 'bigint' },
      { name: 'input', type: 'text' },
      { name: 'status', type: 'smallint' },
      { name: 'envelope_type', type: 'smallint' },
      { name: 'chain_id', type: 'bigint' },
      { name: 'v', type: 'text' },
      { name: 'r', type: 'text' },
      { name: 's', type: 'text' },
      { name: 'tx_type', type: 'smallint' },
      { name: 'method', type: 'text' },
      { name: 'decoded_input', type: 'jsonb' },
      { name: 'token_address', type: 'text' },
    ],
    rows.txs,
    (t) => [
      t.hash,
      t.blockNumber,
      t.txIndex,
      t.timestamp,
      t.from,
      t.to,
      t.contractAddress,
      s(t.value),
      s(t.gas),
      s(t.gasPrice),
      s(t.maxFeePerGas),
      s(t.maxPriorityFeePerGas),
      s(t.effectiveGasPrice),
      s(t.gasUsed),
      s(t.fee),
      t.nonce,
      t.input,
      t.status,
      t.envelopeType,
      t.chainId,
      t.v,
      t.r,
      t.s,
      t.txType,
      t.method,
      t.decodedInput,
      t.tokenAddress,
    ],
  );

  await copyInsert(
    tx,
    'address_transactions',
    [
      { name: 'address', type: 'text' },
      { name: 'block_number', type: 'bigint' },
      { name: 'tx_index', type: 'integer' },
      { name: 'hash', type: 'text' },
    ],
    rows.addressTxs,
    (a) => [a.address, a.blockNumber, a.txIndex, a.hash],
  );

  await copyInsert(
    tx,
    'logs',
    [
      { name: 'block_number', type: 'bigint' },
      { name: 'log_index', type: 'integer' },
      { name: 'tx_hash', type: 'text' },
      { name: 'tx_index', type: 'integer' },
      { name: 'address', type: 'text' },
      { name: 'topic0', type: 'text' },
      { name: 'topic1', type: 'text' },
      { name: 'topic2', type: 'text' },
      { name: 'topic3', type: 'text' },
      { name: 'data', type: 'text' },
    ],
    rows.logs,
    (l) => [l.blockNumber, l.logIndex, l.txHash, l.txIndex, l.address, l.topics[0], l.topics[1], l.topics[2], l.topics[3], l.data],
  );

  await copyInsert(
    tx,
    'token_transfers',
    [
      { name: 'block_number', type: 'bigint' },
      { name: 'log_index', type: 'integer' },
      { name: 'tx_hash', type: 'text' },
      { name: 'tx_index', type: 'integer' },
      { name: 'timestamp', type: 'bigint' },
      { name: 'token_address', type: 'text' },
      { name: 'from_address', type: 'text' },
      { name: 'to_address', type: 'text' },
      { name: 'value', type: 'numeric' },
      { name: 'token_id', type: 'numeric' },
    ],
    rows.transfers,
    (t) => [t.blockNumber, t.logIndex, t.txHash, t.txIndex, t.timestamp, t.token, t.from, t.to, s(t.value), s(t.tokenId)],
  );

  await copyInsert(
    tx,
    'internal_transactions',
    [
      { name: 'block_number', type: 'bigint' },
      { name: 'tx_hash', type: 'text' },
      { name: 'tx_index', type: 'integer' },
      { name: 'trace_index', type: 'integer' },
      { name: 'timestamp', type: 'bigint' },
      { name: 'trace_address', type: 'text' },
      { name: 'call_type', type: 'text' },
      { name: 'from_address', type: 'text' },
      { name: 'to_address', type: 'text' },
      { name: 'value', type: 'numeric' },
      { name: 'gas', type: 'numeric' },
      { name: 'gas_used', type: 'numeric' },
      { name: 'input', type: 'text' },
      { name: 'output', type: 'text' },
      { name: 'error', type: 'text' },
    ],
    rows.internal,
    (c) => [
      c.blockNumber,
      c.txHash,
      c.txIndex,
      c.traceIndex,
      c.timestamp,
      c.traceAddress,
      c.callType,
      c.from,
      c.to,
      s(c.value),
      s(c.gas),
      s(c.gasUsed),
      c.input,
      c.output,
      c.error,
    ],
  );

  await copyInsert(
    tx,
    'withdrawals',
    [
      { name: 'block_number', type: 'bigint' },
      { name: 'position', type: 'integer' },
      { name: 'withdrawal_index', type: 'numeric' },
      { name: 'validator_index', type: 'numeric' },
      { name: 'address', type: 'text' },
      { name: 'amount', type: 'numeric' },
      { name: 'timestamp', type: 'bigint' },
    ],
    rows.withdrawals,
    (w) => [w.blockNumber, w.position, s(w.index), s(w.validatorIndex), w.address, s(w.amountWei), w.timestamp],
  );

  await bulkInsert(
    tx,
    'contracts',
    [
      { name: 'address', type: 'text' },
      { name: 'block_number', type: 'bigint' },
      { name: 'tx_hash', type: 'text' },
      { name: 'creator', type: 'text' },
      { name: 'timestamp', type: 'bigint' },
      { name: 'contract_type', type: 'text' },
      { name: 'is_nft', type: 'boolean' },
      { name: 'name', type: 'text' },
      { name: 'symbol', type: 'text' },
      { name: 'decimals', type: 'integer' },
      { name: 'total_supply', type: 'numeric' },
    ],
    rows.created.map((c) => {
      const info = state.contracts.get(c.address);
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
        s(state.totalSupplies.get(c.address) ?? info?.totalSupply ?? null),
      ];
    }),
    'ON CONFLICT (address) DO NOTHING',
  );

  await applyDeltas(tx, rows, state, lastBlock);
}

async function applyDeltas(tx: Tx, rows: BatchRows, state: BatchState, lastBlock: number): Promise<void> {
  const addrRows = [...rows.addressDeltas].map(([a, d]) => [
    a,
    s(state.balances.get(a) ?? 0n),
    d.txCount,
    s(d.gasUsed),
    d.firstBlock,
    d.lastBlock,
    state.isContract(a),
  ]);
  if (addrRows.length) {
    await bulkInsert(
      tx,
      'addresses',
      [
        { name: 'address', type: 'text' },
        { name: 'balance', type: 'numeric' },
        { name: 'tx_count', type: 'bigint' },
        { name: 'gas_used', type: 'numeric' },
        { name: 'first_block', type: 'bigint' },
        { name: 'last_block', type: 'bigint' },
        { name: 'is_contract', type: 'boolean' },
      ],
      addrRows,
      `ON CONFLICT (address) DO UPDATE SET balance = EXCLUDED.balance,
      tx_count = addresses.tx_count + EXCLUDED.tx_count, gas_used = addresses.gas_used + EXCLUDED.gas_used,
      first_block = LEAST(addresses.first_block, EXCLUDED.first_block), last_block = GREATEST(addresses.last_block, EXCLUDED.last_block),
      is_contract = addresses.is_contract OR EXCLUDED.is_contract`,
    );
  }
  const hourRows = [...rows.hourly].map(([h, d]) => [h, d.txCount, s(d.totalFee), d.tokenTx, d.contractTx]);
  if (hourRows.length) {
    await bulkInsert(
      tx,
      'hourly_stats',
      [
        { name: 'hour_start', type: 'bigint' },
        { name: 'tx_count', type: 'bigint' },
        { name: 'total_fee', type: 'numeric' },
        { name: 'token_tx_count', type: 'bigint' },
        { name: 'contract_tx_count', type: 'bigint' },
      ],
      hourRows,
      `ON CONFLICT (hour_start) DO UPDATE SET tx_count = hourly_stats.tx_count + EXCLUDED.tx_count,
      total_fee = hourly_stats.total_fee + EXCLUDED.total_fee, token_tx_count = hourly_stats.token_tx_count + EXCLUDED.token_tx_count,
      contract_tx_count = hourly_stats.contract_tx_count + EXCLUDED.contract_tx_count`,
    );
  }
  const contractRows = [...rows.contractDeltas].map(([a, d]) => [a, d.txCount, d.transferCount]);
  if (contractRows.length) {
    await sql`UPDATE contracts c SET tx_count = c.tx_count + d.tx, transfer_count = c.transfer_count + d.tr
      FROM unnest(${contractRows.map((r) => r[0])}::text[], ${contractRows.map((r) => r[1])}::bigint[], ${contractRows.map((r) => r[2])}::bigint[]) AS d(address, tx, tr)
      WHERE c.address = d.address`.execute(tx);
  }
  if (state.totalSupplies.size) {
    const list = [...state.totalSupplies];
    await sql`UPDATE contracts c SET total_supply = d.ts FROM unnest(${list.map(([a]) => a)}::text[], ${list.map(([, v]) => v.toString())}::numeric[]) AS d(address, ts)
      WHERE c.address = d.address`.execute(tx);
  }
  const tb = [...state.tokenBalances].map(([k, v]) => {
    const { token, holder } = parseHolderKey(k);
    return [token, holder, v.toString(), lastBlock];
  });
  if (tb.length) {
    await bulkInsert(
      tx,
      'token_balances',
      [
        { name: 'token_address', type: 'text' },
        { name: 'holder', type: 'text' },
        { name: 'balance', type: 'numeric' },
        { name: 'last_block', type: 'bigint' },
      ],
      tb,
      'ON CONFLICT (token_address, holder) DO UPDATE SET balance = EXCLUDED.balance, last_block = EXCLUDED.last_block',
    );
  }
}
