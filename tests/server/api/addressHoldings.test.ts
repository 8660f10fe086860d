/** The address API's token transfers, internal transactions, balances and top accounts, checked against the node (see addressNode.ts). */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatEther, formatUnits } from 'ethers';
import type {
  BalanceResponse,
  InternalTransactionsResponse,
  TokenBalanceResponse,
  TokenHoldingsResponse,
  TopAccountsResponse,
} from '../../../common/api/addresses';
import type { TokenTransfersResponse } from '../../../common/api/tokens';
import { toRubyAddress } from '../../../common/address';
import { hexToNumber } from '../../../server/chain/rpc';
import type { Deployment } from '../../../server/chain/trafficContracts';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';
import { describeEachDatabase } from '../../helpers/db';
import * as chainView from './addressNode';
import { apiPaths } from '../../../common/api/paths';

let chain: IndexedChain;
let deployment: Deployment;
let node: chainView.NodeChain;
const nodeAddresses = () => chainView.nodeAddresses(node);
const nodeTokenTransfers = (address: string) => chainView.nodeTokenTransfers(node, address);
const balanceAtHead = (address: string) => chainView.balanceAtHead(chain.rpc, node, address);
const balanceOf = (token: string, holder: string) => chainView.balanceOf(chain.rpc, node, token, holder);

beforeAll(async () => {
  chain = await startIndexedChain({ steps: 10 });
  deployment = await chain.traffic.setup();
  node = await chainView.readChain(chain.rpc);
});
afterAll(() => chain?.stop());

