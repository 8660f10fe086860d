/**
 * Contract queries: the token / DApp catalogues (contracts_type_idx, newest first), one contract
 * with its verified source and coin balance, and its runtime code from the node.
 */
import type { ContractListItem, ContractType } from '../../common/api/tokens';
import { DEFAULT_TOKEN_DECIMALS } from '../../common/txTypes';
import { getCode } from '../chain/rpcActions';
import type { ExpressionBuilder } from 'kysely';
import type { DB, JsonValue } from '../db/schema';
import type { ApiContext } from '../core/context';
import { isoTime, rubyAddress, toAmount, toWei } from '../core/format';
import { isUnavailable } from '../core/http';
import type { Page } from '../core/params';
import { displayName } from './displayName';

function asType(t: string): ContractType {
  return t === 'rbc20' ? 'rbc20' : 'dapp';
}

/**
 * The catalogue a contract is listed in: /Tokens lists the RBC20 tokens and the NFT collections
 * (an NFT collection is a token to its holders, marked as one), /VerifiedRuby
 * every other contract.
 */
function ofCatalogue(type: ContractType) {
  return (eb: ExpressionBuilder<DB & { c: DB['contracts'] }, 'c'>) =>
    type === 'rbc20'
      ? eb.or([eb('c.contract_type', '=', 'rbc20'), eb('c.is_nft', '=', true)])
      : eb.and([eb('c.contract_type', '=', type), eb('c.is_nft', '=', false)]);
}

/** Contracts of the catalogue and how many of them are verified, counted once per block. */
export function contractCounts(ctx: ApiContext, type: ContractType): Promise<{ total: number; verified: number }> {
  return ctx.cache.get(`contractCounts:${type}`, async () => {
    const r = await ctx.db
      .selectFrom('contracts as c')
      .leftJoin('contract_sources as s', 's.address', 'c.address')
      .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.count<number>('s.address').as('verified')])
      .where(ofCatalogue(type))
      .executeTakeFirstOrThrow();
    return { total: Number(r.total), verified: Number(r.verified) };
  });
}

/** One page of the catalogue of a type, newest first. */
export async function contractList(ctx: ApiContext, type: ContractType, page: Page): Promise<ContractListItem[]> {
  const rows = await ctx.db
    .selectFrom('contracts as c')
    .leftJoin('contract_sources as s', 's.address', 'c.address')
    .select([
      'c.address',
      'c.contract_type',
      'c.is_nft',
      'c.creator',
      'c.timestamp',
      'c.block_number',
      'c.name',
      'c.is_nft',
      'c.symbol',
      'c.decimals',
      'c.total_supply',
      's.contract_name',
      's.address as source_address',
    ])
    .where(ofCatalogue(type))
    .orderBy('c.block_number', 'desc')
    .orderBy('c.address', 'asc')
    .limit(page.size)
    .offset(page.offset)
    .execute();
  return rows.map((r) => {
    // An NFT collection counts whole items: no decimals, no fungible supply.
    const token = type === 'rbc20' && !r.is_nft;
    const decimals = token ? (r.decimals ?? DEFAULT_TOKEN_DECIMALS) : r.decimals;
    return {
      contractname: displayName(type, r.is_nft, r.name, r.contract_name),
      contract_address: rubyAddress(r.address),
      owneraddress: rubyAddress(r.creator),
      createdAt: isoTime(r.timestamp),
      blockNumber: r.block_number,
      symbol: r.symbol,
      decimals,
      totalSupply: token && r.total_supply !== null ? toAmount(r.total_supply, decimals ?? DEFAULT_TOKEN_DECIMALS) : null,
      totalSupplyWei: token && r.total_supply !== null ? toWei(r.total_supply) : null,
      verified: r.source_address !== null,
      contractType: type,
      isNft: r.is_nft,
    };
  });
}

export interface ContractRecord {
  address: string;
  contractType: ContractType;
  isNft: boolean;
  name: string | null;
  symbol: string | null;
  decimals: number | null;
  totalSupplyWei: string | null;
  creator: string;
  txHash: string;
  blockNumber: number;
  timestamp: number;
  txCount: number;
  transferCount: number;
  /** Coin balance as the indexer last read it ('0' when it never did). */
  balanceWei: string;
  abi: unknown[] | null;
  source: string | null;
  verified: boolean;
}

/** A contract with its verified source and coin balance, or null when the address is not a contract. */
export async function findContract(ctx: ApiContext, address: string): Promise<ContractRecord | null> {
  const r = await ctx.db
    .selectFrom('contracts as c')
    .leftJoin('contract_sources as s', 's.address', 'c.address')
    .leftJoin('addresses as a', 'a.address', 'c.address')
    .select([
      'c.address',
      'c.contract_type',
      'c.is_nft',
      'c.name',
      'c.symbol',
      'c.decimals',
      'c.total_supply',
      'c.creator',
      'c.tx_hash',
      'c.block_number',
      'c.timestamp',
      'c.tx_count',
      'c.transfer_count',
      's.contract_name',
      's.abi',
      's.source',
      's.address as source_address',
      'a.balance',
    ])
    .where('c.address', '=', address)
    .executeTakeFirst();
  if (!r) return null;
  const type = asType(r.contract_type);
  const abi: JsonValue | null = r.abi;
  return {
    address: r.address,
    contractType: type,
    isNft: r.is_nft,
    name: displayName(type, r.is_nft, r.name, r.contract_name),
    symbol: r.symbol,
    decimals: type === 'rbc20' ? (r.decimals ?? DEFAULT_TOKEN_DECIMALS) : r.decimals,
    totalSupplyWei: r.total_supply,
    creator: r.creator,
    txHash: r.tx_hash,
    blockNumber: r.block_number,
    timestamp: r.timestamp,
    txCount: r.tx_count,
    transferCount: r.transfer_count,
    balanceWei: toWei(r.balance),
    abi: Array.isArray(abi) ? abi : null,
    source: r.source,
    verified: r.source_address !== null,
  };
}

/**
 * The runtime code at the latest block, asked once per block per contract. The rest of a contract
 * page comes from the database, so a node outage leaves the code null (logged) instead of failing
 * the page.
 */
export async function contractBytecode(ctx: ApiContext, address: string): Promise<string | null> {
  try {
    return await ctx.cache.get(`code:${address}`, () => getCode(ctx.rpc, address, 'latest'));
  } catch (err) {
    if (!isUnavailable(err)) throw err;
    ctx.log(`api: eth_getCode ${address}: node unavailable: ${(err as Error).message}`);
    return null;
  }
}

/** The fields the token and the contract detail share. */
export function contractCommon(c: ContractRecord, bytecode: string | null) {
  const rubybalance = toAmount(c.balanceWei);
  return {
    contractAddress: rubyAddress(c.address),
    name: c.name,
    contractType: c.contractType,
    owner: rubyAddress(c.creator),
    rubybalance,
    rubybalanceWei: c.balanceWei,
    balance: rubybalance,
    trx_length: c.txCount,
    abi: c.abi,
    contractcode: c.source,
    bytecode,
    verified: c.verified,
    createdAt: isoTime(c.timestamp),
    blockNumber: c.blockNumber,
    txHash: c.txHash,
  };
}
