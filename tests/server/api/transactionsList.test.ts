/**
 * The transactions list against the node: newest first, pages tiling the list from both ends,
 * 400 and 404 answers, the OpenAPI document.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AllTransactionsPage } from '../../../common/api/transactions';
import { hexToBigInt, hexToNumber } from '../../../server/chain/rpc';
import type { TestApi } from '../../helpers/apiFixture';
import { describeEachDatabase } from '../../helpers/db';
import { apiPaths, openApiPaths, rawApiPath } from '../../../common/api/paths';
import { chain, useTransactionsChain, nodeHashesNewestFirst, nodeTx, r } from './transactionsFixture';

useTransactionsChain();

describeEachDatabase('transactions API', (getDb) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await chain.api(getDb());
  });
  afterAll(() => api?.close());

  it('lists every transaction newest first; the pages tile the whole list from both ends', async () => {
    const all = await nodeHashesNewestFirst();
    expect(all.length).toBeGreaterThan(50);
    const first = await api.get<AllTransactionsPage>(apiPaths.allTx({ page: 1, size: 5 }));
    expect(first.statusCode).toBe(200);
    expect(first.body).toMatchObject({
      status: true,
      totalTransactions: all.length,
      totalPages: Math.ceil(all.length / 5),
      currentPage: 1,
    });
    expect(first.body.result.map((t) => t.hash)).toEqual(all.slice(0, 5));
    const item = first.body.result[0]!;
    const { tx, receipt } = await nodeTx(item.hash);
    expect(item).toMatchObject({
      blockNumber: hexToNumber(tx.blockNumber),
      transactionIndex: hexToNumber(tx.transactionIndex),
      from: r(tx.from),
      valueWei: hexToBigInt(tx.value).toString(),
      feeWei: (hexToBigInt(receipt.gasUsed) * hexToBigInt(receipt.effectiveGasPrice)).toString(),
      status: hexToNumber(receipt.status),
    });

    // Pages of 7: the early ones walk down from the newest, the late ones up from the oldest.
    const size = 7;
    const pages = Math.ceil(all.length / size);
    const seen: string[] = [];
    for (let p = 1; p <= pages; p++) {
      const res = await api.get<AllTransactionsPage>(apiPaths.allTx({ page: p, size }));
      expect(res.body.currentPage).toBe(p);
      expect(res.body.totalPages).toBe(pages);
      seen.push(...res.body.result.map((t) => t.hash));
    }
    expect(seen).toEqual(all);
    const past = await api.get<AllTransactionsPage>(apiPaths.allTx({ page: pages + 1, size }));
    expect(past.statusCode).toBe(200);
    expect(past.body.result).toEqual([]);
    const big = await api.get<AllTransactionsPage>(apiPaths.allTx({ page: 1, size: 200 }));
    expect(big.body.result.map((t) => t.hash)).toEqual(all.slice(0, 200));
  });

  it('rejects malformed pages and hashes with 400 and answers 404 for an unknown transaction', async () => {
    for (const url of [
      apiPaths.allTx({ page: 0, size: 20 }),
      apiPaths.allTx({ page: 1, size: 0 }),
      apiPaths.allTx({ page: 'x', size: 20 }),
      apiPaths.allTx({ page: 1, size: 201 }),
      apiPaths.txData('0x123'),
      apiPaths.txData('abc'),
      apiPaths.txData(`0x${'g'.repeat(64)}`),
      apiPaths.txData(`0x${'a'.repeat(65)}`),
    ]) {
      const res = await api.get<{ status: boolean; message: string }>(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.body.status).toBe(false);
      expect(res.body.message).toMatch(/Invalid/);
    }
    // What the router itself refuses (an over-long parameter, a bad % escape) gets the same JSON error body.
    for (const [url, code] of [
      [apiPaths.txData(`0x${'a'.repeat(10_000)}`), 414],
      [rawApiPath('txData', '%E0%A4%A'), 400],
    ] as const) {
      const res = await api.get<{ status: boolean; message: string }>(url);
      expect(res.statusCode).toBe(code);
      expect(res.body).toEqual({ status: false, message: expect.stringMatching(/^Invalid request/) });
    }
    const unknown = `0x${'ab'.repeat(32)}`;
    const missing = await api.get<{ status: boolean; message: string }>(apiPaths.txData(unknown.toUpperCase().replace('0X', '0x')));
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toEqual({ status: false, message: `Transaction ${unknown} not found` });
  });

  it('publishes the routes in the OpenAPI document', async () => {
    const res = await api.get<{ paths: Record<string, unknown> }>(apiPaths.openapi());
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining([openApiPaths.allTx, openApiPaths.txData]));
  });
});
