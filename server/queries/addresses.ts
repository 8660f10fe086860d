/**
 * Address queries: the summary row, one page of the address's transactions, its internal
 * transactions, and the top accounts. Pages come from an index in the list's order:
 * address_transactions' primary key (address, block_number, tx_index) read backwards, the
 * internal_transactions from/to indexes, addresses_balance_idx.
 */
import type { InternalTransactionItem, TopAccount } from '../../common/api/addresses';
import type { TransactionListItem } from '../../common/api/transactions';
import { getBalance } from '../chain/rpcActions';
import type { ApiContext } from '../core/context';
import { isoTime, rubyAddress, toAmount, toWei } from '../core/format';
import type { Page } from '../core/params';
import { liveBalance, traceAvailability } from './traceAvailability';
import { TX_LIST_COLUMNS, displayDecodedInput, toTransactionListItem } from './transactionRows';
import { listExtras, type ListOptions } from './listExtras';
import { INDEX_ORDER_THRESHOLD, countFromOrTo, inIndexOrder } from '../core/indexOrder';

/** The indexed head (indexer_state.last_block), read once per block; null before the first batch. */
export function indexedHead(ctx: ApiContext): Promise<number | null> {
  return ctx.cache.get('indexedHead', async () => {
    const r = await ctx.db.selectFrom('indexer_state').select('last_block').where('id', '=', 1).executeTakeFirst();
    return r?.last_block ?? null;
  });
}

export interface AddressSummary {
  balanceWei: string;
  txCount: number;
  gasUsed: string;
  /** Block at which the balance was read from the node. */
  balanceBlock: number | null;
}

/**
 * What the indexer keeps about an address. An address it has never seen in a transaction (a
 * genesis allocation, a token-only holder, a typo) may still hold coin: its balance is read from
 * the node at the indexed head, so the page never shows an untrue 0.
 */
export async function addressSummary(ctx: ApiContext, address: string): Promise<AddressSummary> {
  const [row, head] = await Promise.all([
    ctx.db
      .selectFrom('addresses')
      .select(['balance', 'tx_count', 'gas_used', 'last_block'])
      .where('address', '=', address)
      .executeTakeFirst(),
    indexedHead(ctx),
  ]);
  if (row) {
    const summary = { balanceWei: toWei(row.balance), txCount: row.tx_count, gasUsed: toWei(row.gas_used), balanceBlock: row.last_block };
    // Without traces a contract may have paid this address unseen: never show a stale balance.
    if (head === null || (await traceAvailability(ctx)).tipTraced) return summary;
    const live = await liveBalance(ctx, address, head, summary.balanceWei);
    return live.live ? { ...summary, balanceWei: live.wei, balanceBlock: head } : summary;
  }
  const wei = await getBalance(ctx.rpc, address, head ?? 'latest');
  return { balanceWei: wei.toString(), txCount: 0, gasUsed: '0', balanceBlock: head };
}

const T_COLUMNS = TX_LIST_COLUMNS.map((c) => `t.${c}` as const);

/**
 * One page of an address's transactions, newest first: the page's (block_number, tx_index) keys
 * come from a backward index-only range scan of address_transactions' primary key (LIMIT/OFFSET
 * skip index entries, never rows), then exactly those transactions are joined by
 * transactions_position_idx.
 */
export async function addressTransactions(
  ctx: ApiContext,
  address: string,
  page: Page,
  total: number,
  opts: ListOptions = {},
): Promise<TransactionListItem[]> {
  if (page.offset >= total) return [];
  // Pages in the older half are read from the oldest end (the same rows, fewer index entries to
  // skip): the last page costs what the first does. `total` is the indexer's count, written in
  // the same transaction as the rows, and the oldest end only moves on a deep reorg.
  const fromOldest = page.offset + page.size / 2 > total / 2;
  const dir = fromOldest ? 'asc' : 'desc';
  const limit = fromOldest ? Math.min(page.size, total - page.offset) : page.size;
  const offset = fromOldest ? Math.max(0, total - page.offset - page.size) : page.offset;
  const rows = await inIndexOrder(ctx, total > INDEX_ORDER_THRESHOLD, (db) => {
    const keys = db
      .selectFrom('address_transactions')
      .select(['block_number', 'tx_index'])
      .where('address', '=', address)
      .orderBy('block_number', dir)
      .orderBy('tx_index', dir)
      .limit(limit)
      .offset(offset)
      .as('p');
    return db
      .selectFrom(keys)
      .innerJoin('transactions as t', (j) => j.onRef('t.block_number', '=', 'p.block_number').onRef('t.tx_index', '=', 'p.tx_index'))
      .select(T_COLUMNS)
      .orderBy('t.block_number', 'desc')
      .orderBy('t.tx_index', 'desc')
      .execute();
  });
  return listExtras(ctx, rows.map(toTransactionListItem), opts);
}

const INTERNAL_COLUMNS = [
  'block_number',
  'tx_index',
  'trace_index',
  'tx_hash',
  'timestamp',
  'trace_address',
  'call_type',
  'from_address',
  'to_address',
  'value',
  'error',
] as const;

