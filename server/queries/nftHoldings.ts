/**
 * NFTs an address holds now, one row per collection with the number of items (token ids) held:
 * the address's Tokens list shows them beside its RBC20 balances (an address
 * that only received an NFT must not read "No tokens available"). The indexer keeps no NFT balance
 * table: the holdings are read from the transfers (addressNfts.ts: ERC-721 by the latest
 * recipient, ERC-1155 by the balance of each id).
 */
import { sql } from 'kysely';
import type { TokenHolding } from '../../common/api/tokens';
import type { ApiContext } from '../core/context';
import { rubyAddress } from '../core/format';
import { heldItems } from './addressNfts';

interface NftRow {
  token_address: string;
  held: string;
  name: string | null;
  symbol: string | null;
}

export async function nftHoldings(ctx: ApiContext, holder: string): Promise<TokenHolding[]> {
  const { rows } = await sql<NftRow>`
    SELECT h.token_address, count(*)::text AS held, c.name, c.symbol
    FROM (${heldItems(holder)}) h LEFT JOIN contracts c ON c.address = h.token_address
    GROUP BY h.token_address, c.name, c.symbol
    ORDER BY c.name, h.token_address`.execute(ctx.db);
  return rows.map((r) => ({
    contractAddress: rubyAddress(r.token_address),
    name: r.name,
    symbol: r.symbol,
    decimals: 0,
    balance: Number(r.held),
    balanceWei: r.held,
    nft: true,
  }));
}
