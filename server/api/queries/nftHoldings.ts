/**
 * NFTs (ERC721) an address holds now, one row per collection: the address's Tokens list shows
 * them beside its RBC20 balances (issue #25 item 1: an address that only received an NFT must not
 * read "No tokens available"). The indexer keeps no NFT balance table, so ownership is read from
 * the transfers: an item belongs to the recipient of its latest transfer. Only collections the
 * address ever received an item of are scanned (token_transfers_to_idx).
 */
import { sql } from 'kysely';
import type { TokenHolding } from '../../../common/api/tokens';
import type { ApiContext } from '../context';
import { rubyAddress } from '../format';

interface NftRow {
  token_address: string;
  held: string;
  name: string | null;
  symbol: string | null;
}

export async function nftHoldings(ctx: ApiContext, holder: string): Promise<TokenHolding[]> {
  const { rows } = await sql<NftRow>`
    WITH received AS (
      SELECT DISTINCT token_address, token_id FROM token_transfers WHERE to_address = ${holder} AND token_id IS NOT NULL
    ), latest AS (
      SELECT DISTINCT ON (t.token_address, t.token_id) t.token_address, t.token_id, t.to_address
      FROM token_transfers t JOIN received r ON r.token_address = t.token_address AND r.token_id = t.token_id
      ORDER BY t.token_address, t.token_id, t.block_number DESC, t.log_index DESC
    )
    SELECT l.token_address, count(*)::text AS held, c.name, c.symbol
    FROM latest l LEFT JOIN contracts c ON c.address = l.token_address
    WHERE l.to_address = ${holder}
    GROUP BY l.token_address, c.name, c.symbol
    ORDER BY c.name, l.token_address`.execute(ctx.db);
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