/**
 * Internal transactions from or to an address, newest first (block, transaction, position in the
 * trace): the first `offset + size` entries of the from and the to index ranges (to-but-not-from,
 * so a self call counts once), merged by the database; then the parent transactions' fee, status
 * and decoded input for the page. The counts come first: they decide whether the page is empty
 * and whether to force index order.
 */
export async function addressInternalTransactions(
  ctx: ApiContext,
  address: string,
  page: Page,
): Promise<{ rows: InternalTransactionItem[]; total: number }> {
  const total = await countFromOrTo(ctx, 'internal_transactions', address);
  if (page.offset >= total) return { rows: [], total };
  const reach = page.offset + page.size;
  const rows = await inIndexOrder(ctx, total > INDEX_ORDER_THRESHOLD, (db) => {
    const fromRange = db
      .selectFrom('internal_transactions')
      .select(INTERNAL_COLUMNS)
      .where('from_address', '=', address)
      .orderBy('block_number', 'desc')
      .orderBy('tx_index', 'desc')
      .orderBy('trace_index', 'desc')
      .limit(reach);
    const toRange = db
      .selectFrom('internal_transactions')
      .select(INTERNAL_COLUMNS)
      .where('to_address', '=', address)
      .where('from_address', '<>', address)
      .orderBy('block_number', 'desc')
      .orderBy('tx_index', 'desc')
      .orderBy('trace_index', 'desc')
      .limit(reach);
    return db
      .selectFrom(fromRange.as('f'))
      .selectAll()
      .unionAll(db.selectFrom(toRange.as('t')).selectAll())
      .orderBy('block_number', 'desc')
      .orderBy('tx_index', 'desc')
      .orderBy('trace_index', 'desc')
      .limit(page.size)
      .offset(page.offset)
      .execute();
  });
  const hashes = [...new Set(rows.map((r) => r.tx_hash))];
  const parents =
    hashes.length === 0
      ? []
      : await ctx.db.selectFrom('transactions').select(['hash', 'fee', 'status', 'decoded_input']).where('hash', 'in', hashes).execute();
  const byHash = new Map(parents.map((p) => [p.hash, p]));
  const items = rows.map((r): InternalTransactionItem => {
    const parent = byHash.get(r.tx_hash);
    return {
      hash: r.tx_hash,
      blockNumber: r.block_number,
      timestamp: r.timestamp,
      createdAt: isoTime(r.timestamp),
      traceAddress: r.trace_address,
      contract: rubyAddress(r.from_address),
      from: rubyAddress(r.from_address),
      to: rubyAddress(r.to_address),
      value: toAmount(r.value),
      valueWei: toWei(r.value),
      fee: toAmount(parent?.fee),
      feeWei: toWei(parent?.fee),
      callType: r.call_type,
      error: r.error,
      status: parent?.status === 1 && r.error === null ? 1 : 0,
      decodedInput: displayDecodedInput(parent?.decoded_input),
    };
  });
  return { rows: items, total };
}

/** Addresses with a non-zero balance (the top-accounts total), counted once per block. */
export function holderTotal(ctx: ApiContext): Promise<number> {
  return ctx.cache.get('topAccountsTotal', async () => {
    const r = await ctx.db
      .selectFrom('addresses')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('balance', '>', '0')
      .executeTakeFirstOrThrow();
    return Number(r.n);
  });
}

/**
 * The supply the top-accounts percentage divides by (RUBY): RUBY_TOTAL_SUPPLY, or when unset on
 * the bundled devnet the sum of all indexed balances, once per block.
 */
export async function chainSupply(ctx: ApiContext): Promise<number> {
  return ctx.config.totalSupply ?? toAmount(await indexedBalanceSum(ctx));
}

/** The sum of all indexed coin balances (wei), once per block. */
export function indexedBalanceSum(ctx: ApiContext): Promise<string> {
  return ctx.cache.get('indexedBalanceSum', async () => {
    const r = await ctx.db
      .selectFrom('addresses')
      .select((eb) => eb.fn.sum<string | null>('balance').as('s'))
      .executeTakeFirstOrThrow();
    return toWei(r.s ?? '0');
  });
}

/** Richest addresses first (addresses_balance_idx: balance DESC, address). */
export async function topAccounts(ctx: ApiContext, page: Page): Promise<TopAccount[]> {
  const [rows, supply] = await Promise.all([
    ctx.db
      .selectFrom('addresses')
      .select(['address', 'balance'])
      .where('balance', '>', '0')
      .orderBy('balance', 'desc')
      .orderBy('address', 'asc')
      .limit(page.size)
      .offset(page.offset)
      .execute(),
    chainSupply(ctx),
  ]);
  return rows.map((r, i) => {
    const balance = toAmount(r.balance);
    return {
      rank: page.offset + i + 1,
      address: rubyAddress(r.address),
      balance,
      balanceWei: toWei(r.balance),
      percentage: supply > 0 ? (balance / supply) * 100 : 0,
    };
  });
}
