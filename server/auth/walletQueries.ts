/**
 * Read queries of the wallet screens: the wallet's token list (held plus added), one token's
 * transfers of one address, the token catalogue for the search, a transaction's indexed status.
 */
import { toHexAddress } from '../../common/address';
import type { TokenTransferItem } from '../../common/api/tokens';
import type { SearchTokenItem, WalletToken } from '../../common/api/wallet';
import type { ApiContext } from '../api/context';
import { rubyAddress } from '../api/format';
import type { Page } from '../api/params';
import { DEFAULT_DECIMALS, TRANSFER_COLUMNS, tokenHoldings, toTransferItem, type TokenMeta } from '../api/queries/tokens';
import { walletTokenAddresses } from './users';

/** Held tokens (non-zero balance) first, then tokens the user added that it does not hold. */
export async function walletTokens(ctx: ApiContext, wallet: string): Promise<WalletToken[]> {
  const [held, added] = await Promise.all([tokenHoldings(ctx, wallet), walletTokenAddresses(ctx.db, wallet)]);
  const addedSet = new Set(added);
  const out: WalletToken[] = held.map((h) => ({ ...h, added: addedSet.has(toHexAddress(h.contractAddress)) }));
  const heldSet = new Set(held.map((h) => toHexAddress(h.contractAddress)));
  const missing = added.filter((a) => !heldSet.has(a));
  if (missing.length === 0) return out;
  const metas = await ctx.db.selectFrom('contracts').select(['address', 'name', 'symbol', 'decimals'])
    .where('address', 'in', missing).where('contract_type', '=', 'rbc20').execute();
  for (const m of metas) {
    out.push({ contractAddress: rubyAddress(m.address), name: m.name, symbol: m.symbol, decimals: m.decimals ?? DEFAULT_DECIMALS, balance: 0, balanceWei: '0', added: true });
  }
  return out;
}

/** Transfers of `token` from or to `address`, newest first, with their total. */
export async function oneTokenTransfers(ctx: ApiContext, token: TokenMeta, address: string, page: Page): Promise<{ rows: TokenTransferItem[]; total: number }> {
  const base = ctx.db.selectFrom('token_transfers').where('token_address', '=', token.address).where('token_id', 'is', null)
    .where((eb) => eb.or([eb('from_address', '=', address), eb('to_address', '=', address)]));
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base.select(TRANSFER_COLUMNS)
      .orderBy('block_number', 'desc').orderBy('log_index', 'desc').limit(page.size).offset(page.offset).execute(),
  ]);
  return { rows: rows.map((r) => toTransferItem(r, token)), total: Number(count.n) };
}

/** Every RBC20 token, by name (the wallet's search filters it: docs/decisions.md#spec-validation). */
export async function tokenCatalogue(ctx: ApiContext): Promise<SearchTokenItem[]> {
  return ctx.cache.get('wallet:searchtoken', async () => {
    const rows = await ctx.db.selectFrom('contracts').select(['address', 'name', 'symbol', 'decimals'])
      .where('contract_type', '=', 'rbc20').orderBy('name').orderBy('address').limit(5000).execute();
    return rows.map((r) => ({ contractname: r.name, contract_address: rubyAddress(r.address), symbol: r.symbol, decimals: r.decimals ?? DEFAULT_DECIMALS }));
  });
}

export async function indexedTxStatus(ctx: ApiContext, hash: string): Promise<{ indexed: boolean; status: number | null; blockNumber: number | null }> {
  const r = await ctx.db.selectFrom('transactions').select(['status', 'block_number']).where('hash', '=', hash).executeTakeFirst();
  return r ? { indexed: true, status: r.status, blockNumber: r.block_number } : { indexed: false, status: null, blockNumber: null };
}
