/**
 * Tokens in Blockscout's shapes: the Token object (from the `contracts` rows our token pages read,
 * with the holder count queries/tokens.ts keeps per block) and the TokenTransfer item (from the
 * transfer items of queries/tokens.ts and the transaction detail).
 */
import { parseAddress, toChecksumHexAddress } from '../../../common/address';
import { DEFAULT_TOKEN_DECIMALS } from '../../../common/txTypes';
import type { ApiContext } from '../../core/context';
import { holderCount } from '../../queries/tokens';
import { bsAddress, bsTime, tokenType, type AddressBook } from './common';

export interface BsToken {
  address_hash: string;
  symbol: string | null;
  name: string | null;
  decimals: string | null;
  type: 'ERC-20' | 'ERC-721' | 'ERC-1155' | null;
  holders_count: string | null;
  exchange_rate: null;
  volume_24h: null;
  total_supply: string | null;
  icon_url: null;
  circulating_market_cap: null;
  reputation: 'ok';
}
export type TokenBook = ReadonlyMap<string, BsToken>;

/** The tokens among `addresses` (lowercase 0x) as Blockscout's Token objects, with their holder counts. */
export async function tokenBook(ctx: ApiContext, addresses: Iterable<string>): Promise<TokenBook> {
  const list = [...new Set([...addresses].map((a) => parseAddress(a) ?? '').filter((a) => a !== ''))];
  if (list.length === 0) return new Map();
  const rows = await ctx.db
    .selectFrom('contracts')
    .select(['address', 'name', 'symbol', 'decimals', 'total_supply', 'contract_type', 'is_nft', 'nft_kind'])
    .where('address', 'in', list)
    .execute();
  const holders = await Promise.all(rows.map((r) => holderCount(ctx, r.address)));
  return new Map(
    rows.map((r, i): [string, BsToken] => {
      const type = tokenType(r.contract_type, r.is_nft, r.nft_kind);
      const decimals = type === 'ERC-20' ? (r.decimals ?? DEFAULT_TOKEN_DECIMALS) : r.decimals;
      return [
        r.address,
        {
          address_hash: toChecksumHexAddress(r.address),
          symbol: r.symbol,
          name: r.name,
          decimals: decimals === null ? null : String(decimals),
          type,
          holders_count: String(holders[i] ?? 0),
          exchange_rate: null,
          volume_24h: null,
          total_supply: r.total_supply,
          icon_url: null,
          circulating_market_cap: null,
          reputation: 'ok',
        },
      ];
    }),
  );
}

/** A token the book does not know (not indexed as a contract): its address, the rest null. */
export function tokenOf(address: string, tokens: TokenBook): BsToken {
  const lower = parseAddress(address) ?? address.toLowerCase();
  return (
    tokens.get(lower) ?? {
      address_hash: toChecksumHexAddress(lower),
      symbol: null,
      name: null,
      decimals: null,
      type: null,
      holders_count: null,
      exchange_rate: null,
      volume_24h: null,
      total_supply: null,
      icon_url: null,
      circulating_market_cap: null,
      reputation: 'ok',
    }
  );
}

const ZERO = '0x0000000000000000000000000000000000000000';

/** One Transfer event, whatever list it comes from. */
export interface TransferFacts {
  txHash: string;
  blockNumber: number;
  blockHash: string;
  logIndex: number;
  timestamp: number;
  from: string;
  to: string;
  token: string;
  valueWei: string;
  tokenId: string | null;
  method: string | null;
}

export function shapeTransfer(t: TransferFacts, book: AddressBook, tokens: TokenBook) {
  const token = tokenOf(t.token, tokens);
  const from = parseAddress(t.from) ?? ZERO;
  const to = parseAddress(t.to) ?? ZERO;
  const nft = t.tokenId !== null;
  const kind = nft ? (token.type === 'ERC-1155' ? 'ERC-1155' : 'ERC-721') : 'ERC-20';
  const total =
    kind === 'ERC-20'
      ? { value: t.valueWei, decimals: token.decimals }
      : kind === 'ERC-721'
        ? { token_id: t.tokenId, token_instance: null }
        : { token_id: t.tokenId, value: t.valueWei, decimals: null, token_instance: null };
  return {
    transaction_hash: t.txHash,
    from: bsAddress(from, book),
    to: bsAddress(to, book),
    total,
    token,
    type: from === ZERO ? 'token_minting' : to === ZERO ? 'token_burning' : 'token_transfer',
    timestamp: bsTime(t.timestamp),
    method: t.method,
    block_hash: t.blockHash,
    block_number: t.blockNumber,
    log_index: t.logIndex,
    token_type: kind,
  };
}
