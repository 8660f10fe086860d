/** The address API's transaction lists, inputs and errors, checked against the node (see addressNode.ts). */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatUnits } from 'ethers';
import type { AddressTransactionsResponse, TokenHoldingsResponse } from '../../../common/api/addresses';
import { toRubyAddress } from '../../../common/address';
import { hexToNumber } from '../../../server/chain/rpc';
import type { Deployment } from '../../../server/chain/trafficContracts';
import { bulkColumns, bulkInsert } from '../../../server/db/bulk';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';
import { describeEachDatabase } from '../../helpers/db';
import * as chainView from './addressNode';
import { apiPaths, openApiPaths } from '../../../common/api/paths';

let chain: IndexedChain;
let deployment: Deployment;
let node: chainView.NodeChain;
const nodeTxsOf = (address: string) => chainView.nodeTxsOf(node, address);
const nodeAddresses = () => chainView.nodeAddresses(node);
const nodeTokenTransfers = (address: string) => chainView.nodeTokenTransfers(node, address);
const balanceAtHead = (address: string) => chainView.balanceAtHead(chain.rpc, node, address);
const spellings = chainView.spellings;

beforeAll(async () => {
  chain = await startIndexedChain({ steps: 10 });
  deployment = await chain.traffic.setup();
  node = await chainView.readChain(chain.rpc);
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
        status: true,
        address: toRubyAddress(a),
        trx_length: txs.length,
        Gasused: sentGas.toString(),
        latestBlockNumber: node.head,
        totalTransactions: txs.length,
        totalPages: Math.ceil(txs.length / 20),
        currentPage: 1,
      });
      expect(res.body.balanceWei, a).toBe((await balanceAtHead(a)).toString());
      expect(res.body.balance).toBe(Number(formatUnits(res.body.balanceWei, 18)));
      expect(res.body.lastBalanceUpdate).toBeGreaterThanOrEqual(0);
      expect(res.body.lastBalanceUpdate).toBeLessThanOrEqual(node.head);
      expect(
        res.body.result.map((t) => t.hash),
        a,
      ).toEqual(txs.slice(0, 20).map((t) => t.hash));
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
    for (const path of [
      'getuserTransction/{a}/1/20',
      'getuserTokenTransction/{a}/1/20',
      'getinternaltrx/{a}/1/20',
      'getallTokenBalance/{a}',
      'getBalance/{a}',
    ]) {
      const answers = await Promise.all(spellings(a).map((s) => api.get(`/api/${path.replace('{a}', s)}`)));
      for (const res of answers) {
        expect(res.statusCode, path).toBe(200);
        expect(res.body, path).toEqual(answers[0]!.body);
      }
    }
    const holder = deployment.deployer;
    const token = deployment.tokens[0]!.address;
    const a1 = await api.get(
      apiPaths.tokenBalance({ address: toRubyAddress(holder).toLowerCase(), contractAddr: token.toUpperCase().replace('0X', '0x') }),
    );
    const a2 = await api.get(apiPaths.tokenBalance({ address: holder, contractAddr: toRubyAddress(token) }));
    expect(a1.statusCode).toBe(200);
    expect(a1.body).toEqual(a2.body);
  });

  it('answers an address it never saw with an empty page and the real balance', async () => {
    const fresh = '0x00000000000000000000000000000000c0ffee01';
    const res = await api.get<AddressTransactionsResponse>(apiPaths.userTx({ address: fresh, page: 1, size: 20 }));
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({
      status: true,
      result: [],
      address: toRubyAddress(fresh),
      balance: 0,
      balanceWei: '0',
      trx_length: 0,
      Gasused: '0',
      latestBlockNumber: node.head,
      lastBalanceUpdate: node.head,
      totalTransactions: 0,
      totalPages: 0,
      currentPage: 1,
      firstTransaction: null,
      lastTransaction: null,
    });
    for (const path of ['userTokenTx', 'internalTx'] as const) {
      const r = await api.get<{ status: boolean; result: unknown[]; totalTransactions: number }>(
        apiPaths[path]({ address: fresh, page: 1, size: 20 }),
      );
      expect(r.statusCode).toBe(200);
      expect(r.body).toMatchObject({ status: true, result: [], totalTransactions: 0 });
    }
    const tokens = await api.get<TokenHoldingsResponse>(apiPaths.allTokenBalance(fresh));
    expect(tokens.body).toEqual({ status: true, result: [] });
    // A token-only holder the coin side never saw: its coin balance is read from the node.
    const tokenOnly = nodeTokenTransfers(deployment.deployer)
      .map((t) => t.to)
      .find((to) => !nodeAddresses().includes(to) && to !== deployment.deployer);
    if (tokenOnly) {
      const r = await api.get<AddressTransactionsResponse>(apiPaths.userTx({ address: tokenOnly, page: 1, size: 20 }));
      expect(r.body.balanceWei).toBe((await balanceAtHead(tokenOnly)).toString());
    }
  });

  it('rejects malformed addresses, pages and sizes with 400', async () => {
    const a = deployment.deployer;
    const bad = [
      apiPaths.userTx({ address: 'rXYZ', page: 1, size: 20 }),
      apiPaths.userTx({ address: a.slice(0, 41), page: 1, size: 20 }),
      apiPaths.userTx({ address: `${a}0`, page: 1, size: 20 }),
      apiPaths.userTx({ address: `r${a.slice(3)}g`, page: 1, size: 20 }),
      apiPaths.userTx({ address: 'hello', page: 1, size: 20 }),
      apiPaths.userTx({ address: a, page: 0, size: 20 }),
      apiPaths.userTx({ address: a, page: 1, size: 0 }),
      apiPaths.userTx({ address: a, page: 1, size: 201 }),
      apiPaths.userTx({ address: a, page: 'x', size: 20 }),
      apiPaths.userTx({ address: a, page: 1, size: '-5' }),
      apiPaths.userTokenTx({ address: '0x12', page: 1, size: 20 }),
      apiPaths.userTokenTx({ address: a, page: 1, size: 1000 }),
      apiPaths.internalTx({ address: 'r123', page: 1, size: 20 }),
      apiPaths.internalTx({ address: a, page: '1.5', size: 20 }),
      apiPaths.allTokenBalance('nothex'),
      apiPaths.balance('0xZZ'),
      apiPaths.tokenBalance({ address: a, contractAddr: '0x1234' }),
      apiPaths.tokenBalance({ address: 'zz', contractAddr: a }),
      apiPaths.topAccountsPage({ page: 0, size: 20 }),
      apiPaths.topAccountsPage({ page: 1, size: 'abc' }),
      apiPaths.topAccountsPage({ page: 1, size: 201 }),
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
    const paths = [
      openApiPaths.userTx,
      openApiPaths.userTokenTx,
      openApiPaths.internalTx,
      openApiPaths.allTokenBalance,
      openApiPaths.balance,
      openApiPaths.tokenBalance,
      apiPaths.topAccounts(),
      openApiPaths.topAccountsPage,
    ];
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
    await bulkInsert(
      db,
      'address_transactions',
      bulkColumns('address_transactions', ['address', 'block_number', 'tx_index', 'hash']),
      rows.map((i) => [busy, blockOf(i), i % 4, hashOf(i)]),
    );
    await bulkInsert(
      db,
      'transactions',
      bulkColumns('transactions', [
        'hash',
        'block_number',
        'tx_index',
        'timestamp',
        'from_address',
        'to_address',
        'value',
        'gas',
        'effective_gas_price',
        'gas_used',
        'fee',
        'nonce',
        'input',
        'status',
        'envelope_type',
        'tx_type',
      ]),
      rows.map((i) => [
        hashOf(i),
        blockOf(i),
        i % 4,
        1_700_000_000 + i,
        busy,
        '0x000000000000000000000000000000000000b0b0',
        i,
        21000,
        1,
        21000,
        21000,
        i,
        '0x',
        1,
        2,
        0,
      ]),
    );
    await bulkInsert(
      db,
      'addresses',
      bulkColumns('addresses', ['address', 'balance', 'tx_count', 'gas_used', 'first_block', 'last_block']),
      [[busy, '5000000000000000000', N, String(21000 * N), base, blockOf(N - 1)]],
    );

    const expectPage = async (page: number) => {
      const res = await api.get<AddressTransactionsResponse>(apiPaths.userTx({ address: toRubyAddress(busy), page, size: 20 }));
      expect(res.statusCode).toBe(200);
      const newest = N - 1 - (page - 1) * 20;
      expect(res.body.result.map((t) => t.hash)).toEqual(Array.from({ length: 20 }, (_, k) => hashOf(newest - k)));
      expect(res.body.result[0]).toMatchObject({ blockNumber: blockOf(newest), transactionIndex: newest % 4, valueWei: String(newest) });
      expect(res.body).toMatchObject({
        trx_length: N,
        balance: 5,
        totalTransactions: N,
        totalPages: N / 20,
        currentPage: page,
        Gasused: String(21000 * N),
      });
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
