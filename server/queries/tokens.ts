/**
 * Token queries: RBC20 transfers of an address or of a token, token metadata and holdings.
 * Every list reads its page from an index in the list's order (token_transfers_{from,to,token}_idx,
 * token_balances_holder_idx); the address lists merge the "from" and "to" index ranges.
 */
import type { Selectable } from 'kysely';
import type { TokenHolding, TokenTransferItem } from '../../common/api/tokens';
import { DEFAULT_TOKEN_DECIMALS, TX_TYPE } from '../../common/txTypes';
import type { DB } from '../db/schema';
import type { ApiContext } from '../core/context';
import { isoTime, rubyAddress, toAmount, toWei } from '../core/format';
import type { Page } from '../core/params';
import { INDEX_ORDER_THRESHOLD, countFromOrTo, inIndexOrder } from '../core/indexOrder';

export const TRANSFER_COLUMNS = [
  'block_number',
  'log_index',
  'tx_hash',
  'timestamp',
  'token_address',
  'from_address',
  'to_address',
  'value',
  'token_id',
] as const;
type TransferRow = Pick<Selectable<DB['token_transfers']>, (typeof TRANSFER_COLUMNS)[number]>;

export interface TokenMeta {
  address: string;
  name: string | null;
  symbol: string | null;
  decimals: number;
  totalSupply: string | null;
  /** Transfer events of the token (the indexer's running count). */
  transferCount: number;
}

function toMeta(r: {
  address: string;
  name: string | null;
  symbol: string | null;
  decimals: number | null;
  total_supply: string | null;
  transfer_count: number;
}): TokenMeta {
  return {
    address: r.address,
    name: r.name,
    symbol: r.symbol,
    decimals: r.decimals ?? DEFAULT_TOKEN_DECIMALS,
    totalSupply: r.total_supply,
    transferCount: r.transfer_count,
  };
}

/** An RBC20 token known to the indexer, or null. */
export async function findToken(ctx: ApiContext, address: string): Promise<TokenMeta | null> {
  const r = await ctx.db
    .selectFrom('contracts')
    .select(['address', 'name', 'symbol', 'decimals', 'total_supply', 'transfer_count'])
    .where('address', '=', address)
    .where('contract_type', '=', 'rbc20')
    .executeTakeFirst();
  return r ? toMeta(r) : null;
}

async function tokenMetas(ctx: ApiContext, addresses: string[]): Promise<Map<string, TokenMeta>> {
  const unique = [...new Set(addresses)];
  if (unique.length === 0) return new Map();
  const rows = await ctx.db
    .selectFrom('contracts')
    .select(['address', 'name', 'symbol', 'decimals', 'total_supply', 'transfer_count'])
    .where('address', 'in', unique)
    .execute();
  return new Map(rows.map((r) => [r.address, toMeta(r)]));
}

export function toTransferItem(r: TransferRow, meta: TokenMeta | undefined): TokenTransferItem {
  // An NFT transfer moves one whole item: no decimals.
  const decimals = r.token_id !== null ? 0 : (meta?.decimals ?? DEFAULT_TOKEN_DECIMALS);
  const to = rubyAddress(r.to_address);
  return {
    hash: r.tx_hash,
    blockNumber: r.block_number,
    logIndex: r.log_index,
    timestamp: r.timestamp,
    createdAt: isoTime(r.timestamp),
    from: rubyAddress(r.from_address),
    to,
    tokenAddress: rubyAddress(r.token_address),
    tokenName: meta?.name ?? null,
    tokenSymbol: meta?.symbol ?? null,
    tokenDecimals: decimals,
    value: toAmount(r.value, decimals),
    valueWei: toWei(r.value),
    decodedInput: [{ _to: to, _value: toWei(r.value) }],
    transactiontype: TX_TYPE.tokenTransfer,
    tokenId: r.token_id === null ? null : toWei(r.token_id),
    // A log is only kept in a successful transaction: a listed transfer always succeeded.
    status: 1,
  };
}

async function withMeta(ctx: ApiContext, rows: TransferRow[]): Promise<TokenTransferItem[]> {
  const metas = await tokenMetas(
    ctx,
    rows.map((r) => r.token_address),
  );
  return rows.map((r) => toTransferItem(r, metas.get(r.token_address)));
}

