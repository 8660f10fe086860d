import { afterAll, beforeAll, expect, it } from 'vitest';
import { AbiCoder, formatUnits } from 'ethers';
import type {
  AddressTransactionsResponse, BalanceResponse, InternalTransactionsResponse, TokenBalanceResponse, TokenHoldingsResponse, TopAccountsResponse,
} from '../../../common/api/addresses';
import type { TokenTransfersResponse } from '../../../common/api/tokens';
import { toRubyAddress } from '../../../common/address';
import { hexToNumber, toHexQuantity } from '../../../server/chain/rpc';
import type { RawBlock, RawReceipt } from '../../../server/chain/types';
import type { Deployment } from '../../../server/chain/trafficContracts';
import { bulkColumns, bulkInsert } from '../../../server/db/bulk';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';
import { describeEachDatabase } from '../../helpers/db';
import { apiPaths, openApiPaths } from '../../../common/api/paths';

const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const coder = AbiCoder.defaultAbiCoder();

interface NodeChain {
  head: number;
  blocks: RawBlock[];
  receipts: Map<string, RawReceipt>;
}

let chain: IndexedChain;
let deployment: Deployment;
let node: NodeChain;

/** Every block and receipt of the chain, from the node. */
async function readChain(c: IndexedChain): Promise<NodeChain> {
  const head = hexToNumber(await c.rpc.call<string>('eth_blockNumber'));
  const blocks: RawBlock[] = [];
  const receipts = new Map<string, RawReceipt>();
  for (let n = 0; n <= head; n++) {
    const tag = toHexQuantity(n);
    const [block, rs] = await Promise.all([
      c.rpc.call<RawBlock>('eth_getBlockByNumber', [tag, true]),
      c.rpc.call<RawReceipt[]>('eth_getBlockReceipts', [tag]),
    ]);
    blocks.push(block);
    for (const r of rs) receipts.set(r.transactionHash.toLowerCase(), r);
  }
  return { head, blocks, receipts };
}

/** Transactions involving the address (sender, recipient or created contract), newest first. */
function nodeTxsOf(address: string): { hash: string; from: string; gasUsed: bigint }[] {
  const out: { hash: string; from: string; gasUsed: bigint }[] = [];
  for (const b of [...node.blocks].reverse()) {
    for (const tx of [...b.transactions].reverse()) {
      const r = node.receipts.get(tx.hash.toLowerCase());
      const to = tx.to?.toLowerCase() ?? r?.contractAddress?.toLowerCase() ?? null;
      if (tx.from.toLowerCase() === address || to === address) out.push({ hash: tx.hash.toLowerCase(), from: tx.from.toLowerCase(), gasUsed: BigInt(r?.gasUsed ?? 0) });
    }
  }
  return out;
}

/** Every address taking part in a transaction. */
function nodeAddresses(): string[] {
  const set = new Set<string>();
  for (const b of node.blocks) {
    for (const tx of b.transactions) {
      set.add(tx.from.toLowerCase());
      const to = tx.to ?? node.receipts.get(tx.hash.toLowerCase())?.contractAddress;
      if (to) set.add(to.toLowerCase());
    }
  }
  return [...set].sort();
}

/** RBC20 Transfer events (3 topics) from or to the address, newest first. */
interface NodeTransfer { hash: string; block: number; logIndex: number; token: string; from: string; to: string; value: bigint }
function nodeTokenTransfers(address: string): NodeTransfer[] {
  const out: NodeTransfer[] = [];
  for (const b of node.blocks) {
    for (const tx of b.transactions) {
      for (const log of node.receipts.get(tx.hash.toLowerCase())?.logs ?? []) {
        if (log.topics[0]?.toLowerCase() !== TRANSFER_TOPIC || log.topics.length !== 3) continue;
        const from = `0x${log.topics[1]!.slice(26)}`.toLowerCase();
        const to = `0x${log.topics[2]!.slice(26)}`.toLowerCase();
        if (from !== address && to !== address) continue;
        out.push({ hash: tx.hash.toLowerCase(), block: hexToNumber(b.number), logIndex: hexToNumber(log.logIndex), token: log.address.toLowerCase(), from, to, value: BigInt(log.data) });
      }
    }
  }
  return out.sort((a, b) => b.block - a.block || b.logIndex - a.logIndex);
}

