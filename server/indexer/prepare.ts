/**
 * Stage 2 of the indexer's pipeline (see indexer.ts): the node state a batch needs, prefetched
 * while earlier batches are processed, then completed in order once the earlier batches'
 * contracts are known; and the set of known contracts and tokens that decision rests on.
 */
import type { Interface } from 'ethers';
import type { Kysely } from 'kysely';
import { hexToNumber, type RpcClient } from '../chain/rpc';
import type { DB } from '../db/schema';
import { detectContracts, fetchTotalSupplies, type ContractInfo } from './chainState';
import { readBalances, readTokenBalances, type BalanceSnapshot } from './balanceSnapshot';
import { parseHolderKey, ZERO_ADDRESS, type HolderKey } from './holderKey';
import { detectNftKinds, nftCandidates } from './nftKind';
import { detectProxies, proxyCandidates } from './proxies';
import { settleAuthorizations } from './authorizations';
import { ApprovalBook, readApprovals } from './approvals';
import { historyKeys, readBalanceHistory } from './balanceHistory';
import { balanceKeys, createdContracts, transform, type FetchedBlock, type KnownContracts } from './transform';

/** A fetched batch with the node state prefetched for it (null for an empty batch). */
export interface Fetched {
  blocks: FetchedBlock[];
  state: { balances: Map<string, bigint>; tokenBalances: Map<HolderKey, bigint>; tag: number } | null;
}

/** Contracts and RBC20 tokens known so far (from the database, then from each prepared batch). */
export class ContractRegistry {
  readonly contracts = new Set<string>();
  readonly tokens = new Set<string>();
  /** Contracts not asked for their NFT kind yet (nftKind.ts). */
  readonly nftUnasked = new Set<string>();
  private readonly abis = new Map<string, Interface>();
  /** The ERC-20 approvals in force (approvals.ts), loaded with the contracts. */
  readonly approvals = new ApprovalBook();

  async load(db: Kysely<DB>): Promise<void> {
    this.contracts.clear();
    this.tokens.clear();
    this.nftUnasked.clear();
    const rows = await db.selectFrom('contracts').select(['address', 'contract_type', 'nft_kind']).execute();
    for (const r of rows) {
      this.add(r.address, r.contract_type === 'rbc20');
      if (r.nft_kind === null) this.nftUnasked.add(r.address);
    }
    await this.approvals.load(db);
  }

  add(address: string, isToken: boolean): void {
    this.contracts.add(address);
    if (isToken) this.tokens.add(address);
  }

  known(): KnownContracts {
    return {
      isContract: (a) => this.contracts.has(a),
      isToken: (a) => this.tokens.has(a),
      abi: (a) => this.abis.get(a),
    };
  }
}

/**
 * The node state a batch needs that does not depend on earlier batches: coin balances of every
 * touched address and balanceOf of every (token, holder) of an ERC20-shaped Transfer, at the
 * batch's last block. Runs inside the concurrent fetch stage, so these round trips overlap
 * with the previous batches' processing instead of sitting on the critical path. Which emitters
 * are real tokens is decided later (prepare), when the earlier batches' contracts are known.
 */
export async function prefetchState(rpc: RpcClient, snap: BalanceSnapshot | null, blocks: FetchedBlock[]): Promise<Fetched> {
  const last = blocks[blocks.length - 1];
  if (!last) return { blocks, state: null };
  const tag = snap?.block ?? hexToNumber(last.block.number);
  const rows = balanceKeys(blocks);
  const [balances, tokenBalances] = await Promise.all([
    readBalances(rpc, snap, [...rows.touched], tag),
    readTokenBalances(rpc, snap, [...rows.tokenHolders], tag),
  ]);
  return { blocks, state: { balances, tokenBalances, tag } };
}

export type PreparedBatch = Awaited<ReturnType<typeof prepareBatch>>;

/** In batch order: new contracts, the rows, and every balance the batch's rows need. */
export async function prepareBatch(
  rpc: RpcClient,
  registry: ContractRegistry,
  snap: BalanceSnapshot | null,
  blocks: FetchedBlock[],
  pre: Fetched['state'],
) {
  const lastNumber = hexToNumber((blocks[blocks.length - 1] as FetchedBlock).block.number);
  const tag = snap?.block ?? lastNumber;
  const created = createdContracts(blocks).map((c) => c.address);
  // At the snapshot block too: a node without archive state answers only recent blocks.
  const contracts: Map<string, ContractInfo> = await detectContracts(rpc, created, tag);
  for (const [a, info] of contracts) registry.add(a, info.contractType === 'rbc20');
  const rows = transform(blocks, registry.known());
  const mintedTokens = [
    ...new Set(
      rows.transfers.filter((t) => registry.tokens.has(t.token) && (t.from === ZERO_ADDRESS || t.to === ZERO_ADDRESS)).map((t) => t.token),
    ),
  ];
  const holderKeys = [...rows.tokenHolders].filter((k) => registry.tokens.has(parseHolderKey(k).token));
  const known = pre !== null && pre.tag === tag ? pre : null;
  const missingTouched = [...rows.touched].filter((a) => !known?.balances.has(a));
  const missingHolders = holderKeys.filter((k) => !known?.tokenBalances.has(k));
  // The history's pairs at the block the current balances are read at take those values (no second read).
  const pairs = historyKeys(rows.touchedAt);
  const atTag = pairs.filter((k) => k.block === tag);
  const [moreBalances, moreTokenBalances, totalSupplies, proxies, nftKinds, , approvals, readHistory] = await Promise.all([
    readBalances(rpc, snap, missingTouched, tag),
    readTokenBalances(rpc, snap, missingHolders, tag),
    fetchTotalSupplies(rpc, mintedTokens, tag),
    detectProxies(rpc, proxyCandidates(created, rows.logs), tag),
    detectNftKinds(rpc, nftCandidates(created, rows.logs, registry.nftUnasked), tag),
    settleAuthorizations(rpc, rows.authorizations, blocks),
    readApprovals(rpc, rows, registry.approvals, tag),
    readBalanceHistory(
      rpc,
      pairs.filter((k) => k.block !== tag),
    ),
  ]);
  for (const a of created) registry.nftUnasked.add(a);
  for (const k of nftKinds) registry.nftUnasked.delete(k.address);
  const balances = new Map<string, bigint>();
  for (const a of rows.touched) {
    const v = moreBalances.get(a) ?? known?.balances.get(a);
    if (v !== undefined) balances.set(a, v);
  }
  const tokenBalances = new Map<HolderKey, bigint>();
  for (const k of holderKeys) {
    const v = moreTokenBalances.get(k) ?? known?.tokenBalances.get(k);
    if (v !== undefined) tokenBalances.set(k, v);
  }
  const history = [...readHistory, ...atTag.map((k) => ({ ...k, balance: balances.get(k.address) ?? null }))];
  return { rows, contracts, balances, tokenBalances, totalSupplies, proxies, nftKinds, approvals, history, lastNumber };
}
