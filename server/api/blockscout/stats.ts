/**
 * GET /api/v2/stats from the home page's figures (queries/home.ts cachedHomeStats, the node's gas
 * price as the home data reads it); what this chain has no source for (prices, market cap, TVL)
 * is null or "0", as a Blockscout instance without a price source answers it.
 */
import type { ApiContext } from '../../core/context';
import { cachedHomeStats } from '../../queries/home';
import { gasPriceWei } from '../../queries/nodeValues';
import { bsTime } from './common';

const GWEI = 1_000_000_000;

export async function bsStats(ctx: ApiContext) {
  const [s, price] = await Promise.all([cachedHomeStats(ctx), gasPriceWei(ctx)]);
  const gwei = price ? Number(price.value) / GWEI : null;
  return {
    average_block_time: s.avgBlockTime * 1000,
    coin_image: null,
    coin_price: null,
    coin_price_change_percentage: null,
    gas_price_updated_at: price ? bsTime(Math.floor(price.at / 1000)) : null,
    gas_prices: gwei === null ? null : { slow: gwei, average: gwei, fast: gwei },
    gas_prices_update_in: null,
    gas_used_today: null,
    market_cap: '0',
    network_utilization_percentage: null,
    secondary_coin_image: null,
    secondary_coin_price: null,
    static_gas_price: null,
    total_addresses: String(s.totaladdress),
    total_blocks: String(s.latestBlockNumber === null ? 0 : s.latestBlockNumber + 1),
    total_gas_used: '0',
    total_transactions: String(s.trx_length),
    transactions_today: String(s.twentyFourHoursAgotxn),
    tvl: null,
  };
}
