/**
 * Blockscout's REST API v2 on the devnet, addresses, tokens and search: every answer conforms to
 * Blockscout's published OpenAPI (tests/helpers/blockscoutV2.ts) and its values are the node's
 * (balances by eth_getBalance, token balances and supplies by eth_call, transaction counts and
 * hashes from the node's blocks); bad input is a 422, an address that is no token a 404.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Interface } from 'ethers';
import { toChecksumHexAddress } from '../../../common/address';
import { apiPaths, type Query } from '../../../common/api/paths';
import { toHexQuantity } from '../../../server/chain/rpc';
import type { Deployment } from '../../../server/chain/trafficContracts';
import type { RawBlock } from '../../../server/chain/types';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';
import { expectBlockscout } from '../../helpers/blockscoutV2';
import { describeEachDatabase } from '../../helpers/db';

type Item = Record<string, unknown>;
type List = { items: Item[]; next_page_params: Query | null };
const erc20 = new Interface(['function balanceOf(address) view returns (uint256)', 'function totalSupply() view returns (uint256)']);

let chain: IndexedChain;
let deployment: Deployment;
let blocks: RawBlock[];
let head: string;
beforeAll(async () => {
  chain = await startIndexedChain({ steps: 3 });
  deployment = await chain.traffic.setup();
  head = await chain.rpc.call<string>('eth_blockNumber');
  blocks = await chain.rpc.batch<RawBlock>(
    Array.from({ length: Number(BigInt(head)) + 1 }, (_, n) => ({ method: 'eth_getBlockByNumber', params: [toHexQuantity(n), true] })),
  );
}, 300_000);
afterAll(() => chain?.stop());

const call = async (to: string, data: string) => BigInt(await chain.rpc.call<string>('eth_call', [{ to, data }, head])).toString();

describeEachDatabase('Blockscout REST API v2: addresses, tokens, search', (getDb) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await chain.api(getDb());
  }, 300_000);
  afterAll(() => api?.close());

  async function pages(build: (q?: Query) => string, route: Parameters<typeof expectBlockscout>[0]): Promise<Item[]> {
    const out: Item[] = [];
    let query: Query | undefined;
    for (let i = 0; i < 20; i++) {
      const res = await api.get<List>(build(query));
      expectBlockscout(route, res);
      out.push(...res.body.items);
      if (!res.body.next_page_params) return out;
      query = res.body.next_page_params;
    }
    throw new Error('no last page');
  }

  it("an account: balance, counters, transactions, tokens and balance history, as the node's", async () => {
    const me = deployment.deployer.toLowerCase();
    const a = await api.get<Item>(apiPaths.bsAddress(toChecksumHexAddress(me)));
    expectBlockscout('bsAddress', a);
    const balance = BigInt(await chain.rpc.call<string>('eth_getBalance', [me, head])).toString();
    expect(a.body).toMatchObject({ hash: toChecksumHexAddress(me), is_contract: false, coin_balance: balance, has_tokens: true });

    const mine = blocks.flatMap((b) => b.transactions).filter((t) => t.from.toLowerCase() === me || t.to?.toLowerCase() === me);
    const counters = await api.get<Item>(apiPaths.bsAddressCounters(me));
    expectBlockscout('bsAddressCounters', counters);
    expect(counters.body.transactions_count).toBe(String(mine.length));
    const txs = await pages((q) => apiPaths.bsAddressTransactions(me, q), 'bsAddressTransactions');
    expect(txs.map((t) => t.hash)).toEqual(mine.map((t) => t.hash).reverse());

    const tokens = await api.get<List>(apiPaths.bsAddressTokens(me));
    expectBlockscout('bsAddressTokens', tokens);
    // The sample tokens and the pairs' LP tokens.
    const held = tokens.body.items.map((t) => (t.token as Item).address_hash);
    for (const t of [...deployment.tokens, ...deployment.pairs]) expect(held).toContain(toChecksumHexAddress(t.address));
    for (const t of tokens.body.items) {
      const token = (t.token as Item).address_hash as string;
      expect(t.value, token).toBe(await call(token, erc20.encodeFunctionData('balanceOf', [me])));
    }

    const history = await api.get<List>(apiPaths.bsAddressCoinHistory(me));
    expectBlockscout('bsAddressCoinHistory', history);
    expect(history.body.items.length).toBeGreaterThan(0);
    for (const h of history.body.items.slice(0, 3)) {
      const at = toHexQuantity(h.block_number as number);
      expect(h.value).toBe(BigInt(await chain.rpc.call<string>('eth_getBalance', [me, at])).toString());
    }
    for (const route of ['bsAddressTokenTransfers', 'bsAddressInternal', 'bsAddressLogs'] as const) {
      const res = await api.get<List>(apiPaths[route](me));
      expectBlockscout(route, res);
    }
  });

  it('a proxy names its implementation as Blockscout does (proxy_type, implementations)', async () => {
    const p = deployment.proxies;
    expect(p).toBeDefined();
    for (const [address, type] of [
      [p!.proxy, 'eip1967'],
      [p!.clone, 'eip1167'],
    ] as const) {
      const res = await api.get<Item>(apiPaths.bsAddress(address));
      expectBlockscout('bsAddress', res);
      expect(res.body).toMatchObject({
        is_contract: true,
        proxy_type: type,
        implementations: [{ address_hash: toChecksumHexAddress(p!.implementations[1]) }],
      });
    }
    const one = await api.get<Item>(apiPaths.bsSmartContract(p!.proxy));
    expectBlockscout('bsSmartContract', one);
    expect(one.body).toMatchObject({ proxy_type: 'eip1967', address: { proxy_type: 'eip1967' } });
  });

  it("a token: detail, holders, transfers and a contract's logs, as the node's", async () => {
    const list = await pages(apiPaths.bsTokens, 'bsTokens');
    // The form Blockscout's OpenAPI documents, with its trailing '/': the same answer.
    expect((await api.get<List>(apiPaths.bsTokensSlash())).body.items).toEqual(list.slice(0, 50));
    for (const t of deployment.tokens) expect(list.map((x) => x.address_hash)).toContain(toChecksumHexAddress(t.address));
    const token = deployment.tokens[1]!.address.toLowerCase();
    const one = await api.get<Item>(apiPaths.bsToken(token));
    expectBlockscout('bsToken', one);
    expect(one.body).toMatchObject({ type: 'ERC-20', symbol: deployment.tokens[1]!.symbol, decimals: '18' });
    expect(one.body.total_supply).toBe(await call(token, erc20.encodeFunctionData('totalSupply')));

    const holders = await pages((q) => apiPaths.bsTokenHolders(token, q), 'bsTokenHolders');
    expect(String(holders.length)).toBe(one.body.holders_count);
    for (const h of holders.slice(0, 5)) {
      const who = (h.address as Item).hash as string;
      expect(h.value, who).toBe(await call(token, erc20.encodeFunctionData('balanceOf', [who])));
    }
    const transfers = await api.get<List>(apiPaths.bsTokenTransfers(token));
    expectBlockscout('bsTokenTransfers', transfers);
    expect(transfers.body.items.length).toBeGreaterThan(0);
    expect(transfers.body.items.every((t) => (t.token as Item).address_hash === toChecksumHexAddress(token))).toBe(true);
    const logs = await api.get<List>(apiPaths.bsAddressLogs(token));
    expectBlockscout('bsAddressLogs', logs);
    expect(logs.body.items[0]).toMatchObject({ decoded: { method_call: expect.stringMatching(/^(Transfer|Approval)\(/) } });

    const nft = await api.get<List>(apiPaths.bsTokenInstances(deployment.nft));
    expectBlockscout('bsTokenInstances', nft);
    expectBlockscout('bsTokenInstances', await api.get(apiPaths.bsTokenInstances(token)));
  });

  it('search and check-redirect find tokens, addresses, transactions and blocks', async () => {
    const symbol = deployment.tokens[0]!.symbol;
    const found = await api.get<List>(apiPaths.bsSearch({ q: symbol }));
    expectBlockscout('bsSearch', found);
    expect(found.body.items).toContainEqual(
      expect.objectContaining({ type: 'token', symbol, address_hash: toChecksumHexAddress(deployment.tokens[0]!.address) }),
    );
    const tx = blocks.at(-1)!.transactions[0]!.hash;
    for (const [q, type, parameter] of [
      [tx, 'transaction', tx],
      ['3', 'block', '3'],
      [deployment.deployer.toLowerCase(), 'address', toChecksumHexAddress(deployment.deployer)],
    ] as const) {
      const r = await api.get<Item>(apiPaths.bsSearchRedirect({ q }));
      expectBlockscout('bsSearchRedirect', r);
      expect(r.body).toEqual({ redirect: true, type, parameter });
    }
    expect((await api.get<Item>(apiPaths.bsSearchRedirect({ q: 'no such thing' }))).body).toMatchObject({ redirect: false });
    expect((await api.get<List>(apiPaths.bsSearch({ q: tx }))).body.items[0]).toMatchObject({ type: 'transaction', transaction_hash: tx });
  });

  it("answers bad input in Blockscout's words: 422 for a malformed address, 404 for no token", async () => {
    for (const route of ['bsAddress', 'bsAddressTransactions', 'bsAddressCounters', 'bsToken', 'bsTokenHolders'] as const)
      expectBlockscout(route, await api.get(apiPaths[route]('0xzz')), 422);
    const none = await api.get(apiPaths.bsToken(deployment.router));
    expect(none).toEqual({ statusCode: 404, body: { message: 'Not found' } });
    expect((await api.get(apiPaths.bsAddressTransactions(deployment.deployer, { items_count: 'x' }))).statusCode).toBe(422);
  });
});
