/**
 * module=token (tokensupply, tokeninfo; tokenholderlist and tokenholdercount in history.ts) and module=stats (ethsupply, ethprice,
 * tokensupply). Shapes: Etherscan's "Tokens" and "Stats" pages. The coin's supply and price are
 * the configured ones (RUBY_TOTAL_SUPPLY, the price source); there is no BTC price, so ethbtc is "0".
 */
import { parseUnits } from 'ethers';
import { etherscanToken } from '../../queries/etherscanChain';
import { historyTokenActions } from './history';
import type { ApiContext } from '../../core/context';
import { indexedBalanceSum } from '../../queries/addresses';
import { addressParam, ES_ERRORS, list, NO_RECORDS, ok, type ActionTable, type Params } from './common';

async function tokenSupply(ctx: ApiContext, p: Params) {
  const t = await etherscanToken(ctx, addressParam(p, 'contractaddress', ES_ERRORS.contractAddress));
  // Etherscan answers "0" for an address that is no token.
  return ok(t?.total_supply ?? '0');
}

export const tokenActions: ActionTable = {
  tokensupply: tokenSupply,
  async tokeninfo(ctx, p) {
    const t = await etherscanToken(ctx, addressParam(p, 'contractaddress', ES_ERRORS.contractAddress));
    if (!t) return list([], NO_RECORDS);
    // Source: Etherscan "Get Token Info by ContractAddress" (its social fields stay empty here).
    const social = [
      'blueCheckmark',
      'description',
      'website',
      'email',
      'blog',
      'reddit',
      'slack',
      'facebook',
      'twitter',
      'bitcointalk',
      'github',
      'telegram',
      'wechat',
      'linkedin',
      'discord',
      'whitepaper',
    ];
    return ok([
      {
        contractAddress: t.address,
        tokenName: t.name ?? '',
        symbol: t.symbol ?? '',
        divisor: t.is_nft ? '0' : String(t.decimals ?? 18),
        tokenType: t.is_nft ? 'ERC721' : 'ERC20',
        totalSupply: t.total_supply ?? '0',
        ...Object.fromEntries(social.map((k) => [k, k === 'blueCheckmark' ? 'false' : ''])),
        tokenPriceUSD: '0',
      },
    ]);
  },
  ...historyTokenActions,
};

export const statsActions: ActionTable = {
  async ethsupply(ctx) {
    const configured = ctx.config.totalSupply;
    return ok(configured === null ? await indexedBalanceSum(ctx) : parseUnits(String(configured), 18).toString());
  },
  async ethprice(ctx) {
    const now = String(Math.floor(Date.now() / 1000));
    return ok({ ethbtc: '0', ethbtc_timestamp: now, ethusd: String(ctx.price.usd()), ethusd_timestamp: now });
  },
  tokensupply: tokenSupply,
};