describeEachDatabase('address holdings API', (getDb) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await chain.api(getDb());
  });
  afterAll(() => api?.close());

  it("lists an address's RBC20 transfers newest first, as the node's logs have them", async () => {
    for (const a of [deployment.deployer, deployment.pairs[0]!.address, ...nodeAddresses().slice(0, 5)]) {
      const expected = nodeTokenTransfers(a);
      const res = await api.get<TokenTransfersResponse>(apiPaths.userTokenTx({ address: a, page: 1, size: 200 }));
      expect(res.statusCode).toBe(200);
      expect(res.body.totalTransactions, a).toBe(expected.length);
      expect(
        res.body.result.map((t) => [t.hash, t.logIndex]),
        a,
      ).toEqual(expected.map((t) => [t.hash, t.logIndex]));
      res.body.result.forEach((t, i) => {
        const e = expected[i]!;
        expect(t).toMatchObject({
          from: toRubyAddress(e.from),
          to: toRubyAddress(e.to),
          tokenAddress: toRubyAddress(e.token),
          valueWei: e.value.toString(),
          tokenDecimals: e.tokenId === null ? 18 : 0,
          tokenId: e.tokenId === null ? null : e.tokenId.toString(),
          transactiontype: 2,
          status: 1,
          decodedInput: [{ _to: toRubyAddress(e.to), _value: e.value.toString() }],
        });
        expect(t.value).toBe(Number(formatUnits(e.value, e.tokenId === null ? 18 : 0)));
        expect(new Date(t.createdAt).getTime() / 1000).toBe(t.timestamp);
      });
    }
    const dep = await api.get<TokenTransfersResponse>(apiPaths.userTokenTx({ address: deployment.deployer, page: 2, size: 3 }));
    const expected = nodeTokenTransfers(deployment.deployer);
    expect(dep.body.result.map((t) => t.hash)).toEqual(expected.slice(3, 6).map((t) => t.hash));
    expect(dep.body).toMatchObject({ totalTransactions: expected.length, totalPages: Math.ceil(expected.length / 3), currentPage: 2 });
    const sym = new Map(deployment.tokens.map((t) => [toRubyAddress(t.address), t.symbol]));
    for (const t of dep.body.result) if (sym.has(t.tokenAddress)) expect(t.tokenSymbol).toBe(sym.get(t.tokenAddress));
  });

  it("lists the splitter DApp's internal transactions: every successful call pays out exactly its value", async () => {
    const splitter = deployment.splitter;
    const calls = node.blocks
      .flatMap((b) => b.transactions.map((tx) => ({ ...tx, block: hexToNumber(b.number) })))
      .filter((tx) => tx.to?.toLowerCase() === splitter);
    const paid = calls.filter((tx) => node.receipts.get(tx.hash.toLowerCase())?.status === '0x1');
    expect(paid.length).toBeGreaterThan(0);
    const items: InternalTransactionsResponse['result'] = [];
    const first = await api.get<InternalTransactionsResponse>(apiPaths.internalTx({ address: splitter, page: 1, size: 200 }));
    expect(first.statusCode).toBe(200);
    items.push(...first.body.result);
    for (let p = 2; p <= first.body.totalPages; p++)
      items.push(
        ...(await api.get<InternalTransactionsResponse>(apiPaths.internalTx({ address: splitter, page: p, size: 200 }))).body.result,
      );
    expect(items.length).toBe(first.body.totalTransactions);
    for (const tx of paid) {
      const hash = tx.hash.toLowerCase();
      const mine = items.filter((i) => i.hash === hash);
      expect(mine.length, hash).toBeGreaterThan(0);
      expect(
        mine.reduce((s, i) => s + BigInt(i.valueWei), 0n),
        hash,
      ).toBe(BigInt(tx.value));
      const r = node.receipts.get(hash)!;
      for (const i of mine) {
        expect(i).toMatchObject({
          contract: toRubyAddress(splitter),
          from: toRubyAddress(splitter),
          callType: 'call',
          error: null,
          status: 1,
          blockNumber: tx.block,
          feeWei: (BigInt(r.gasUsed) * BigInt(r.effectiveGasPrice ?? 0)).toString(),
        });
        expect(i.decodedInput?.[0]).toBeDefined();
      }
    }
    // Newest first.
    const order = items.map((i) => i.blockNumber);
    expect([...order].sort((x, y) => y - x)).toEqual(order);
    // A recipient sees the payment in its own list.
    const payment = items[0]!;
    const recipient = await api.get<InternalTransactionsResponse>(apiPaths.internalTx({ address: String(payment.to), page: 1, size: 200 }));
    expect(recipient.body.result.some((i) => i.hash === payment.hash && i.traceAddress === payment.traceAddress)).toBe(true);
  });

  it('lists non-zero token balances (and NFT items held) equal to balanceOf on the node', async () => {
    const tokens = [...deployment.tokens.map((t) => t.address), ...deployment.pairs.map((p) => p.address), deployment.nft];
    for (const holder of [deployment.deployer, deployment.pairs[0]!.address, ...nodeAddresses().slice(0, 5)]) {
      const res = await api.get<TokenHoldingsResponse>(apiPaths.allTokenBalance(holder));
      expect(res.statusCode).toBe(200);
      const expected = new Map<string, bigint>();
      for (const t of tokens) {
        const b = await balanceOf(t, holder);
        if (b > 0n) expected.set(toRubyAddress(t), b);
      }
      expect(new Map(res.body.result.map((h) => [h.contractAddress, BigInt(h.balanceWei)])), holder).toEqual(expected);
      for (const h of res.body.result) {
        const decimals = h.nft ? 0 : 18;
        expect(h.nft ?? false).toBe(h.contractAddress === toRubyAddress(deployment.nft));
        expect(h.decimals).toBe(decimals);
        expect(h.balance).toBe(Number(formatUnits(h.balanceWei, decimals)));
        expect(h.name).toBeTruthy();
      }
    }
  });

  it('reads /getBalance live from the node and /tokenbalance from the index', async () => {
    const a = deployment.deployer;
    const live = BigInt(await chain.rpc.call<string>('eth_getBalance', [a, 'latest']));
    const res = await api.get<BalanceResponse>(apiPaths.balance(toRubyAddress(a)));
    expect(res.body).toEqual({
      status: true,
      result: { address: toRubyAddress(a), balance: Number(formatEther(live)), balanceWei: live.toString() },
    });
    for (const t of deployment.tokens) {
      const tb = await api.get<TokenBalanceResponse>(apiPaths.tokenBalance({ address: a, contractAddr: t.address }));
      expect(tb.statusCode).toBe(200);
      expect(tb.body.result).toMatchObject({ balanceWei: (await balanceOf(t.address, a)).toString(), decimals: 18, symbol: t.symbol });
    }
    const none = await api.get<TokenBalanceResponse>(
      apiPaths.tokenBalance({ address: '0x00000000000000000000000000000000c0ffee02', contractAddr: deployment.tokens[0]!.address }),
    );
    expect(none.body).toEqual({
      status: true,
      result: { balance: 0, balanceWei: '0', decimals: 18, symbol: deployment.tokens[0]!.symbol },
    });
    for (const notToken of [deployment.splitter, '0x00000000000000000000000000000000c0ffee03']) {
      const r = await api.get(apiPaths.tokenBalance({ address: a, contractAddr: notToken }));
      expect(r.statusCode).toBe(404);
      expect(r.body).toEqual({ status: false, message: `Token ${toRubyAddress(notToken)} not found` });
    }
  });

  it('ranks top accounts by balance with the share of the total supply', async () => {
    const all = await api.get<TopAccountsResponse>(apiPaths.topAccountsPage({ page: 1, size: 200 }));
    expect(all.statusCode).toBe(200);
    const list = all.body.result;
    expect(list.length).toBeGreaterThan(10);
    expect(all.body.totalTransactions).toBe(list.length);
    expect(list.map((a) => a.rank)).toEqual(list.map((_, i) => i + 1));
    for (let i = 1; i < list.length; i++) expect(BigInt(list[i - 1]!.balanceWei) >= BigInt(list[i]!.balanceWei)).toBe(true);
    for (const a of list) {
      expect(BigInt(a.balanceWei) > 0n).toBe(true);
      expect(a.balanceWei, a.address).toBe((await balanceAtHead(a.address.replace(/^r/, '0x'))).toString());
      expect(a.percentage).toBeCloseTo((Number(formatUnits(a.balanceWei, 18)) / 271822351) * 100, 12);
    }
    // Every positive balance among the chain's addresses is ranked.
    for (const a of nodeAddresses()) {
      if ((await balanceAtHead(a)) > 0n)
        expect(
          list.some((x) => x.address === toRubyAddress(a)),
          a,
        ).toBe(true);
    }
    const def = await api.get<TopAccountsResponse>(apiPaths.topAccounts());
    expect(def.body).toEqual({ ...(await api.get<TopAccountsResponse>(apiPaths.topAccountsPage({ page: 1, size: 20 }))).body });
    expect(def.body.result).toEqual(list.slice(0, 20));
    expect(def.body).toMatchObject({ totalTransactions: list.length, totalPages: Math.ceil(list.length / 20), currentPage: 1 });
    const p2 = await api.get<TopAccountsResponse>(apiPaths.topAccountsPage({ page: 2, size: 5 }));
    expect(p2.body.result).toEqual(list.slice(5, 10));
  });
});
