/**
 * The name a contract is shown by, everywhere (lists, detail pages, search): a token or an NFT collection by its
 * on-chain name() ("Ruby Gems"), any other contract by the name its verified source gives it (a DApp rarely answers
 * name()); either falls back to the other. An NFT collection is a 'dapp' row with is_nft set, so its Solidity contract
 * name ("RubyNFT") would otherwise come first.
 */
import { sql } from 'kysely';

export function displayName(type: string, isNft: boolean, onChain: string | null, verified: string | null): string | null {
  return type === 'rbc20' || isNft ? (onChain ?? verified) : (verified ?? onChain);
}

/** The same rule in SQL, over `contracts c LEFT JOIN contract_sources s`. */
export const DISPLAY_NAME_SQL = sql<string | null>`CASE WHEN c.contract_type = 'rbc20' OR c.is_nft
  THEN coalesce(c.name, s.contract_name) ELSE coalesce(s.contract_name, c.name) END`;

/** A contract row as the pages name it (with displayName) and count its token amounts. */
export interface ContractNameRow {
  address: string;
  contract_type: string;
  is_nft: boolean;
  name: string | null;
  symbol: string | null;
  decimals: number | null;
  contract_name: string | null;
}
