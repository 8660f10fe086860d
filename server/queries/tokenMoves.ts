/**
 * What a token-transfer transaction moved, for the lists (
 * docs/decisions.md#token-rows): a token transfer's coin value is 0, so a row that only said
 * "0 RUBY" hid the 330 RUSD that moved. For each successful token-transfer item, its first
 * Transfer event of the called token with the token's symbol and decimals is added as
 * tokenValueWei / tokenSymbol / tokenDecimals (and tokenId for an NFT). A failed transaction moved
 * nothing and gets nothing. token_transfers has no index on tx_hash (migration 006 dropped it for
 * the indexer's sake), so the rows are found through their blocks (the primary key's first column)
 * and only then matched by hash: at 10 million transactions a lookup by hash alone read the whole
 * table (about 2 s per address page, docs/capacity.md).
 */
import { sql } from 'kysely';
import type { TransactionListItem } from '../../common/api/transactions';
import { DEFAULT_TOKEN_DECIMALS, TX_TYPE } from '../../common/txTypes';
import { toHexAddress } from '../../common/address';
import type { ApiContext } from '../core/context';

interface MoveRow {
  tx_hash: string;
  token_address: string;
  value: string;
  token_id: string | null;
  symbol: string | null;
  decimals: number | null;
}

export async function withTokenMoves(ctx: ApiContext, items: TransactionListItem[]): Promise<TransactionListItem[]> {
  const moved = items.filter((t) => t.transactiontype === TX_TYPE.tokenTransfer && t.status === 1);
  if (moved.length === 0) return items;
  const hashes = moved.map((t) => t.hash);
  const blocks = [...new Set(moved.map((t) => t.blockNumber))];
  const { rows } = await sql<MoveRow>`
    SELECT tt.tx_hash, tt.token_address, tt.value::text AS value, tt.token_id::text AS token_id, c.symbol, c.decimals
    FROM token_transfers tt LEFT JOIN contracts c ON c.address = tt.token_address
    WHERE tt.block_number IN (${sql.join(blocks)}) AND tt.tx_hash IN (${sql.join(hashes)})
    ORDER BY tt.tx_hash, tt.log_index`.execute(ctx.db);
  const byHash = new Map<string, MoveRow[]>();
  for (const r of rows) byHash.set(r.tx_hash, [...(byHash.get(r.tx_hash) ?? []), r]);
  return items.map((t) => {
    const moves = byHash.get(t.hash);
    if (!moves) return t;
    const token = t.tokenAddress ? toHexAddress(t.tokenAddress).toLowerCase() : null;
    const m = moves.find((x) => x.token_address === token) ?? moves[0]!;
    const nft = m.token_id !== null;
    return {
      ...t,
      tokenValueWei: m.value,
      tokenSymbol: m.symbol,
      tokenDecimals: nft ? 0 : (m.decimals ?? DEFAULT_TOKEN_DECIMALS),
      tokenId: m.token_id,
    };
  });
}
