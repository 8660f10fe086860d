/**
 * Balances and holders at any block, from our own index, against the devnet's node (anvil keeps
 * every block's state): balancehistory equals eth_getBalance and tokenbalancehistory equals
 * balanceOf at past blocks; the holders at block N equal the sum of the Transfer logs up to N; the
 * current holdings actions match the node; bad input gets Etherscan's error answers, never a 500.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AbiCoder } from 'ethers';
import { toRubyAddress } from '../../../common/address';
import { toHexQuantity } from '../../../server/chain/rpc';
import { TRANSFER_TOPIC } from '../../../server/indexer/decode';
import type { TestApi } from '../../helpers/apiFixture';
import { describeEachDatabase } from '../../helpers/db';
import { dec, es, lower } from './etherscanFixture';
import { apiPaths } from '../../../common/api/paths';
import type { HoldersAtResponse } from '../../../common/api/holdersAt';
import { chain, deployment, node, useAccountChain } from './etherscanAccountFixture';

useAccountChain();
const ZERO = `0x${'0'.repeat(40)}`;
const coder = AbiCoder.defaultAbiCoder();

/** Per holder, what the node's Transfer logs of `token` add up to by the end of `block`. */
function transferSums(token: string, block: number): Map<string, bigint> {
  const out = new Map<string, bigint>();
  for (const t of node.txs) {
    if (Number(t.block.number) > block) continue;
    for (const l of t.receipt.logs) {
      if (lower(l.address) !== token || lower(l.topics[0]) !== TRANSFER_TOPIC || l.topics.length < 3) continue;
      const v = l.topics.length === 4 ? 1n : BigInt(l.data.slice(0, 66));
      const from = `0x${l.topics[1]!.slice(26)}`.toLowerCase();
      const to = `0x${l.topics[2]!.slice(26)}`.toLowerCase();
      out.set(from, (out.get(from) ?? 0n) - v);
      out.set(to, (out.get(to) ?? 0n) + v);
    }
  }
  out.delete(ZERO);
  for (const [k, v] of out) if (v <= 0n) out.delete(k);
  return out;
}

