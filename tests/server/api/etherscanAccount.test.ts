/**
 * module=account against the devnet: every answer compared field by field, in Etherscan's order,
 * with the node's own blocks, transactions, receipts and traces; bad input answered with
 * Etherscan's errors (HTTP 200, status "0", NOTOK), never a 500.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TRANSFER_TOPIC } from '../../../server/indexer/decode';
import { AbiCoder } from 'ethers';
import { toRubyAddress } from '../../../common/address';
import { hexToNumber, toHexQuantity } from '../../../server/chain/rpc';
import type { Deployment } from '../../../server/chain/trafficContracts';
import { ES_ERRORS } from '../../../server/api/etherscan/common';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';
import { describeEachDatabase } from '../../helpers/db';
import { dec, es, lower, readNodeChain, type NodeChain, type NodeTx } from './etherscanFixture';

const TX_FIELDS = [
  'blockNumber',
  'timeStamp',
  'hash',
  'nonce',
  'blockHash',
  'transactionIndex',
  'from',
  'to',
  'value',
  'gas',
  'gasPrice',
  'isError',
  'txreceipt_status',
  'input',
  'contractAddress',
  'cumulativeGasUsed',
  'gasUsed',
  'confirmations',
  'methodId',
  'functionName',
];
const TOKENTX_FIELDS = [
  'blockNumber',
  'timeStamp',
  'hash',
  'nonce',
  'blockHash',
  'from',
  'contractAddress',
  'to',
  'value',
  'tokenName',
  'tokenSymbol',
  'tokenDecimal',
  'transactionIndex',
  'gas',
  'gasPrice',
  'gasUsed',
  'cumulativeGasUsed',
  'input',
  'confirmations',
];
const INTERNAL_FIELDS = [
  'blockNumber',
  'timeStamp',
  'hash',
  'from',
  'to',
  'value',
  'contractAddress',
  'input',
  'type',
  'gas',
  'gasUsed',
  'traceId',
  'isError',
  'errCode',
];

let chain: IndexedChain;
let deployment: Deployment;
let node: NodeChain;

beforeAll(async () => {
  chain = await startIndexedChain({ steps: 10 });
  deployment = await chain.traffic.setup();
  node = await readNodeChain(chain);
}, 300_000);
afterAll(() => chain?.stop());

/** The node's transactions of an address (sender, recipient or created contract), oldest first. */
const nodeTxsOf = (a: string): NodeTx[] =>
  node.txs.filter((t) => lower(t.tx.from) === a || lower(t.tx.to ?? t.receipt.contractAddress) === a);

