/**
 * Issue #19, NFT collections: the indexer's ERC-165 detection (and its backfill), the token page's
 * data, Inventory and transfers of the devnet's ERC-721 "Ruby Gems", an address's NFTs and the
 * search, on PGlite and PostgreSQL, each checked against what the node answers (ownerOf, tokenURI).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Interface } from 'ethers';
import { toRubyAddress } from '../../../common/address';
import type { AddressNftsResponse, NftInventoryResponse } from '../../../common/api/nfts';
import type { SearchContractResponse } from '../../../common/api/search';
import type { TokenDataResponse, TokenTransfersResponse } from '../../../common/api/tokens';
import { apiPaths } from '../../../common/api/paths';
import type { Deployment } from '../../../server/chain/trafficContracts';
import { kindOf } from '../../../server/indexer/nftKind';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';
import { describeEachDatabase } from '../../helpers/db';

const erc721 = new Interface([
  'function totalSupply() view returns (uint256)',
  'function ownerOf(uint256) view returns (address)',
  'function tokenURI(uint256) view returns (string)',
]);

let chain: IndexedChain;
let deployment: Deployment;
beforeAll(async () => {
  chain = await startIndexedChain({ steps: 12 });
  deployment = await chain.traffic.setup();
});
afterAll(() => chain?.stop());

async function read(fn: string, args: unknown[] = []): Promise<unknown> {
  const data = erc721.encodeFunctionData(fn, args);
  const out = (await chain.rpc.call('eth_call', [{ to: deployment.nft, data }, 'latest'])) as string;
  return erc721.decodeFunctionResult(fn, out)[0] as unknown;
}

/** Every item of the collection as the node has it now: [id, owner (0x lower), tokenURI]. */
async function nodeItems(): Promise<[string, string, string][]> {
  const supply = Number(await read('totalSupply'));
  const out: [string, string, string][] = [];
  for (let id = 1; id <= supply; id++) {
    const owner = String(await read('ownerOf', [id])).toLowerCase();
    out.push([String(id), owner, String(await read('tokenURI', [id]))]);
  }
  return out;
}

it('reads ERC-165 answers as the standard says', () => {
  const word = (b: boolean) => `0x${(b ? '1' : '0').padStart(64, '0')}`;
  const answers = (...b: boolean[]) => b.map(word);
  // erc165, 0xffffffff, erc1155, erc721, metadata
  expect(kindOf(answers(true, false, false, true, true))).toEqual({ kind: 'erc721', metadata: true });
  expect(kindOf(answers(true, false, true, false, false))).toEqual({ kind: 'erc1155', metadata: false });
  expect(kindOf(answers(true, true, true, true, true))).toEqual({ kind: 'none', metadata: false }); // says yes to everything
  expect(kindOf([null, null, null, null, null])).toEqual({ kind: 'none', metadata: false }); // reverts: no ERC-165
  expect(kindOf([word(true), '0x', word(false), word(true), word(false)])).toEqual({ kind: 'erc721', metadata: false });
  expect(kindOf([word(true), undefined, null, null, null])).toBeNull(); // no answer: ask again later
});

