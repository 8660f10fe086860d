/**
 * The rows the State tab reads from the index: the transaction with its block's miner
 * and base fee, its internal calls, RBC20 transfers and log topics, and for the balances before it
 * what the same block's earlier transactions moved.
 */
import type { ApiContext } from '../core/context';
import { indexedDifferences, type IndexedCall, type IndexedTx } from './stateDiff';

export interface StateTxRow extends IndexedTx {
  hash: string;
  blockNumber: number;
  txIndex: number;
  input: string;
  /** false: the block was indexed without call traces, so internal calls are not known. */
  traced: boolean;
}

export interface TokenMove {
  token: string;
  from: string;
  to: string;
  value: string;
}

export interface StateTxRows {
  tx: StateTxRow;
  calls: IndexedCall[];
  /** RBC20 transfers (no token id) in log order. */
  moves: TokenMove[];
  topics: string[];
}

const TX_COLUMNS = [
  't.from_address',
  't.to_address',
  't.contract_address',
  't.value',
  't.status',
  't.gas_used',
  't.effective_gas_price',
] as const;

interface TxColumns {
  from_address: string;
  to_address: string | null;
  contract_address: string | null;
  value: string;
  status: number;
  gas_used: string;
  effective_gas_price: string;
  nonce: number;
}

/** What the index's coin differences need of a transaction row (its block's miner and base fee beside it). */
function indexedTx(r: TxColumns, miner: string, baseFee: IndexedTx['baseFee']): IndexedTx {
  return {
    from: r.from_address,
    to: r.to_address,
    created: r.contract_address,
    value: r.value,
    status: r.status,
    gasUsed: r.gas_used,
    effectiveGasPrice: r.effective_gas_price,
    nonce: r.nonce,
    miner,
    baseFee,
  };
}

const indexedCall = (c: { from_address: string; to_address: string | null; value: string; error: string | null }): IndexedCall => ({
  from: c.from_address,
  to: c.to_address,
  value: c.value,
  error: c.error,
});

/** The transaction's rows, or null when it is not indexed. */
export async function stateTxRows(ctx: ApiContext, hash: string): Promise<StateTxRows | null> {
  const r = await ctx.db
    .selectFrom('transactions as t')
    .innerJoin('blocks as b', 'b.number', 't.block_number')
    .select([...TX_COLUMNS, 't.hash', 't.block_number', 't.tx_index', 't.nonce', 't.input', 'b.miner', 'b.base_fee_per_gas', 'b.traced'])
    .where('t.hash', '=', hash)
    .executeTakeFirst();
  if (!r) return null;
  const at = (q: 'internal_transactions' | 'logs') =>
    ctx.db.selectFrom(q).where('block_number', '=', r.block_number).where('tx_index', '=', r.tx_index);
  const [calls, moves, logs] = await Promise.all([
    at('internal_transactions').select(['from_address', 'to_address', 'value', 'error']).orderBy('trace_index').execute(),
    ctx.db
      .selectFrom('token_transfers')
      .select(['token_address', 'from_address', 'to_address', 'value'])
      .where('block_number', '=', r.block_number)
      .where('tx_index', '=', r.tx_index)
      .where('token_id', 'is', null)
      .orderBy('log_index')
      .execute(),
    at('logs').select(['topic1', 'topic2', 'topic3']).orderBy('log_index').execute(),
  ]);
  return {
    tx: {
      hash: r.hash,
      blockNumber: r.block_number,
      txIndex: r.tx_index,
      input: r.input,
      traced: r.traced,
      ...indexedTx(r, r.miner.toLowerCase(), r.base_fee_per_gas),
    },
    calls: calls.map(indexedCall),
    moves: moves.map((m) => ({ token: m.token_address, from: m.from_address, to: m.to_address, value: m.value })),
    topics: logs.flatMap((l) => [l.topic1, l.topic2, l.topic3]).filter((t): t is string => t !== null),
  };
}

/** The coin each of `addresses` gained or lost in the block's transactions before `tx` (by the index). */
export async function earlierCoin(ctx: ApiContext, tx: StateTxRow, addresses: readonly string[]): Promise<Map<string, bigint>> {
  const out = new Map<string, bigint>();
  if (tx.txIndex === 0 || addresses.length === 0) return out;
  const rows = await ctx.db
    .selectFrom('transactions as t')
    .select([...TX_COLUMNS, 't.tx_index', 't.nonce'])
    .where('t.block_number', '=', tx.blockNumber)
    .where('t.tx_index', '<', tx.txIndex)
    .execute();
  const calls = await ctx.db
    .selectFrom('internal_transactions')
    .select(['tx_index', 'from_address', 'to_address', 'value', 'error'])
    .where('block_number', '=', tx.blockNumber)
    .where('tx_index', '<', tx.txIndex)
    .where((eb) => eb.or([eb('from_address', 'in', addresses), eb('to_address', 'in', addresses)]))
    .execute();
  const wanted = new Set(addresses);
  for (const r of rows) {
    const own = calls.filter((c) => c.tx_index === r.tx_index).map(indexedCall);
    const diffs = indexedDifferences(indexedTx(r, tx.miner, tx.baseFee), own);
    for (const [a, d] of diffs) if (wanted.has(a)) out.set(a, (out.get(a) ?? 0n) + d);
  }
  return out;
}

/** The RBC20 amounts each (token, holder) pair gained or lost in the block's transactions before `tx`. */
export async function earlierTokens(ctx: ApiContext, tx: StateTxRow, tokens: readonly string[]): Promise<Map<string, bigint>> {
  const out = new Map<string, bigint>();
  if (tx.txIndex === 0 || tokens.length === 0) return out;
  const rows = await ctx.db
    .selectFrom('token_transfers')
    .select(['token_address', 'from_address', 'to_address', 'value'])
    .where('block_number', '=', tx.blockNumber)
    .where('tx_index', '<', tx.txIndex)
    .where('token_id', 'is', null)
    .where('token_address', 'in', tokens)
    .execute();
  for (const m of rows) {
    const v = BigInt(m.value);
    out.set(`${m.token_address}:${m.from_address}`, (out.get(`${m.token_address}:${m.from_address}`) ?? 0n) - v);
    out.set(`${m.token_address}:${m.to_address}`, (out.get(`${m.token_address}:${m.to_address}`) ?? 0n) + v);
  }
  return out;
}

/** The shown name of each of `addresses` that is a known contract. */
export async function contractNames(
  ctx: ApiContext,
  addresses: readonly string[],
): Promise<Map<string, { name: string | null; symbol: string | null; decimals: number | null }>> {
  if (addresses.length === 0) return new Map();
  const rows = await ctx.db
    .selectFrom('contracts as c')
    .leftJoin('contract_sources as s', 's.address', 'c.address')
    .select(['c.address', 'c.contract_type', 'c.is_nft', 'c.name', 'c.symbol', 'c.decimals', 's.contract_name'])
    .where('c.address', 'in', addresses)
    .execute();
  return new Map(
    rows.map((r) => [
      r.address,
      {
        name: r.contract_type === 'rbc20' || r.is_nft ? (r.name ?? r.contract_name) : (r.contract_name ?? r.name),
        symbol: r.symbol,
        decimals: r.decimals,
      },
    ]),
  );
}