function expectedTx(t: NodeTx): Record<string, string> {
  const ok = t.receipt.status === '0x1';
  return {
    blockNumber: dec(t.block.number),
    timeStamp: dec(t.block.timestamp),
    hash: t.tx.hash,
    nonce: dec(t.tx.nonce),
    blockHash: t.block.hash,
    transactionIndex: dec(t.tx.transactionIndex),
    from: lower(t.tx.from),
    to: lower(t.tx.to),
    value: dec(t.tx.value),
    gas: dec(t.tx.gas),
    gasPrice: dec(t.receipt.effectiveGasPrice),
    isError: ok ? '0' : '1',
    txreceipt_status: ok ? '1' : '0',
    input: t.tx.input,
    contractAddress: lower(t.receipt.contractAddress),
    cumulativeGasUsed: dec(t.receipt.cumulativeGasUsed),
    gasUsed: dec(t.receipt.gasUsed),
    confirmations: String(node.head - hexToNumber(t.block.number) + 1),
    methodId: t.tx.input.length >= 10 ? t.tx.input.slice(0, 10) : '0x',
  };
}

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

  it("tokentx and tokenbalance match the node's Transfer events and balanceOf", async () => {
    const a = lower(deployment.deployer);
    const token = lower(deployment.tokens[0]!.address);
    const events = node.txs
      .flatMap((t) => t.receipt.logs.filter((l) => lower(l.topics[0]) === TRANSFER_TOPIC && l.topics.length === 3).map((l) => ({ t, l })))
      .filter(({ l }) => [`0x${l.topics[1]!.slice(26)}`, `0x${l.topics[2]!.slice(26)}`].includes(a));
    expect(events.length).toBeGreaterThan(0);
    const res = await es<Array<Record<string, string>>>(api, `module=account&action=tokentx&address=${toRubyAddress(a)}&sort=asc`);
    expect(res.status).toBe('1');
    expect(res.result).toHaveLength(events.length);
    for (const [i, row] of res.result.entries()) {
      const { t, l } = events[i]!;
      expect(Object.keys(row)).toEqual(TOKENTX_FIELDS);
      expect(row).toMatchObject({
        blockNumber: dec(t.block.number),
        timeStamp: dec(t.block.timestamp),
        hash: t.tx.hash,
        nonce: dec(t.tx.nonce),
        blockHash: t.block.hash,
        from: `0x${l.topics[1]!.slice(26)}`,
        contractAddress: lower(l.address),
        to: `0x${l.topics[2]!.slice(26)}`,
        value: dec(l.data),
        transactionIndex: dec(t.tx.transactionIndex),
        gas: dec(t.tx.gas),
        gasPrice: dec(t.receipt.effectiveGasPrice),
        gasUsed: dec(t.receipt.gasUsed),
        cumulativeGasUsed: dec(t.receipt.cumulativeGasUsed),
        input: 'deprecated',
        confirmations: String(node.head - hexToNumber(t.block.number) + 1),
      });
    }
    const byToken = await es<Array<Record<string, string>>>(api, `module=account&action=tokentx&contractaddress=${token}&address=${a}`);
    expect(byToken.result.map((r) => r.hash)).toEqual(res.result.filter((r) => r.contractAddress === token).map((r) => r.hash));
    const meta = deployment.tokens[0]!;
    expect(byToken.result[0]).toMatchObject({ tokenName: meta.name, tokenSymbol: meta.symbol, tokenDecimal: '18' });
    const data = `0x70a08231${AbiCoder.defaultAbiCoder().encode(['address'], [a]).slice(2)}`;
    const want = dec(await chain.rpc.call<string>('eth_call', [{ to: token, data }, toHexQuantity(node.head)]));
    expect(
      await es(api, `module=account&action=tokenbalance&contractaddress=${toRubyAddress(token)}&address=${a}&tag=latest`),
    ).toMatchObject({ status: '1', result: want });
  });

  it("tokennfttx lists the NFT's Transfer events (token id in the fourth topic)", async () => {
    const nftAddress = lower(deployment.nft);
    const events = node.txs.flatMap((t) =>
      t.receipt.logs
        .filter((l) => lower(l.address) === nftAddress && lower(l.topics[0]) === TRANSFER_TOPIC && l.topics.length === 4)
        .map((l) => ({ t, l })),
    );
    expect(events.length).toBeGreaterThan(0);
    const nft = await es<Array<Record<string, string>>>(
      api,
      `module=account&action=tokennfttx&contractaddress=${toRubyAddress(nftAddress)}&sort=asc`,
    );
    expect(nft.status).toBe('1');
    expect(nft.result).toHaveLength(events.length);
    for (const [i, row] of nft.result.entries()) {
      const { t, l } = events[i]!;
      expect(Object.keys(row)).toEqual(TOKENTX_FIELDS.map((f) => (f === 'value' ? 'tokenID' : f)));
      expect(row).toMatchObject({
        hash: t.tx.hash,
        from: `0x${l.topics[1]!.slice(26)}`,
        to: `0x${l.topics[2]!.slice(26)}`,
        contractAddress: nftAddress,
        tokenID: dec(l.topics[3]),
        tokenDecimal: '0',
        cumulativeGasUsed: dec(t.receipt.cumulativeGasUsed),
      });
    }
    // The RBC20 list holds no NFT transfer, and the other way round.
    const fungible = await es<Array<Record<string, string>>>(api, `module=account&action=tokentx&contractaddress=${nftAddress}`);
    expect(fungible).toMatchObject({ status: '0', message: 'No transactions found', result: [] });
  });

  it('txlistinternal by address, by transaction and by block range equals trace_block', async () => {
    const calls = node.traces.filter((t) => t.traceAddress.length > 0 && t.type !== 'reward');
    expect(calls.length).toBeGreaterThan(0);
    const first = calls[0]!;
    const byHash = await es<Array<Record<string, string>>>(api, `module=account&action=txlistinternal&txhash=${first.transactionHash}`);
    const ofTx = calls.filter((c) => c.transactionHash === first.transactionHash);
    expect(byHash.result).toHaveLength(ofTx.length);
    expect(Object.keys(byHash.result[0]!)).toEqual(INTERNAL_FIELDS.filter((f) => f !== 'hash' && f !== 'traceId'));
    ofTx.forEach((c, i) =>
      expect(byHash.result[i], String(i)).toMatchObject({
        from: lower(c.action.from),
        value: dec(c.action.value),
        type: c.type === 'create' ? 'create' : c.action.callType,
        gas: dec(c.action.gas),
        gasUsed: dec(c.result?.gasUsed),
        isError: c.error ? '1' : '0',
      }),
    );
    const target = lower(first.action.to ?? first.action.from);
    const byAddr = await es<Array<Record<string, string>>>(
      api,
      `module=account&action=txlistinternal&address=${toRubyAddress(target)}&sort=asc`,
    );
    const want = calls.filter((c) => lower(c.action.from) === target || lower(c.action.to ?? c.result?.address) === target);
    expect(byAddr.result.map((r) => [r.hash, r.traceId])).toEqual(want.map((c) => [c.transactionHash, c.traceAddress.join('_')]));
    expect(Object.keys(byAddr.result[0]!)).toEqual(INTERNAL_FIELDS);
    const range = await es<Array<Record<string, string>>>(
      api,
      `module=account&action=txlistinternal&startblock=0&endblock=${node.head}&sort=asc`,
    );
    expect(range.result).toHaveLength(calls.length);
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