describeEachDatabase('NFT collections API', (getDb) => {
  let api: TestApi;
  let items: [string, string, string][];
  beforeAll(async () => {
    api = await chain.api(getDb());
    items = await nodeItems();
  });
  afterAll(() => api?.close());

  const kinds = async () =>
    new Map(
      (await getDb().db.selectFrom('contracts').select(['address', 'nft_kind', 'nft_metadata', 'is_nft']).execute()).map((r) => [
        r.address,
        r,
      ]),
    );

  it('detects the devnet ERC-721 by ERC-165, and nothing else as an NFT', async () => {
    const k = await kinds();
    expect(k.get(deployment.nft.toLowerCase())).toMatchObject({ nft_kind: 'erc721', nft_metadata: true, is_nft: true });
    for (const t of deployment.tokens) expect(k.get(t.address.toLowerCase())).toMatchObject({ nft_kind: 'none', is_nft: false });
    expect(k.get(deployment.splitter.toLowerCase())).toMatchObject({ nft_kind: 'none', is_nft: false });
    expect([...k.values()].filter((r) => r.nft_kind === null)).toEqual([]);
  });

  it('backfills contracts indexed before the detection on the next batches', async () => {
    await getDb().db.updateTable('contracts').set({ nft_kind: null, nft_metadata: false }).execute();
    await api.indexer.init(); // a restart: the registry learns which contracts are unasked
    await api.mine();
    const k = await kinds();
    expect(k.get(deployment.nft.toLowerCase())).toMatchObject({ nft_kind: 'erc721', nft_metadata: true });
    expect([...k.values()].filter((r) => r.nft_kind === null)).toEqual([]);
    items = await nodeItems(); // the mined step may have minted more
  });

  it('shows the collection on the token page: ERC-721, items as supply, owners as holders', async () => {
    expect(items.length).toBeGreaterThan(0);
    const res = await api.get<TokenDataResponse>(apiPaths.tokenData(deployment.nft));
    expect(res.statusCode).toBe(200);
    expect(res.body.result).toMatchObject({
      name: 'Ruby Gems',
      symbol: 'GEM',
      nftKind: 'erc721',
      decimals: 0,
      totalSupply: items.length,
      totalSupplyWei: String(items.length),
      holders: new Set(items.map((i) => i[1])).size,
    });
    const rbc20 = await api.get<TokenDataResponse>(apiPaths.tokenData(deployment.tokens[0]!.address));
    expect(rbc20.body.result.nftKind).toBeUndefined();
  });

  it("lists the inventory by token id with the node's owner and tokenURI, page by page", async () => {
    const all = await api.get<NftInventoryResponse>(apiPaths.nftInventory({ contractAddress: deployment.nft, page: 1, size: 200 }));
    expect(all.statusCode).toBe(200);
    expect(all.body.totalTransactions).toBe(items.length);
    expect(all.body.result.map((r) => [r.tokenId, r.owner, r.tokenUri])).toEqual(items.map(([id, o, u]) => [id, toRubyAddress(o), u]));
    expect(items[0]![2]).toBe('https://ruby.example/gems/1');
    for (const r of all.body.result) {
      const tx = (await chain.rpc.call('eth_getTransactionReceipt', [r.hash])) as { blockNumber: string; to: string };
      expect(Number(tx.blockNumber)).toBe(r.blockNumber);
      expect(tx.to.toLowerCase()).toBe(deployment.nft.toLowerCase());
    }
    const p2 = await api.get<NftInventoryResponse>(apiPaths.nftInventory({ contractAddress: deployment.nft, page: 2, size: 1 }));
    expect(p2.body).toMatchObject({ currentPage: 2, totalPages: items.length });
    expect(p2.body.result.map((r) => r.tokenId)).toEqual(items.length > 1 ? [items[1]![0]] : []);
  });

  it("lists the collection's transfers, each with its token id", async () => {
    const res = await api.get<TokenTransfersResponse>(apiPaths.tokenTx({ contractAddress: deployment.nft, page: 1, size: 200 }));
    expect(res.statusCode).toBe(200);
    expect(res.body.result.length).toBe(items.length); // mints only: one transfer per item
    expect(res.body.result.map((t) => t.tokenId).sort((a, b) => Number(a) - Number(b))).toEqual(items.map((i) => i[0]));
    expect(res.body.result.every((t) => t.tokenDecimals === 0 && t.valueWei === '1')).toBe(true);
  });

  it('lists the NFTs an address holds, as ownerOf says', async () => {
    const owner = items[0]![1];
    const mine = items.filter((i) => i[1] === owner).map((i) => i[0]);
    const res = await api.get<AddressNftsResponse>(apiPaths.addressNfts({ address: toRubyAddress(owner), page: 1, size: 200 }));
    expect(res.statusCode).toBe(200);
    expect(res.body.totalTransactions).toBe(mine.length);
    expect(res.body.result.map((r) => r.tokenId).sort()).toEqual([...mine].sort());
    expect(res.body.result[0]).toMatchObject({ contractAddress: toRubyAddress(deployment.nft), name: 'Ruby Gems', symbol: 'GEM' });
    for (const r of res.body.result) expect(r).toMatchObject({ standard: 'erc721', amount: '1' });
    const none = await api.get<AddressNftsResponse>(apiPaths.addressNfts({ address: deployment.splitter, page: 1, size: 20 }));
    expect(none.body).toMatchObject({ status: true, result: [], totalTransactions: 0 });
  });

  it('finds the collection by name in the search, marked as an NFT', async () => {
    const res = await api.get<SearchContractResponse>(apiPaths.searchContract({ q: 'ruby gem' }));
    expect(res.body.result.find((c) => c.contract_address === toRubyAddress(deployment.nft))).toMatchObject({
      contractname: 'Ruby Gems',
      nft: true,
    });
    const token = await api.get<SearchContractResponse>(apiPaths.searchContract({ q: deployment.tokens[0]!.symbol }));
    expect(token.body.result[0]?.nft).toBeUndefined();
  });

  it('answers bad input with a 4xx JSON error', async () => {
    const cases: [string, number][] = [
      [apiPaths.nftInventory({ contractAddress: deployment.tokens[0]!.address, page: 1, size: 20 }), 404],
      [apiPaths.nftInventory({ contractAddress: 'r123', page: 1, size: 20 }), 400],
      [apiPaths.nftInventory({ contractAddress: deployment.nft, page: 0, size: 20 }), 400],
      [apiPaths.nftInventory({ contractAddress: deployment.nft, page: 1, size: 201 }), 400],
      [apiPaths.addressNfts({ address: 'nope', page: 1, size: 20 }), 400],
      [apiPaths.addressNfts({ address: deployment.nft, page: 'x', size: 20 }), 400],
    ];
    for (const [url, code] of cases) {
      const res = await api.get<{ status: boolean; message: string }>(url);
      expect(res.statusCode, url).toBe(code);
      expect(res.body.status, url).toBe(false);
      expect(res.body.message, url).toBeTruthy();
    }
  });
});
