/**
 * module=logs, transaction, block, token, stats and contract getcontractcreation against the
 * devnet, each compared with the node's JSON-RPC (eth_getLogs with the same filter, receipts,
 * blocks, eth_call of totalSupply / balanceOf); Etherscan V2's /api/v2/api with chainid.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TRANSFER_TOPIC } from '../../../server/indexer/decode';
import { AbiCoder, parseUnits } from 'ethers';
import { toRubyAddress } from '../../../common/address';
import { hexToNumber, toHexQuantity } from '../../../server/chain/rpc';
import type { RawLog } from '../../../server/chain/types';
import type { Deployment } from '../../../server/chain/trafficContracts';
import { ES_ERRORS } from '../../../server/api/etherscan/common';
import { esHex } from '../../../server/api/etherscan/logs';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';
import { describeEachDatabase } from '../../helpers/db';
import { dec, es, lower, readNodeChain, type NodeChain } from './etherscanFixture';
import { apiPaths } from '../../../common/api/paths';

const coder = AbiCoder.defaultAbiCoder();
const LOG_FIELDS = [
  'address',
  'topics',
  'data',
  'blockNumber',
  'blockHash',
  'timeStamp',
  'gasPrice',
  'gasUsed',
  'logIndex',
  'transactionHash',
  'transactionIndex',
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

interface NodeLog extends RawLog {
  blockNumber: string;
  blockHash: string;
}
const getLogs = (filter: Record<string, unknown>) =>
  chain.rpc.call<NodeLog[]>('eth_getLogs', [{ fromBlock: '0x0', toBlock: toHexQuantity(node.head), ...filter }]);
const pad = (a: string) => `0x${a.slice(2).toLowerCase().padStart(64, '0')}`;

/** A node log as Etherscan's getLogs shows it. */
function expectedLog(l: NodeLog): Record<string, unknown> {
  const t = node.txs.find((x) => x.tx.hash === l.transactionHash)!;
  return {
    address: lower(l.address),
    topics: l.topics,
    data: l.data,
    blockNumber: esHex(l.blockNumber),
    blockHash: l.blockHash,
    timeStamp: esHex(t.block.timestamp),
    gasPrice: esHex(t.receipt.effectiveGasPrice ?? '0x0'),
    gasUsed: esHex(t.receipt.gasUsed),
    logIndex: esHex(l.logIndex),
    transactionHash: l.transactionHash,
    transactionIndex: esHex(l.transactionIndex),
  };
}

