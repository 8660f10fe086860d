/**
 * ERC-1155 (issue #19) on a real devnet: an ERC-1155 deployed by this test (the default traffic is
 * untouched) is detected by ERC-165, its TransferSingle and TransferBatch logs are stored in
 * token_transfers (one row per id, with its amount), the collection's inventory is the holdings
 * per id and an address's NFTs tab lists each id it holds with its balance, each checked against
 * the node's balanceOf, on PGlite and PostgreSQL.
 */
import { Wallet } from 'ethers';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { toRubyAddress } from '../../../common/address';
import type { AddressNftsResponse, NftInventoryResponse } from '../../../common/api/nfts';
import { apiPaths } from '../../../common/api/paths';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';
import { describeEachDatabase } from '../../helpers/db';
import { deployMultiToken, multiToken as multi, sendFrom } from '../../helpers/multiToken';

const ZERO = '0x0000000000000000000000000000000000000000';

let chain: IndexedChain;
let token = '';
const alice = Wallet.createRandom().address.toLowerCase();
const bob = Wallet.createRandom().address.toLowerCase();
const hashes: Record<string, string> = {};

const send = (from: string, tx: { to?: string; data: string }) => sendFrom(chain.rpc, from, tx);

beforeAll(async () => {
  chain = await startIndexedChain({ steps: 1 });
  const deployer = Wallet.createRandom().address.toLowerCase();
  token = await deployMultiToken(chain.rpc, deployer);
  hashes.single = (await send(deployer, { to: token, data: multi.encodeFunctionData('mint', [alice, 7n, 5n]) })).hash;
  hashes.batch = (
    await send(deployer, { to: token, data: multi.encodeFunctionData('mintBatch', [bob, [1n, 2n, 3n], [10n, 20n, 30n]]) })
  ).hash;
  hashes.move = (await send(alice, { to: token, data: multi.encodeFunctionData('safeTransferFrom', [alice, bob, 7n, 2n, '0x']) })).hash;
  // Bob gives all of id 1 (his balance of it falls to 0) and part of id 3 back to Alice.
  hashes.back = (
    await send(bob, { to: token, data: multi.encodeFunctionData('safeBatchTransferFrom', [bob, alice, [1n, 3n], [10n, 5n], '0x']) })
  ).hash;
}, 120_000);

/** The node's balanceOf(owner, id), in decimal digits. */
async function balanceOf(owner: string, id: bigint): Promise<string> {
  const answer = await chain.rpc.call<string>('eth_call', [
    { to: token, data: multi.encodeFunctionData('balanceOf', [owner, id]) },
    'latest',
  ]);
  return String(BigInt(answer));
}
afterAll(() => chain?.stop());

describeEachDatabase('ERC-1155 transfers', (getDb) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await chain.api(getDb());
  });
  afterAll(() => api?.close());

  it('is detected by ERC-165 and its TransferSingle / TransferBatch logs are stored per id with the amount', async () => {
    const c = await getDb()
      .db.selectFrom('contracts')
      .select(['nft_kind', 'transfer_count'])
      .where('address', '=', token)
      .executeTakeFirstOrThrow();
    expect(c.nft_kind).toBe('erc1155');
    expect(c.transfer_count).toBe(7);
    const rows = await getDb()
      .db.selectFrom('token_transfers')
      .select(['tx_hash', 'from_address', 'to_address', 'token_id', 'value', 'batch_index'])
      .where('token_address', '=', token)
      .orderBy('block_number')
      .orderBy('log_index')
      .orderBy('batch_index')
      .execute();
    expect(rows.map((r) => [r.tx_hash, r.from_address, r.to_address, String(r.token_id), String(r.value), r.batch_index])).toEqual([
      [hashes.single, ZERO, alice, '7', '5', 0],
      [hashes.batch, ZERO, bob, '1', '10', 0],
      [hashes.batch, ZERO, bob, '2', '20', 1],
      [hashes.batch, ZERO, bob, '3', '30', 2],
      [hashes.move, alice, bob, '7', '2', 0],
      [hashes.back, bob, alice, '1', '10', 0],
      [hashes.back, bob, alice, '3', '5', 1],
    ]);
  });

  it('the inventory is the holdings per id, as balanceOf answers', async () => {
    const res = await api.get<NftInventoryResponse>(apiPaths.nftInventory({ contractAddress: toRubyAddress(token), page: 1, size: 50 }));
    expect(res.statusCode).toBe(200);
    const held = res.body.result.map((i) => [i.tokenId, i.owner, i.amount]);
    const expected: [string, string, string][] = [];
    // By token id, then holder (its 0x form).
    const [first, second] = [alice, bob].sort();
    for (const [id, owner] of [
      [1n, alice],
      [2n, bob],
      [3n, first!],
      [3n, second!],
      [7n, first!],
      [7n, second!],
    ] as const)
      expected.push([String(id), toRubyAddress(owner), await balanceOf(owner, id)]);
    expect(held).toEqual(expected);
    const ab = (a: string, b: string) => (first === alice ? [a, b] : [b, a]);
    expect(expected.map((e) => e[2])).toEqual(['10', '20', ...ab('5', '25'), ...ab('3', '2')]);
    expect(await balanceOf(bob, 1n)).toBe('0'); // and so bob is no holder of id 1
  });

  it("an address's NFTs tab lists each id it holds with its balance (received minus sent, 0 left out), as balanceOf answers", async () => {
    const tab = async (owner: string) => {
      const res = await api.get<AddressNftsResponse>(apiPaths.addressNfts({ address: toRubyAddress(owner), page: 1, size: 20 }));
      expect(res.statusCode).toBe(200);
      expect(res.body.totalTransactions).toBe(res.body.result.length);
      for (const r of res.body.result) expect(r).toMatchObject({ contractAddress: toRubyAddress(token), standard: 'erc1155' });
      return res.body.result.map((r) => [r.tokenId, r.amount, r.hash]);
    };
    // Latest received first: in a TransferBatch, the later id first.
    expect(await tab(alice)).toEqual([
      ['3', await balanceOf(alice, 3n), hashes.back],
      ['1', await balanceOf(alice, 1n), hashes.back],
      ['7', await balanceOf(alice, 7n), hashes.single],
    ]);
    expect(await tab(bob)).toEqual([
      ['7', await balanceOf(bob, 7n), hashes.move],
      ['3', await balanceOf(bob, 3n), hashes.batch],
      ['2', await balanceOf(bob, 2n), hashes.batch],
    ]);
    expect((await tab(alice)).map((r) => r[1])).toEqual(['5', '10', '3']);
    expect((await tab(bob)).map((r) => r[1])).toEqual(['2', '25', '20']);
    // The Tokens list counts the ids held per collection.
    const tokens = await api.get<{ result: { contractAddress: string; balance: number; nft?: boolean }[] }>(
      apiPaths.allTokenBalance(toRubyAddress(bob)),
    );
    expect(tokens.body.result.find((t) => t.contractAddress === toRubyAddress(token))).toMatchObject({ balance: 3, nft: true });
  });
});