describeEachDatabase('Etherscan balances and holders at any block', (getDb) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await chain.api(getDb());
  }, 300_000);
  afterAll(() => api?.close());

  it('balancehistory equals eth_getBalance at past blocks', async () => {
    const addresses = [...new Set(node.txs.flatMap((t) => [lower(t.tx.from), lower(t.tx.to)]).filter((a) => a !== ''))].slice(0, 8);
    addresses.push(lower(node.blocks[1]!.miner), `0x${'ab'.repeat(20)}`);
    const blocks = [0, 1, Math.floor(node.head / 3), Math.floor(node.head / 2), node.head - 1, node.head];
    let changed = 0;
    for (const a of addresses) {
      const seen = new Set<string>();
      for (const b of blocks) {
        const want = dec(await chain.rpc.call<string>('eth_getBalance', [a, toHexQuantity(b)]));
        seen.add(want);
        const res = await es<string>(api, `module=account&action=balancehistory&address=${toRubyAddress(a)}&blockno=${b}`);
        expect({ a, b, res: res.result }).toEqual({ a, b, res: want });
        expect(res.status).toBe('1');
      }
      if (seen.size > 1) changed++;
    }
    // The sample means something: most of these balances moved over the chain.
    expect(changed).toBeGreaterThanOrEqual(5);
  }, 120_000);

  it('tokenbalancehistory equals balanceOf, and the holders at block N the sum of transfers up to N', async () => {
    const token = lower(deployment.tokens[0]!.address);
    const blocks = [deployment.deployedAtBlock, Math.floor(node.head / 2), node.head];
    for (const b of blocks) {
      const sums = transferSums(token, b);
      const holders = await es<Array<{ TokenHolderAddress: string; TokenHolderQuantity: string }>>(
        api,
        `module=token&action=tokenholderlist&contractaddress=${token}&blockno=${b}&page=1&offset=1000`,
      );
      const want = [...sums].sort((x, y) => (x[1] === y[1] ? (x[0] < y[0] ? -1 : 1) : x[1] > y[1] ? -1 : 1));
      expect(holders.result.length === 0 ? [] : holders.result.map((h) => [h.TokenHolderAddress, h.TokenHolderQuantity])).toEqual(
        want.map(([h, v]) => [h, v.toString()]),
      );
      const count = await es<string>(api, `module=token&action=tokenholdercount&contractaddress=${token}&blockno=${b}`);
      expect(count.result).toBe(String(sums.size));
      for (const [holder] of want.slice(0, 4)) {
        const data = `0x70a08231${coder.encode(['address'], [holder]).slice(2)}`;
        const onNode = dec(await chain.rpc.call<string>('eth_call', [{ to: token, data }, toHexQuantity(b)]));
        const res = await es<string>(
          api,
          `module=account&action=tokenbalancehistory&contractaddress=${token}&address=${holder}&blockno=${b}`,
        );
        expect(res.result).toBe(onNode);
      }
    }
    expect(transferSums(token, node.head).size).toBeGreaterThan(2);
  });

  it("our API's holders at a block or a day, and their CSV, equal the sum of transfers", async () => {
    const token = lower(deployment.tokens[1]!.address);
    const b = Math.floor(node.head / 2);
    const sums = [...transferSums(token, b)].sort((x, y) => (x[1] === y[1] ? (x[0] < y[0] ? -1 : 1) : x[1] > y[1] ? -1 : 1));
    const res = await api.get<HoldersAtResponse>(apiPaths.tokenHoldersAt(toRubyAddress(token), { block: b, page: 1, size: 200 }));
    expect(res.statusCode).toBe(200);
    expect(res.body.result.block).toBe(b);
    expect(res.body.result.totalHolders).toBe(sums.length);
    expect(res.body.result.holders.map((h) => [h.address, h.quantityWei])).toEqual(sums.map(([a, v]) => [toRubyAddress(a), v.toString()]));
    const csv = await api.app.inject({ method: 'GET', url: apiPaths.tokenHoldersAtCsv(token, { block: b }) });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Rank,HolderAddress,Balance,Percentage,Balance (raw)');
    expect(lines.slice(1).map((l) => l.split(',')[4])).toEqual(sums.map(([, v]) => v.toString()));
    // A day: the holders at its last block (every block of this chain is of one day or two).
    const day = new Date(Number(node.blocks[node.head]!.timestamp) * 1000).toISOString().slice(0, 10);
    const byDay = await api.get<HoldersAtResponse>(apiPaths.tokenHoldersAt(token, { date: day }));
    expect(byDay.body.result.block).toBe(node.head);
    for (const [q, message] of [
      [{ block: node.head + 5 }, /after the latest indexed block/],
      [{ block: 'x' }, /Invalid block/],
      [{ date: '2026-02-30' }, /Invalid date/],
      [{ date: '1999-01-01' }, /No indexed block is as old as 1999-01-01/],
      [{ block: 1, date: day }, /a block or a date, not both/],
    ] as const) {
      const bad = await api.get<{ message: string }>(apiPaths.tokenHoldersAt(token, q));
      expect(bad.statusCode, JSON.stringify(q)).toBe(400);
      expect(bad.body.message).toMatch(message);
    }
    expect((await api.get(apiPaths.tokenHoldersAt(toRubyAddress(deployment.deployer)))).statusCode).toBe(404);
  });

  it('the holdings of an address now: ERC20 balances, NFT counts and token ids', async () => {
    const nft = lower(deployment.nft);
    const owners = transferSums(nft, node.head);
    const [owner, items] = [...owners].sort((x, y) => Number(y[1] - x[1]))[0]!;
    const counts = await es<Array<Record<string, string>>>(
      api,
      `module=account&action=addresstokennftbalance&address=${toRubyAddress(owner)}`,
    );
    expect(counts.result.find((r) => r.TokenAddress === nft)).toMatchObject({ TokenQuantity: items.toString() });
    expect(Object.keys(counts.result[0]!)).toEqual(['TokenAddress', 'TokenName', 'TokenSymbol', 'TokenQuantity']);
    const inventory = await es<Array<Record<string, string>>>(
      api,
      `module=account&action=addresstokennftinventory&address=${owner}&contractaddress=${nft}&page=1&offset=100`,
    );
    expect(inventory.result).toHaveLength(Number(items));
    for (const r of inventory.result) {
      const data = `0x6352211e${coder.encode(['uint256'], [BigInt(r.TokenId!)]).slice(2)}`;
      const ownerOf = await chain.rpc.call<string>('eth_call', [{ to: nft, data }, 'latest']);
      expect(`0x${ownerOf.slice(26)}`).toBe(owner);
    }
    const holder = lower(deployment.deployer);
    const tokens = await es<Array<Record<string, string>>>(
      api,
      `module=account&action=addresstokenbalance&address=${holder}&page=1&offset=100`,
    );
    expect(tokens.result.length).toBeGreaterThan(0);
    for (const r of tokens.result) {
      expect(Object.keys(r)).toEqual(['TokenAddress', 'TokenName', 'TokenSymbol', 'TokenQuantity', 'TokenDivisor', 'TokenPriceUSD']);
      const data = `0x70a08231${coder.encode(['address'], [holder]).slice(2)}`;
      expect(r.TokenQuantity).toBe(dec(await chain.rpc.call<string>('eth_call', [{ to: r.TokenAddress, data }, 'latest'])));
    }
  });

  it("bad input gets Etherscan's error answers with HTTP 200, never a 500", async () => {
    const a = toRubyAddress(deployment.deployer);
    const token = deployment.tokens[0]!.address;
    const cases: [string, RegExp][] = [
      [`module=account&action=balancehistory&address=${a}`, /Missing or invalid blockno/],
      [`module=account&action=balancehistory&address=${a}&blockno=x`, /Missing or invalid blockno/],
      [`module=account&action=balancehistory&address=${a}&blockno=${node.head + 100}`, /after the latest indexed block/],
      [`module=account&action=balancehistory&address=nope&blockno=1`, /Invalid address format/],
      [`module=account&action=tokenbalancehistory&address=${a}&contractaddress=x&blockno=1`, /Invalid contractaddress/],
      [`module=token&action=tokenholderlist&contractaddress=${a}`, /Not a token contract/],
      [`module=token&action=tokenholdercount&contractaddress=${token}&blockno=-1`, /Missing or invalid blockno/],
      [`module=token&action=tokenholderlist&contractaddress=${token}&page=0`, /Invalid page/],
      [`module=account&action=addresstokennftinventory&address=${a}`, /Invalid contractaddress/],
      [`module=account&action=addresstokenbalance&address=${a}&page=200&offset=100`, /Result window is too large/],
    ];
    for (const [q, message] of cases) {
      const res = await es<string>(api, q);
      expect(res.statusCode, q).toBe(200);
      expect(res, q).toMatchObject({ status: '0', message: 'NOTOK' });
      expect(res.result, q).toMatch(message);
    }
  });
});