describeEachDatabase('Etherscan logs, transaction, block, token, stats modules', (getDb) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await chain.api(getDb());
  }, 300_000);
  afterAll(() => api?.close());

  it('getLogs equals eth_getLogs for an address, for topics with and, and for topics with or', async () => {
    const token = lower(deployment.tokens[0]!.address);
    const want = (await getLogs({ address: token })).map(expectedLog);
    expect(want.length).toBeGreaterThan(3);
    const res = await es<Array<Record<string, unknown>>>(
      api,
      `module=logs&action=getLogs&address=${toRubyAddress(token)}&fromBlock=0&toBlock=latest`,
    );
    expect(res.status).toBe('1');
    expect(Object.keys(res.result[0]!)).toEqual(LOG_FIELDS);
    expect(res.result).toEqual(want);
    const page2 = await es<Array<Record<string, unknown>>>(
      api,
      `module=logs&action=getLogs&address=${token}&fromBlock=0&toBlock=${node.head}&page=2&offset=2`,
    );
    expect(page2.result).toEqual(want.slice(2, 4));

    const me = lower(deployment.deployer);
    const and = await getLogs({ topics: [TRANSFER_TOPIC, pad(me)] });
    const andRes = await es(
      api,
      `module=logs&action=getLogs&fromBlock=0&toBlock=${node.head}&topic0=${TRANSFER_TOPIC}&topic1=${pad(me)}&topic0_1_opr=and`,
    );
    expect(andRes.result).toEqual(and.map(expectedLog));
    const or = [...(await getLogs({ topics: [null, pad(me)] })), ...(await getLogs({ topics: [null, null, pad(me)] }))];
    const key = (l: NodeLog) => hexToNumber(l.blockNumber) * 1e6 + hexToNumber(l.logIndex);
    const orWant = [...new Map(or.map((l) => [key(l), l])).values()].sort((a, b) => key(a) - key(b));
    const orRes = await es(
      api,
      `module=logs&action=getLogs&fromBlock=0&toBlock=${node.head}&topic1=${pad(me)}&topic2=${pad(me)}&topic1_2_opr=or`,
    );
    expect(orRes.result).toEqual(orWant.map(expectedLog));

    const none = await es(api, `module=logs&action=getLogs&address=0x00000000000000000000000000000000000000aa&fromBlock=0&toBlock=latest`);
    expect(none).toMatchObject({ status: '0', message: 'No records found', result: [] });
    const bad = (result: string) => ({ statusCode: 200, status: '0', message: 'NOTOK', result });
    expect(await es(api, `module=logs&action=getLogs&address=${token}&fromBlock=9&toBlock=3`)).toEqual(bad(ES_ERRORS.blockRange));
    expect(await es(api, 'module=logs&action=getLogs&address=0xzz')).toEqual(bad(ES_ERRORS.address));
    expect(await es(api, `module=logs&action=getLogs&topic0=0x12`)).toEqual(bad(ES_ERRORS.topic));
    expect(await es(api, `module=logs&action=getLogs&topic0=${TRANSFER_TOPIC}&topic1=${pad(me)}&topic0_1_opr=xor`)).toEqual(
      bad(ES_ERRORS.topicOpr),
    );
    expect(await es(api, `module=logs&action=getLogs&address=${token}&page=11&offset=1000`)).toEqual(bad(ES_ERRORS.window));
  });

  it('transaction getstatus and gettxreceiptstatus follow the receipts', async () => {
    const failed = node.txs.filter((t) => t.receipt.status !== '0x1');
    expect(failed.length).toBeGreaterThan(0);
    for (const t of [...node.txs.slice(-5), ...failed]) {
      const ok = t.receipt.status === '0x1';
      const st = await es<{ isError: string; errDescription: string }>(api, `module=transaction&action=getstatus&txhash=${t.tx.hash}`);
      expect(st.status).toBe('1');
      expect(Object.keys(st.result)).toEqual(['isError', 'errDescription']);
      expect(st.result.isError).toBe(ok ? '0' : '1');
      expect(st.result.errDescription === '').toBe(ok);
      expect(await es(api, `module=transaction&action=gettxreceiptstatus&txhash=${t.tx.hash}`)).toMatchObject({
        status: '1',
        message: 'OK',
        result: { status: ok ? '1' : '0' },
      });
    }
    expect(await es(api, 'module=transaction&action=getstatus&txhash=nope')).toMatchObject({
      status: '0',
      message: 'NOTOK',
      result: ES_ERRORS.txHash,
    });
  });

  it('block getblockreward, getblocknobytime and getblockcountdown', async () => {
    const b = node.blocks[node.head]!;
    const txs = node.txs.filter((t) => t.block.hash === b.hash);
    const reward = txs.reduce(
      (s, t) => s + BigInt(t.receipt.gasUsed) * (BigInt(t.receipt.effectiveGasPrice ?? 0) - BigInt(b.baseFeePerGas ?? 0)),
      0n,
    );
    const r = await es<Record<string, unknown>>(api, `module=block&action=getblockreward&blockno=${node.head}`);
    expect(r.result).toEqual({
      blockNumber: String(node.head),
      timeStamp: dec(b.timestamp),
      blockMiner: lower(b.miner),
      blockReward: reward.toString(),
      uncles: [],
      uncleInclusionReward: '0',
    });
    const ts = hexToNumber(node.blocks[3]!.timestamp);
    const before = node.blocks.filter((x) => hexToNumber(x.timestamp) <= ts).at(-1)!;
    const after = node.blocks.find((x) => hexToNumber(x.timestamp) >= ts)!;
    expect((await es(api, `module=block&action=getblocknobytime&timestamp=${ts}&closest=before`)).result).toBe(dec(before.number));
    expect((await es(api, `module=block&action=getblocknobytime&timestamp=${ts}&closest=after`)).result).toBe(dec(after.number));
    expect(await es(api, 'module=block&action=getblocknobytime&timestamp=1&closest=before')).toMatchObject({
      status: '0',
      result: ES_ERRORS.noClosest,
    });
    expect(await es(api, 'module=block&action=getblocknobytime&timestamp=x')).toMatchObject({ status: '0', result: ES_ERRORS.timestamp });
    const cd = await es<Record<string, string>>(api, `module=block&action=getblockcountdown&blockno=${node.head + 100}`);
    expect(Object.keys(cd.result)).toEqual(['CurrentBlock', 'CountdownBlock', 'RemainingBlock', 'EstimateTimeInSec']);
    expect(cd.result).toMatchObject({ CurrentBlock: String(node.head), CountdownBlock: String(node.head + 100), RemainingBlock: '100' });
    expect(await es(api, `module=block&action=getblockcountdown&blockno=${node.head}`)).toMatchObject({
      status: '0',
      message: 'NOTOK',
      result: ES_ERRORS.blockPassed,
    });
  });

  it('token tokensupply, tokeninfo, tokenholderlist and stats ethsupply, ethprice, tokensupply', async () => {
    const meta = deployment.tokens[0]!;
    const token = lower(meta.address);
    const call = async (data: string) => dec(await chain.rpc.call<string>('eth_call', [{ to: token, data }, toHexQuantity(node.head)]));
    const supply = await call('0x18160ddd');
    expect(await es(api, `module=stats&action=tokensupply&contractaddress=${toRubyAddress(token)}`)).toMatchObject({
      status: '1',
      result: supply,
    });
    expect(await es(api, `module=token&action=tokensupply&contractaddress=${token}`)).toMatchObject({ status: '1', result: supply });
    const info = await es<Array<Record<string, string>>>(api, `module=token&action=tokeninfo&contractaddress=${token}`);
    expect(info.result[0]).toMatchObject({
      contractAddress: token,
      tokenName: meta.name,
      symbol: meta.symbol,
      divisor: '18',
      tokenType: 'ERC20',
      totalSupply: supply,
    });
    const holders = await es<Array<{ TokenHolderAddress: string; TokenHolderQuantity: string }>>(
      api,
      `module=token&action=tokenholderlist&contractaddress=${token}&page=1&offset=100`,
    );
    expect(holders.result.length).toBeGreaterThan(0);
    for (const h of holders.result) {
      expect(Object.keys(h)).toEqual(['TokenHolderAddress', 'TokenHolderQuantity']);
      expect(h.TokenHolderQuantity).toBe(await call(`0x70a08231${coder.encode(['address'], [h.TokenHolderAddress]).slice(2)}`));
    }
    expect((await es(api, 'module=stats&action=ethsupply')).result).toBe(parseUnits(String(api.ctx.config.totalSupply), 18).toString());
    const price = await es<Record<string, string>>(api, 'module=stats&action=ethprice');
    expect(Object.keys(price.result)).toEqual(['ethbtc', 'ethbtc_timestamp', 'ethusd', 'ethusd_timestamp']);
    expect(Number(price.result.ethusd)).toBe(api.ctx.price.usd());
  });

  it('contract getcontractcreation names the creator, the transaction and the init code', async () => {
    const t = node.txs.find((x) => lower(x.receipt.contractAddress) === lower(deployment.router))!;
    const res = await es<Array<Record<string, string>>>(
      api,
      `module=contract&action=getcontractcreation&contractaddresses=${toRubyAddress(deployment.router)},${deployment.splitter}`,
    );
    expect(res.status).toBe('1');
    expect(res.result).toHaveLength(2);
    expect(res.result[0]).toEqual({
      contractAddress: lower(deployment.router),
      contractCreator: lower(t.tx.from),
      txHash: t.tx.hash,
      blockNumber: dec(t.block.number),
      timestamp: dec(t.block.timestamp),
      contractFactory: '',
      creationBytecode: t.tx.input,
    });
    expect(
      await es(api, 'module=contract&action=getcontractcreation&contractaddresses=0x00000000000000000000000000000000000000aa'),
    ).toMatchObject({ status: '0', message: 'No data found', result: null });
    expect(await es(api, 'module=contract&action=getcontractcreation&contractaddresses=0x1')).toMatchObject({
      status: '0',
      result: ES_ERRORS.contractAddress,
    });
  });

  it("answers under /api/v2/api with the chain's chainid, GET or POST form, and refuses another chainid", async () => {
    const a = lower(deployment.deployer);
    const want = dec(await chain.rpc.call<string>('eth_getBalance', [a, toHexQuantity(node.head)]));
    expect(await es(api, `chainid=18215&module=account&action=balance&address=${a}`, apiPaths.etherscanV2())).toMatchObject({
      status: '1',
      result: want,
    });
    const posted = await api.app.inject({
      method: 'POST',
      url: apiPaths.etherscanV2({ chainid: '18215' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
      payload: `module=account&action=balance&address=${toRubyAddress(a)}&apikey=whatever`,
    });
    expect(posted.json()).toEqual({ status: '1', message: 'OK', result: want });
    for (const q of [
      'chainid=1&module=account&action=balance',
      'module=account&action=balance',
      'chainid=abc&module=stats&action=ethsupply',
    ]) {
      expect(await es(api, q, apiPaths.etherscanV2()), q).toEqual({
        statusCode: 200,
        status: '0',
        message: 'NOTOK',
        result: ES_ERRORS.chainId,
      });
    }
    expect(await es(api, 'chainid=18215&module=nope', apiPaths.etherscanV2())).toMatchObject({ status: '0', result: ES_ERRORS.module });
  });
});