/**
 * Token transfers from or to an address, newest first, whatever the token kind (RBC20 amounts, and
 * NFT transfers with their tokenId: an address that only ever received an NFT still lists it): the
 * first `offset + size` entries of each index range (from, and to-but-not-from so
 * a self transfer counts once), merged by the database.
 */
export async function addressTokenTransfers(
  ctx: ApiContext,
  address: string,
  page: Page,
): Promise<{ rows: TokenTransferItem[]; total: number }> {
  const total = await countFromOrTo(ctx, 'token_transfers', address);
  if (page.offset >= total) return { rows: [], total };
  const reach = page.offset + page.size;
  const rows = await inIndexOrder(ctx, total > INDEX_ORDER_THRESHOLD, (db) => {
    const fromRange = db
      .selectFrom('token_transfers')
      .select(TRANSFER_COLUMNS)
      .where('from_address', '=', address)
      .orderBy('block_number', 'desc')
      .orderBy('log_index', 'desc')
      .limit(reach);
    const toRange = db
      .selectFrom('token_transfers')
      .select(TRANSFER_COLUMNS)
      .where('to_address', '=', address)
      .where('from_address', '<>', address)
      .orderBy('block_number', 'desc')
      .orderBy('log_index', 'desc')
      .limit(reach);
    return db
      .selectFrom(fromRange.as('f'))
      .selectAll()
      .unionAll(db.selectFrom(toRange.as('t')).selectAll())
      .orderBy('block_number', 'desc')
      .orderBy('log_index', 'desc')
      .limit(page.size)
      .offset(page.offset)
      .execute();
  });
  return { rows: await withMeta(ctx, rows), total };
}

/** One token's transfers, newest first (token_transfers_token_idx); the total is the indexer's transfer_count. */
export async function tokenTransfers(ctx: ApiContext, token: TokenMeta, page: Page): Promise<{ rows: TokenTransferItem[]; total: number }> {
  const total = token.transferCount;
  if (page.offset >= total) return { rows: [], total };
  const rows = await inIndexOrder(ctx, total > INDEX_ORDER_THRESHOLD, (db) =>
    db
      .selectFrom('token_transfers')
      .select(TRANSFER_COLUMNS)
      .where('token_address', '=', token.address)
      .orderBy('block_number', 'desc')
      .orderBy('log_index', 'desc')
      .limit(page.size)
      .offset(page.offset)
      .execute(),
  );
  return { rows: rows.map((r) => toTransferItem(r, token)), total };
}

/** Non-zero RBC20 balances of a holder (token_balances_holder_idx), by token name. */
export async function tokenHoldings(ctx: ApiContext, holder: string): Promise<TokenHolding[]> {
  const rows = await ctx.db
    .selectFrom('token_balances as b')
    .innerJoin('contracts as c', 'c.address', 'b.token_address')
    .select(['b.token_address', 'b.balance', 'c.name', 'c.symbol', 'c.decimals'])
    .where('b.holder', '=', holder)
    .where('b.balance', '>', '0')
    .where('c.contract_type', '=', 'rbc20')
    .orderBy('c.name')
    .orderBy('b.token_address')
    .execute();
  return rows.map((r) => {
    const decimals = r.decimals ?? DEFAULT_TOKEN_DECIMALS;
    return {
      contractAddress: rubyAddress(r.token_address),
      name: r.name,
      symbol: r.symbol,
      decimals,
      balance: toAmount(r.balance, decimals),
      balanceWei: toWei(r.balance),
    };
  });
}

/** A holder's balance of one token (base units; '0' when the indexer has none). */
export async function tokenBalanceOf(ctx: ApiContext, token: string, holder: string): Promise<string> {
  const r = await ctx.db
    .selectFrom('token_balances')
    .select('balance')
    .where('token_address', '=', token)
    .where('holder', '=', holder)
    .executeTakeFirst();
  return toWei(r?.balance);
}

/** Addresses holding a non-zero balance of the token, computed once per block. */
export function holderCount(ctx: ApiContext, token: string): Promise<number> {
  return ctx.cache.get(`tokenHolders:${token}`, async () => {
    const r = await ctx.db
      .selectFrom('token_balances')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('token_address', '=', token)
      .where('balance', '>', '0')
      .executeTakeFirstOrThrow();
    return Number(r.n);
  });
}
