/**
 * Etherscan's account module against the node: balance, balancemulti, txlist, getminedblocks,
 * and Etherscan's errors for bad input.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { toRubyAddress } from '../../../common/address';
import { toHexQuantity } from '../../../server/chain/rpc';
import { ES_ERRORS } from '../../../server/api/etherscan/common';
import type { TestApi } from '../../helpers/apiFixture';
import { describeEachDatabase } from '../../helpers/db';
import { dec, es, lower } from './etherscanFixture';
import { TX_FIELDS, chain, deployment, node, useAccountChain, nodeTxsOf, expectedTx } from './etherscanAccountFixture';

useAccountChain();

describeEachDatabase('Etherscan account module', (getDb) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await chain.api(getDb());
  }, 300_000);
  afterAll(() => api?.close());

  it('balance and balancemulti equal eth_getBalance, for r… and 0x… input', async () => {
    const addrs = [deployment.deployer, deployment.splitter, ...deployment.tokens.map((t) => t.address)].map(lower);
    for (const a of addrs) {
      const want = dec(await chain.rpc.call<string>('eth_getBalance', [a, toHexQuantity(node.head)]));
      expect(await es(api, `module=account&action=balance&address=${toRubyAddress(a)}&tag=latest`)).toEqual({
        statusCode: 200,
        status: '1',
        message: 'OK',
        result: want,
      });
      expect((await es(api, `module=account&action=balance&address=${a.toUpperCase().replace('0X', '0x')}`)).result).toBe(want);
    }
    const multi = await es<Array<{ account: string; balance: string }>>(
      api,
      `module=account&action=balancemulti&address=${addrs.map((a) => toRubyAddress(a)).join(',')}`,
    );
    expect(multi.status).toBe('1');
    expect(multi.result.map((r) => Object.keys(r))).toEqual(addrs.map(() => ['account', 'balance']));
    for (const [i, r] of multi.result.entries()) {
      expect(r.account).toBe(addrs[i]);
      expect(r.balance).toBe(dec(await chain.rpc.call<string>('eth_getBalance', [addrs[i], toHexQuantity(node.head)])));
    }
  });

  it("txlist: every transaction of an address as the node has it, field by field in Etherscan's order, paged and sorted", async () => {
    const a = lower(deployment.deployer);
    const want = nodeTxsOf(a).map(expectedTx);
    expect(want.length).toBeGreaterThan(20);
    const all = await es<Array<Record<string, string>>>(
      api,
      `module=account&action=txlist&address=${toRubyAddress(a)}&startblock=0&endblock=99999999&sort=asc`,
    );
    expect(all.status).toBe('1');
    expect(all.message).toBe('OK');
    for (const [i, row] of all.result.entries()) {
      expect(Object.keys(row)).toEqual(TX_FIELDS);
      expect(row).toMatchObject(want[i]!);
      expect(typeof row.functionName).toBe('string');
    }
    expect(all.result).toHaveLength(want.length);
    // Pages of 7, newest first, join up to the whole list reversed.
    const desc: Array<Record<string, string>> = [];
    for (let page = 1; ; page++) {
      const r = await es<Array<Record<string, string>>>(api, `module=account&action=txlist&address=${a}&page=${page}&offset=7&sort=desc`);
      if (r.status === '0') {
        expect(r).toMatchObject({ message: 'No transactions found', result: [] });
        break;
      }
      desc.push(...r.result);
    }
    expect(desc.map((r) => r.hash)).toEqual([...want].reverse().map((r) => r.hash));
    // A block range.
    const from = Number(want[5]!.blockNumber);
    const to = Number(want[15]!.blockNumber);
    const ranged = await es<Array<Record<string, string>>>(
      api,
      `module=account&action=txlist&address=${a}&startblock=${from}&endblock=${to}`,
    );
    expect(ranged.result.map((r) => r.hash)).toEqual(
      want.filter((w) => Number(w.blockNumber) >= from && Number(w.blockNumber) <= to).map((r) => r.hash),
    );
    // Contract creation: to "" and the created contract.
    const created = await es<Array<Record<string, string>>>(
      api,
      `module=account&action=txlist&address=${deployment.router}&offset=1&page=1`,
    );
    expect(created.result[0]).toMatchObject({
      to: '',
      contractAddress: lower(deployment.router),
      methodId: expect.stringMatching(/^0x[0-9a-f]{8}$/) as unknown,
    });
  });

  it("getminedblocks lists the miner's blocks newest first", async () => {
    const miner = lower(node.blocks[1]!.miner);
    const res = await es<Array<Record<string, string>>>(
      api,
      `module=account&action=getminedblocks&address=${miner}&blocktype=blocks&offset=3`,
    );
    expect(res.status).toBe('1');
    expect(res.result.map((r) => Object.keys(r))).toEqual(res.result.map(() => ['blockNumber', 'timeStamp', 'blockReward']));
    const mine = node.blocks
      .filter((b) => lower(b.miner) === miner)
      .reverse()
      .slice(0, 3);
    expect(res.result.map((r) => [r.blockNumber, r.timeStamp])).toEqual(mine.map((b) => [dec(b.number), dec(b.timestamp)]));
  });

  it("answers bad input with Etherscan's errors, never a 500", async () => {
    const bad = (result: string) => ({ statusCode: 200, status: '0', message: 'NOTOK', result });
    const a = deployment.deployer;
    expect(await es(api, 'module=account&action=nope')).toEqual(bad(ES_ERRORS.action));
    expect(await es(api, 'module=accounts&action=balance')).toEqual(bad(ES_ERRORS.module));
    for (const action of ['balance', 'txlist', 'tokenbalance', 'getminedblocks', 'balancemulti']) {
      expect(await es(api, `module=account&action=${action}&address=0x123&contractaddress=${a}`), action).toEqual(bad(ES_ERRORS.address));
    }
    expect(await es(api, `module=account&action=txlist&address=${a}&startblock=10&endblock=5`)).toEqual(bad(ES_ERRORS.blockRange));
    expect(await es(api, `module=account&action=txlist&address=${a}&page=2&offset=10000`)).toEqual(bad(ES_ERRORS.window));
    expect(await es(api, `module=account&action=txlist&address=${a}&page=1001&offset=10`)).toEqual(bad(ES_ERRORS.window));
    expect(await es(api, `module=account&action=txlist&address=${a}&page=1000&offset=10`)).toMatchObject({
      status: '0',
      message: 'No transactions found',
      result: [],
    });
    expect(await es(api, `module=account&action=txlist&address=${a}&page=abc`)).toEqual(bad(ES_ERRORS.page));
    expect(await es(api, `module=account&action=txlist&address=${a}&sort=up`)).toEqual(bad(ES_ERRORS.sort));
    expect(await es(api, 'module=account&action=txlistinternal&txhash=0x12')).toEqual(bad(ES_ERRORS.txHash));
    expect(await es(api, 'module=account&action=tokentx')).toEqual(bad(ES_ERRORS.missingAddress));
    expect(await es(api, `module=account&action=balancemulti&address=${Array(21).fill(a).join(',')}`)).toEqual(
      bad(ES_ERRORS.tooManyAddresses),
    );
    const fresh = '0x00000000000000000000000000000000000000aa';
    expect(await es(api, `module=account&action=txlist&address=${fresh}`)).toEqual({
      statusCode: 200,
      status: '0',
      message: 'No transactions found',
      result: [],
    });
  });
});
