/**
 * One page of a token's holders, richest first (token_balances by token, non-zero), with each
 * quantity's share of the token's total supply computed exactly in base units.
 */
import type { TokenHolder } from '../../common/api/holders';
import type { ApiContext } from '../core/context';
import { rubyAddress, toAmount } from '../core/format';
import type { Page } from '../core/params';
import type { TokenMeta } from './tokens';

/** Share of `supply` in percent, to 10 decimals, computed on integers. */
export function sharePercent(balance: bigint, supply: bigint): number | null {
  if (supply <= 0n) return null;
  const scaled = (balance * 10n ** 12n) / supply;
  return Number(scaled) / 1e10;
}

export async function tokenHolders(ctx: ApiContext, token: TokenMeta, page: Page): Promise<TokenHolder[]> {
  const rows = await ctx.db
    .selectFrom('token_balances')
    .select(['holder', 'balance'])
    .where('token_address', '=', token.address)
    .where('balance', '>', '0')
    .orderBy('balance', 'desc')
    .orderBy('holder', 'asc')
    .limit(page.size)
    .offset(page.offset)
    .execute();
  const supply = token.totalSupply === null ? 0n : BigInt(token.totalSupply);
  return rows.map((r, i) => {
    const wei = BigInt(r.balance);
    return {
      rank: page.offset + i + 1,
      address: rubyAddress(r.holder),
      quantity: toAmount(wei, token.decimals),
      quantityWei: wei.toString(),
      percentage: sharePercent(wei, supply),
    };
  });
}
