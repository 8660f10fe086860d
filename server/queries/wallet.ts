/**
 * Queries of the wallet screens: the wallet's token list (held plus added, and adding one), one
 * token's transfers of one address, the token catalogue for the search, a transaction's indexed
 * status, and the linked wallet's live balance.
 */
import type { Kysely } from 'kysely';
import { toHexAddress } from '../../common/address';
import type { TokenTransferItem } from '../../common/api/tokens';
import type { SearchTokenItem, WalletData, WalletToken } from '../../common/api/wallet';
import { DEFAULT_TOKEN_DECIMALS } from '../../common/txTypes';
import { getBalance } from '../chain/rpcActions';
import type { DB } from '../db/schema';
import type { ApiContext } from '../core/context';
import { rubyAddress, toAmount } from '../core/format';
import { notFound } from '../core/http';
import { parseAddressParam, type Page } from '../core/params';
import { TRANSFER_COLUMNS, findToken, tokenHoldings, toTransferItem, type TokenMeta } from './tokens';

/** The RBC20 token at `input` (r… or 0x…); 404 when there is none. */
export async function requireToken(ctx: ApiContext, input: string): Promise<TokenMeta> {
  const address = parseAddressParam(input);
  const token = await findToken(ctx, address);
  if (!token) throw notFound(`Token ${rubyAddress(address)} not found`);
  return token;
}

export async function addWalletToken(db: Kysely<DB>, wallet: string, token: string): Promise<void> {
  await db
    .insertInto('wallet_tokens')
    .values({ wallet_address: wallet, token_address: token })
    .onConflict((oc) => oc.columns(['wallet_address', 'token_address']).doNothing())
    .execute();
}

export async function walletTokenAddresses(db: Kysely<DB>, wallet: string): Promise<string[]> {
  const rows = await db
    .selectFrom('wallet_tokens')
    .select('token_address')
    .where('wallet_address', '=', wallet)
    .orderBy('added_at')
    .execute();
  return rows.map((r) => r.token_address);
}

/** An account's linked wallet with its live balance (read from the node). */
export async function walletData(ctx: ApiContext, email: string, address: string, keystore: string): Promise<WalletData> {
  const wei = await getBalance(ctx.rpc, address, 'latest');
  return { email, address: rubyAddress(address), balance: toAmount(wei), balanceWei: wei.toString(), keystore };
}

/** Held tokens (non-zero balance) first, then tokens the user added that it does not hold. */
export async function walletTokens(ctx: ApiContext, wallet: string): Promise<WalletToken[]> {
  const [held, added] = await Promise.all([tokenHoldings(ctx, wallet), walletTokenAddresses(ctx.db, wallet)]);
  const addedSet = new Set(added);
  const out: WalletToken[] = held.map((h) => ({ ...h, added: addedSet.has(toHexAddress(h.contractAddress)) }));
  const heldSet = new Set(held.map((h) => toHexAddress(h.contractAddress)));
  const missing = added.filter((a) => !heldSet.has(a));
  if (missing.length === 0) return out;
  const metas = await ctx.db
    .selectFrom('contracts')
    .select(['address', 'name', 'symbol', 'decimals'])
    .where('address', 'in', missing)
    .where('contract_type', '=', 'rbc20')
    .execute();
  for (const m of metas) {
    out.push({
      contractAddress: rubyAddress(m.address),
      name: m.name,
      symbol: m.symbol,
      decimals: m.decimals ?? DEFAULT_TOKEN_DECIMALS,
      balance: 0,
      balanceWei: '0',
      added: true,
    });
  }
  return out;
}

/** Transfers of `token` from or to `address`, newest first, with their total. */
export async function oneTokenTransfers(
  ctx: ApiContext,
  token: TokenMeta,
  address: string,
  page: Page,
): Promise<{ rows: TokenTransferItem[]; total: number }> {
  const base = ctx.db
    .selectFrom('token_transfers')
    .where('token_address', '=', token.address)
    .where('token_id', 'is', null)
    .where((eb) => eb.or([eb('from_address', '=', address), eb('to_address', '=', address)]));
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .select(TRANSFER_COLUMNS)
      .orderBy('block_number', 'desc')
      .orderBy('log_index', 'desc')
      .limit(page.size)
      .offset(page.offset)
      .execute(),
  ]);
  return { rows: rows.map((r) => toTransferItem(r, token)), total: Number(count.n) };
}

/** Every RBC20 token, by name (the wallet's search filters it: docs/decisions.md#spec-validation). */
export async function tokenCatalogue(ctx: ApiContext): Promise<SearchTokenItem[]> {
  return ctx.cache.get('wallet:searchtoken', async () => {
    const rows = await ctx.db
      .selectFrom('contracts')
      .select(['address', 'name', 'symbol', 'decimals'])
      .where('contract_type', '=', 'rbc20')
      .orderBy('name')
      .orderBy('address')
      .limit(5000)
      .execute();
    return rows.map((r) => ({
      contractname: r.name,
      contract_address: rubyAddress(r.address),
      symbol: r.symbol,
      decimals: r.decimals ?? DEFAULT_TOKEN_DECIMALS,
    }));
  });
}

export async function indexedTxStatus(
  ctx: ApiContext,
  hash: string,
): Promise<{ indexed: boolean; status: number | null; blockNumber: number | null }> {
  const r = await ctx.db.selectFrom('transactions').select(['status', 'block_number']).where('hash', '=', hash).executeTakeFirst();
  return r ? { indexed: true, status: r.status, blockNumber: r.block_number } : { indexed: false, status: null, blockNumber: null };
}