async function balanceAtHead(address: string): Promise<bigint> {
  return BigInt(await chain.rpc.call<string>('eth_getBalance', [address, toHexQuantity(node.head)]));
}

async function balanceOf(token: string, holder: string): Promise<bigint> {
  const data = `0x70a08231${coder.encode(['address'], [holder]).slice(2)}`;
  return BigInt(await chain.rpc.call<string>('eth_call', [{ to: token, data }, toHexQuantity(node.head)]));
}

/** Input forms of one address that must all give the same answer. */
function spellings(address: string): string[] {
  const r = toRubyAddress(address);
  return [address, `0X${address.slice(2).toUpperCase()}`, r, r.toLowerCase(), `R${address.slice(2).toUpperCase()}`];
}

beforeAll(async () => {
  chain = await startIndexedChain({ steps: 10 });
  deployment = await chain.traffic.setup();
  node = await readChain(chain);
});
afterAll(() => chain?.stop());

describeEachDatabase('addresses API', (getDb) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await chain.api(getDb());
  });
  afterAll(() => api?.close());

  it('answers every address of the chain with its balance, tx count and gas used as the node has them', async () => {
    const addresses = nodeAddresses();
    expect(addresses.length).toBeGreaterThan(10);
    for (const a of addresses) {
      const res = await api.get<AddressTransactionsResponse>(apiPaths.userTx({ address: a, page: 1, size: 20 }));
      expect(res.statusCode, a).toBe(200);
      const txs = nodeTxsOf(a);
      const sentGas = txs.filter((t) => t.from === a).reduce((s, t) => s + t.gasUsed, 0n);
      expect(res.body, a).toMatchObject({
        status: true, address: toRubyAddress(a), trx_length: txs.length, Gasused: sentGas.toString(), latestBlockNumber: node.head,
        totalTransactions: txs.length, totalPages: Math.ceil(txs.length / 20), currentPage: 1,
      });
      expect(res.body.balanceWei, a).toBe((await balanceAtHead(a)).toString());
      expect(res.body.balance).toBe(Number(formatUnits(res.body.balanceWei, 18)));
      expect(res.body.lastBalanceUpdate).toBeGreaterThanOrEqual(0);
      expect(res.body.lastBalanceUpdate).toBeLessThanOrEqual(node.head);
      expect(res.body.result.map((t) => t.hash), a).toEqual(txs.slice(0, 20).map((t) => t.hash));
    }
  });

  it('pages an address newest first, the pages joining up to the whole list', async () => {
    const a = deployment.deployer;
    const txs = nodeTxsOf(a);
    expect(txs.length).toBeGreaterThan(12);
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(txs.length / 5); page++) {
      const res = await api.get<AddressTransactionsResponse>(apiPaths.userTx({ address: a, page, size: 5 }));
      expect(res.body.currentPage).toBe(page);
      seen.push(...res.body.result.map((t) => t.hash));
    }
    expect(seen).toEqual(txs.map((t) => t.hash));
    const past = await api.get<AddressTransactionsResponse>(apiPaths.userTx({ address: a, page: Math.ceil(txs.length / 5) + 1, size: 5 }));
    expect(past.body.result).toEqual([]);
    expect(past.body.trx_length).toBe(txs.length);
    // A list item is the shared transaction list item, with values from the node.
    const first = (await api.get<AddressTransactionsResponse>(apiPaths.userTx({ address: a, page: 1, size: 1 }))).body.result[0]!;
    const receipt = node.receipts.get(first.hash)!;
    expect(first.feeWei).toBe((BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice ?? 0)).toString());
    expect(first.status).toBe(hexToNumber(receipt.status));
    expect(first.from).toBe(toRubyAddress(a));
  });

  it('gives the same answer for r… and 0x… input in any case', async () => {
    const a = deployment.splitter;
    for (const path of ['getuserTransction/{a}/1/20', 'getuserTokenTransction/{a}/1/20', 'getinternaltrx/{a}/1/20', 'getallTokenBalance/{a}', 'getBalance/{a}']) {
      const answers = await Promise.all(spellings(a).map((s) => api.get(`/api/${path.replace('{a}', s)}`)));
      for (const res of answers) {
        expect(res.statusCode, path).toBe(200);
        expect(res.body, path).toEqual(answers[0]!.body);
      }
    }
    const holder = deployment.deployer;
    const token = deployment.tokens[0]!.address;
    const a1 = await api.get(apiPaths.tokenBalance({ address: toRubyAddress(holder).toLowerCase(), contractAddr: token.toUpperCase().replace('0X', '0x') }));
    const a2 = await api.get(apiPaths.tokenBalance({ address: holder, contractAddr: toRubyAddress(token) }));
    expect(a1.statusCode).toBe(200);
    expect(a1.body).toEqual(a2.body);
  });

  it('answers an address it never saw with an empty page and the real balance', async () => {
    const fresh = '0x00000000000000000000000000000000c0ffee01';
    const res = await api.get<AddressTransactionsResponse>(apiPaths.userTx({ address: fresh, page: 1, size: 20 }));
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({
      status: true, result: [], address: toRubyAddress(fresh), balance: 0, balanceWei: '0', trx_length: 0, Gasused: '0',
      latestBlockNumber: node.head, lastBalanceUpdate: node.head, totalTransactions: 0, totalPages: 0, currentPage: 1,
    });
    for (const path of ['getuserTokenTransction', 'getinternaltrx']) {
      const r = await api.get<{ status: boolean; result: unknown[]; totalTransactions: number }>(`/api/${path}/${fresh}/1/20`);
      expect(r.statusCode).toBe(200);
      expect(r.body).toMatchObject({ status: true, result: [], totalTransactions: 0 });
    }
    const tokens = await api.get<TokenHoldingsResponse>(apiPaths.allTokenBalance(fresh));
    expect(tokens.body).toEqual({ status: true, result: [] });
    // A token-only holder the coin side never saw: its coin balance is read from the node.
    const tokenOnly = nodeTokenTransfers(deployment.deployer).map((t) => t.to).find((to) => !nodeAddresses().includes(to) && to !== deployment.deployer);
    if (tokenOnly) {
      const r = await api.get<AddressTransactionsResponse>(apiPaths.userTx({ address: tokenOnly, page: 1, size: 20 }));
      expect(r.body.balanceWei).toBe((await balanceAtHead(tokenOnly)).toString());
    }
  });

  it("lists an address's RBC20 transfers newest first, as the node's logs have them", async () => {
    for (const a of [deployment.deployer, deployment.pairs[0]!.address, ...nodeAddresses().slice(0, 5)]) {
      const expected = nodeTokenTransfers(a);
      const res = await api.get<TokenTransfersResponse>(apiPaths.userTokenTx({ address: a, page: 1, size: 200 }));
      expect(res.statusCode).toBe(200);
      expect(res.body.totalTransactions, a).toBe(expected.length);
      expect(res.body.result.map((t) => [t.hash, t.logIndex]), a).toEqual(expected.map((t) => [t.hash, t.logIndex]));
      res.body.result.forEach((t, i) => {
        const e = expected[i]!;
        expect(t).toMatchObject({
          from: toRubyAddress(e.from), to: toRubyAddress(e.to), tokenAddress: toRubyAddress(e.token), valueWei: e.value.toString(),
          tokenDecimals: 18, transactiontype: 2, status: 1, decodedInput: [{ _to: toRubyAddress(e.to), _value: e.value.toString() }],
        });
        expect(t.value).toBe(Number(formatUnits(e.value, 18)));
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
    const calls = node.blocks.flatMap((b) => b.transactions.map((tx) => ({ ...tx, block: hexToNumber(b.number) }))).filter((tx) => tx.to?.toLowerCase() === splitter);
    const paid = calls.filter((tx) => node.receipts.get(tx.hash.toLowerCase())?.status === '0x1');
    expect(paid.length).toBeGreaterThan(0);
    const items: InternalTransactionsResponse['result'] = [];
    const first = await api.get<InternalTransactionsResponse>(apiPaths.internalTx({ address: splitter, page: 1, size: 200 }));
    expect(first.statusCode).toBe(200);
    items.push(...first.body.result);
    for (let p = 2; p <= first.body.totalPages; p++) items.push(...(await api.get<InternalTransactionsResponse>(apiPaths.internalTx({ address: splitter, page: p, size: 200 }))).body.result);
    expect(items.length).toBe(first.body.totalTransactions);
    for (const tx of paid) {
      const hash = tx.hash.toLowerCase();
      const mine = items.filter((i) => i.hash === hash);
      expect(mine.length, hash).toBeGreaterThan(0);
      expect(mine.reduce((s, i) => s + BigInt(i.valueWei), 0n), hash).toBe(BigInt(tx.value));
      const r = node.receipts.get(hash)!;
      for (const i of mine) {
        expect(i).toMatchObject({
          contract: toRubyAddress(splitter), from: toRubyAddress(splitter), callType: 'call', error: null, status: 1,
          blockNumber: tx.block, feeWei: (BigInt(r.gasUsed) * BigInt(r.effectiveGasPrice ?? 0)).toString(),
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

  it('lists non-zero token balances equal to balanceOf on the node', async () => {
    const tokens = [...deployment.tokens.map((t) => t.address), ...deployment.pairs.map((p) => p.address)];
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
        expect(h.decimals).toBe(18);
        expect(h.balance).toBe(Number(formatUnits(h.balanceWei, 18)));
        expect(h.name).toBeTruthy();
      }
    }
  });

  it('reads /getBalance live from the node and /tokenbalance from the index', async () => {
    const a = deployment.deployer;
    const live = BigInt(await chain.rpc.call<string>('eth_getBalance', [a, 'latest']));
    const res = await api.get<BalanceResponse>(apiPaths.balance(toRubyAddress(a)));
    expect(res.body).toEqual({ status: true, result: { address: toRubyAddress(a), balance: Number(live) / 1e18, balanceWei: live.toString() } });
    for (const t of deployment.tokens) {
      const tb = await api.get<TokenBalanceResponse>(apiPaths.tokenBalance({ address: a, contractAddr: t.address }));
      expect(tb.statusCode).toBe(200);
      expect(tb.body.result).toMatchObject({ balanceWei: (await balanceOf(t.address, a)).toString(), decimals: 18, symbol: t.symbol });
    }
    const none = await api.get<TokenBalanceResponse>(apiPaths.tokenBalance({ address: '0x00000000000000000000000000000000c0ffee02', contractAddr: deployment.tokens[0]!.address }));
    expect(none.body).toEqual({ status: true, result: { balance: 0, balanceWei: '0', decimals: 18, symbol: deployment.tokens[0]!.symbol } });
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
      if ((await balanceAtHead(a)) > 0n) expect(list.some((x) => x.address === toRubyAddress(a)), a).toBe(true);
    }
    const def = await api.get<TopAccountsResponse>(apiPaths.topAccounts());
    expect(def.body).toEqual({ ...(await api.get<TopAccountsResponse>(apiPaths.topAccountsPage({ page: 1, size: 20 }))).body });
    expect(def.body.result).toEqual(list.slice(0, 20));
    expect(def.body).toMatchObject({ totalTransactions: list.length, totalPages: Math.ceil(list.length / 20), currentPage: 1 });
    const p2 = await api.get<TopAccountsResponse>(apiPaths.topAccountsPage({ page: 2, size: 5 }));
    expect(p2.body.result).toEqual(list.slice(5, 10));
  });

  it('rejects malformed addresses, pages and sizes with 400', async () => {
    const a = deployment.deployer;
    const bad = [
      apiPaths.userTx({ address: 'rXYZ', page: 1, size: 20 }), apiPaths.userTx({ address: a.slice(0, 41), page: 1, size: 20 }), apiPaths.userTx({ address: `${a}0`, page: 1, size: 20 }),
      apiPaths.userTx({ address: `r${a.slice(3)}g`, page: 1, size: 20 }), apiPaths.userTx({ address: 'hello', page: 1, size: 20 }), apiPaths.userTx({ address: a, page: 0, size: 20 }),
      apiPaths.userTx({ address: a, page: 1, size: 0 }), apiPaths.userTx({ address: a, page: 1, size: 201 }), apiPaths.userTx({ address: a, page: 'x', size: 20 }), apiPaths.userTx({ address: a, page: 1, size: '-5' }),
      apiPaths.userTokenTx({ address: '0x12', page: 1, size: 20 }), apiPaths.userTokenTx({ address: a, page: 1, size: 1000 }), apiPaths.internalTx({ address: 'r123', page: 1, size: 20 }), apiPaths.internalTx({ address: a, page: '1.5', size: 20 }),
      apiPaths.allTokenBalance('nothex'), apiPaths.balance('0xZZ'), apiPaths.tokenBalance({ address: a, contractAddr: '0x1234' }), apiPaths.tokenBalance({ address: 'zz', contractAddr: a }),
      apiPaths.topAccountsPage({ page: 0, size: 20 }), apiPaths.topAccountsPage({ page: 1, size: 'abc' }), apiPaths.topAccountsPage({ page: 1, size: 201 }),
    ];
    for (const url of bad) {
      const res = await api.get<{ status: boolean; message: string }>(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.body.status, url).toBe(false);
      expect(res.body.message, url).toMatch(/^Invalid (address|page number|page size) /);
    }
    // The dashboard's size 200 is allowed.
    expect((await api.get(apiPaths.internalTx({ address: a, page: 1, size: 200 }))).statusCode).toBe(200);
  });

  it('documents the routes in the OpenAPI document', async () => {
    const res = await api.get<{ paths: Record<string, { get?: { tags?: string[]; summary?: string } }> }>(apiPaths.openapi());
    const paths = [openApiPaths.userTx, openApiPaths.userTokenTx, openApiPaths.internalTx,
      openApiPaths.allTokenBalance, openApiPaths.balance, openApiPaths.tokenBalance, apiPaths.topAccounts(), openApiPaths.topAccountsPage];
    for (const p of paths) {
      expect(res.body.paths[p]?.get?.summary, p).toBeTruthy();
      expect(res.body.paths[p]?.get?.tags?.length, p).toBe(1);
    }
  });

  it('pages a busy address of 100,000 transactions from the index (page 1 and page 500)', async () => {
    const db = getDb().db;
    const busy = '0x00000000000000000000000000000000000b0057';
    const N = 100_000;
    const base = 50_000_000; // far above the devnet's blocks
    const hashOf = (i: number) => `0x${i.toString(16).padStart(64, '0')}`;
    const blockOf = (i: number) => base + Math.floor(i / 4);
    const rows = Array.from({ length: N }, (_, i) => i);
    await bulkInsert(db, 'address_transactions', bulkColumns('address_transactions', ['address', 'block_number', 'tx_index', 'hash']),
      rows.map((i) => [busy, blockOf(i), i % 4, hashOf(i)]));
    await bulkInsert(db, 'transactions', bulkColumns('transactions', [
      'hash', 'block_number', 'tx_index', 'timestamp', 'from_address', 'to_address', 'value', 'gas', 'effective_gas_price', 'gas_used', 'fee',
      'nonce', 'input', 'status', 'envelope_type', 'tx_type',
    ]), rows.map((i) => [hashOf(i), blockOf(i), i % 4, 1_700_000_000 + i, busy, '0x000000000000000000000000000000000000b0b0', i, 21000, 1, 21000, 21000, i, '0x', 1, 2, 0]));
    await bulkInsert(db, 'addresses', bulkColumns('addresses', ['address', 'balance', 'tx_count', 'gas_used', 'first_block', 'last_block']),
      [[busy, '5000000000000000000', N, String(21000 * N), base, blockOf(N - 1)]]);

    const expectPage = async (page: number) => {
      const res = await api.get<AddressTransactionsResponse>(apiPaths.userTx({ address: toRubyAddress(busy), page, size: 20 }));
      expect(res.statusCode).toBe(200);
      const newest = N - 1 - (page - 1) * 20;
      expect(res.body.result.map((t) => t.hash)).toEqual(Array.from({ length: 20 }, (_, k) => hashOf(newest - k)));
      expect(res.body.result[0]).toMatchObject({ blockNumber: blockOf(newest), transactionIndex: newest % 4, valueWei: String(newest) });
      expect(res.body).toMatchObject({ trx_length: N, balance: 5, totalTransactions: N, totalPages: N / 20, currentPage: page, Gasused: String(21000 * N) });
    };
    await expectPage(1);
    await expectPage(500);
    await expectPage(2500);
    await expectPage(2501);
    await expectPage(5000);
    const past = await api.get<AddressTransactionsResponse>(apiPaths.userTx({ address: busy, page: 5001, size: 20 }));
    expect(past.body.result).toEqual([]);
  }, 300_000);
});
