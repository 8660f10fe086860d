/**
 * module=proxy forwarded to the node (answers compared with the node's own), and a client nobody
 * here wrote: ethers v6's EtherscanProvider pointed at a started API server (balance, block
 * number, transactions, eth_call over POST, a raw transaction relayed, txlist and getLogs through
 * its fetch), plus the rate limit in Etherscan's shape.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EtherscanProvider, parseEther } from 'ethers';
import { toRubyAddress } from '../../../common/address';
import { devWallet } from '../../helpers/devKeys';
import { toHexQuantity } from '../../../server/chain/rpc';
import type { Deployment } from '../../../server/chain/trafficContracts';
import { loadConfig } from '../../../server/config';
import { ES_ERRORS } from '../../../server/api/etherscan/common';
import { API_KEY_MESSAGES, createApiKey } from '../../../server/api/apiKeys';
import { revokeApiKey } from '../../../server/queries/apiKeys';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';
import { describeEachDatabase } from '../../helpers/db';
import { es, lower } from './etherscanFixture';
import { apiPaths } from '../../../common/api/paths';

const CHAIN_ID = 18215;
const TOTAL_SUPPLY = '0x18160ddd';

/**
 * ethers' EtherscanProvider speaks to api.etherscan.io/v2/api?chainid=… and accepts only the
 * chains Etherscan serves: it is built for mainnet, and its two URLs (and the POST body's
 * chainid) are turned to this explorer's V2 endpoint with the devnet's chain id.
 */
class ExplorerProvider extends EtherscanProvider {
  constructor(private readonly base: string) {
    super(1, 'not-a-key-of-ours');
  }
  private retarget(url: string): string {
    return url.replace(
      /^https:\/\/api\.etherscan\.io\/v2\/api\?chainid=1(?=&|$)/,
      `${this.base}${apiPaths.etherscanV2({ chainid: CHAIN_ID })}`,
    );
  }
  override getUrl(module: string, params: Record<string, string>): string {
    return this.retarget(super.getUrl(module, params));
  }
  override getPostUrl(): string {
    return this.retarget(super.getPostUrl());
  }
  override getPostData(module: string, params: Record<string, unknown>): Record<string, unknown> {
    return { ...super.getPostData(module, params), chainid: CHAIN_ID };
  }
}

let chain: IndexedChain;
let deployment: Deployment;

beforeAll(async () => {
  chain = await startIndexedChain({ steps: 6 });
  deployment = await chain.traffic.setup();
}, 300_000);
afterAll(() => chain?.stop());

describeEachDatabase("Etherscan proxy module and ethers' EtherscanProvider", (getDb) => {
  let api: TestApi;
  let base: string;
  beforeAll(async () => {
    api = await chain.api(getDb());
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = api.app.server.address();
    base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  }, 300_000);
  afterAll(() => api?.close());

  const proxy = async (query: string) =>
    (await api.app.inject({ method: 'GET', url: `${apiPaths.etherscan({ module: 'proxy' })}&${query}` })).json() as Record<string, unknown>;
  const rpc = (method: string, params: unknown[]) => chain.rpc.call(method, params);

  it("proxy actions answer the node's JSON-RPC envelope with the node's results", async () => {
    const head = toHexQuantity(await chain.rpc.call<string>('eth_blockNumber').then(BigInt));
    const token = lower(deployment.tokens[0]!.address);
    const me = lower(deployment.deployer);
    const block = (await rpc('eth_getBlockByNumber', [head, true])) as { transactions: Array<{ hash: string }> };
    const hash = block.transactions[0]?.hash ?? '0x' + '0'.repeat(64);
    const cases: Array<[string, string, unknown[]]> = [
      ['action=eth_blockNumber', 'eth_blockNumber', []],
      [`action=eth_getBlockByNumber&tag=${head}&boolean=true`, 'eth_getBlockByNumber', [head, true]],
      [`action=eth_getTransactionByHash&txhash=${hash}`, 'eth_getTransactionByHash', [hash]],
      [`action=eth_getTransactionReceipt&txhash=${hash}`, 'eth_getTransactionReceipt', [hash]],
      [
        `action=eth_call&to=${toRubyAddress(token)}&data=${TOTAL_SUPPLY}&tag=latest`,
        'eth_call',
        [{ to: token, data: TOTAL_SUPPLY }, 'latest'],
      ],
      [`action=eth_getCode&address=${token}&tag=latest`, 'eth_getCode', [token, 'latest']],
      [`action=eth_getStorageAt&address=${token}&position=0x2&tag=latest`, 'eth_getStorageAt', [token, '0x2', 'latest']],
      ['action=eth_gasPrice', 'eth_gasPrice', []],
      [
        `action=eth_estimateGas&from=${me}&to=${token}&data=${TOTAL_SUPPLY}`,
        'eth_estimateGas',
        [{ from: me, to: token, data: TOTAL_SUPPLY }],
      ],
      [`action=eth_getTransactionCount&address=${toRubyAddress(me)}&tag=latest`, 'eth_getTransactionCount', [me, 'latest']],
    ];
    for (const [query, method, params] of cases) {
      expect(await proxy(query), query).toEqual({ jsonrpc: '2.0', id: 1, result: await rpc(method, params) });
    }
    expect(await proxy('action=eth_getCode&address=0x12')).toMatchObject({ jsonrpc: '2.0', id: 1, error: { code: -32602 } });
    expect(await proxy('action=eth_nope')).toEqual({ status: '0', message: 'NOTOK', result: ES_ERRORS.action });
    // The node's own methods and signing with its keys are no proxy actions (issue #45): refused, and the chain is as it was.
    const headBefore = await chain.rpc.call<string>('eth_blockNumber');
    for (const action of [
      'anvil_setCode',
      'anvil_setBalance',
      'evm_mine',
      'hardhat_mine',
      'eth_sendTransaction',
      'eth_sign',
      'personal_sign',
    ]) {
      expect(await proxy(`action=${action}&address=${me}&hex=0x00`), action).toEqual({
        status: '0',
        message: 'NOTOK',
        result: ES_ERRORS.action,
      });
    }
    expect(await chain.rpc.call<string>('eth_blockNumber')).toBe(headBefore);
    // A node error is relayed as the node's JSON-RPC error.
    const refused = await proxy('action=eth_sendRawTransaction&hex=0x1234');
    expect(refused).toMatchObject({
      jsonrpc: '2.0',
      id: 1,
      error: { code: expect.any(Number) as unknown, message: expect.any(String) as unknown },
    });
    expect(refused.result).toBeUndefined();
    // A signed transaction of another chain is refused before the node sees it (as POST /sendrawtransaction does).
    const signer = devWallet(8);
    const nonce = Number(BigInt((await rpc('eth_getTransactionCount', [lower(signer.address), 'latest'])) as string));
    const foreign = await signer.signTransaction({
      to: signer.address,
      value: 1n,
      nonce,
      gasLimit: 21_000n,
      gasPrice: 10n ** 10n,
      chainId: 1n,
    });
    expect(await proxy(`action=eth_sendRawTransaction&hex=${foreign}`)).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32602, message: `Invalid raw transaction: chain id 1 is not this chain's (${CHAIN_ID})` },
    });
  });

  it("ethers' EtherscanProvider reads balances, blocks, transactions, calls and lists through the product", async () => {
    const provider = new ExplorerProvider(base);
    const me = lower(deployment.deployer);
    const token = lower(deployment.tokens[0]!.address);
    expect(await provider.getBalance(me)).toBe(BigInt(await chain.rpc.call<string>('eth_getBalance', [me, 'latest'])));
    expect(await provider.getBlockNumber()).toBe(Number(BigInt(await chain.rpc.call<string>('eth_blockNumber'))));
    expect(await provider.getTransactionCount(me)).toBe(
      Number(BigInt(await chain.rpc.call<string>('eth_getTransactionCount', [me, 'latest']))),
    );
    expect(await provider.getCode(token)).toBe(await chain.rpc.call<string>('eth_getCode', [token, 'latest']));
    // eth_call goes as a POST form to the V2 URL.
    expect(await provider.call({ to: token, data: TOTAL_SUPPLY })).toBe(
      await chain.rpc.call<string>('eth_call', [{ to: token, data: TOTAL_SUPPLY }, 'latest']),
    );

    const txlist = (await provider.fetch('account', {
      action: 'txlist',
      address: me,
      startblock: 0,
      endblock: 99999999,
      sort: 'asc',
    })) as Array<{ hash: string; from: string }>;
    expect(txlist.length).toBeGreaterThan(5);
    const first = await provider.getTransaction(txlist[0]!.hash);
    expect(first?.from.toLowerCase()).toBe(me);
    const receipt = await provider.getTransactionReceipt(txlist[0]!.hash);
    expect(receipt?.status).toBe(1);
    const logs = (await provider.fetch('logs', { action: 'getLogs', address: token, fromBlock: 0, toBlock: 'latest' })) as Array<{
      address: string;
    }>;
    const nodeLogs = await chain.rpc.call<unknown[]>('eth_getLogs', [{ address: token, fromBlock: '0x0', toBlock: 'latest' }]);
    expect(logs).toHaveLength(nodeLogs.length);
    // Empty lists are not errors for ethers ("No transactions found").
    expect(await provider.fetch('account', { action: 'txlist', address: '0x00000000000000000000000000000000000000aa' })).toEqual([]);

    // A raw transaction relayed to the node (POST eth_sendRawTransaction), then mined.
    const wallet = devWallet(9).connect(null);
    const nonce = Number(BigInt(await chain.rpc.call<string>('eth_getTransactionCount', [wallet.address, 'pending'])));
    const gasPrice = BigInt(await chain.rpc.call<string>('eth_gasPrice'));
    const signed = await wallet.signTransaction({
      to: me,
      value: parseEther('0.01'),
      nonce,
      gasLimit: 21_000n,
      gasPrice: gasPrice * 2n,
      chainId: CHAIN_ID,
      type: 0,
    });
    const sent = await provider.broadcastTransaction(signed);
    await chain.rpc.call('evm_mine', []);
    const mined = await chain.rpc.call<{ status: string } | null>('eth_getTransactionReceipt', [sent.hash]);
    expect(mined?.status).toBe('0x1');
  }, 120_000);

  it('answers the rate limit as Etherscan does (HTTP 200, "Max rate limit reached")', async () => {
    const defaults = loadConfig({}).rateLimit;
    const limited = await chain.api(getDb(), { rateLimit: { ...defaults, anonymousMax: 2, exemptLoopback: false } });
    try {
      const q = `module=account&action=balance&address=${deployment.deployer}`;
      expect((await es(limited, q)).status).toBe('1');
      expect((await es(limited, q)).status).toBe('1');
      expect(await es(limited, q)).toEqual({ statusCode: 200, status: '0', message: 'NOTOK', result: ES_ERRORS.rateLimit });
      expect(await es(limited, `chainid=${CHAIN_ID}&${q}`, apiPaths.etherscanV2())).toEqual({
        statusCode: 200,
        status: '0',
        message: 'NOTOK',
        result: ES_ERRORS.rateLimit,
      });
      // The rest of the API keeps its own 429.
      expect((await limited.app.inject({ method: 'GET', url: apiPaths.blocks({ page: 1, size: 5 }) })).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  }, 120_000);

  it('counts an apikey sent in a POST body (form or JSON) like one in the query string, in one bucket per key', async () => {
    const defaults = loadConfig({}).rateLimit;
    const limited = await chain.api(getDb(), { rateLimit: { ...defaults, anonymousMax: 1, apiKeyMax: 4, exemptLoopback: false } });
    const { key, id } = await createApiKey(getDb().db, null, 'etherscan body key');
    try {
      const fields = `module=account&action=balance&address=${deployment.deployer}`;
      const form = (body: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api',
          payload: body,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
      const json = (body: Record<string, string>) =>
        limited.app.inject({ method: 'POST', url: apiPaths.etherscanV2({ chainid: CHAIN_ID }), payload: body });
      const status = (r: { json(): unknown }) => r.json() as { status: string; result: unknown };
      // Four requests with the key (form body, JSON body, query string, form body again): all
      // counted on the key (limit 4), none on the caller's IP (limit 1).
      expect(status(await form(`${fields}&apikey=${key}`)).status).toBe('1');
      expect(status(await json({ module: 'account', action: 'balance', address: deployment.deployer, apiKey: key })).status).toBe('1');
      expect((await es(limited, `${fields}&apikey=${key}`)).status).toBe('1');
      expect(status(await form(`apikey=${key}&${fields}`)).status).toBe('1');
      // The fifth is over the key's limit, whichever way the key comes.
      expect(status(await form(`${fields}&apikey=${key}`))).toEqual({ status: '0', message: 'NOTOK', result: ES_ERRORS.rateLimit });
      expect((await es(limited, `${fields}&apikey=${key}`)).result).toBe(ES_ERRORS.rateLimit);
      // The IP's anonymous allowance is untouched: one anonymous POST passes, the next does not.
      expect(status(await form(fields)).status).toBe('1');
      expect(status(await form(fields)).result).toBe(ES_ERRORS.rateLimit);
      // A key we did not issue counts as none (the IP is now over its limit); a revoked one is refused.
      expect(status(await form(`${fields}&apikey=not-ours`)).result).toBe(ES_ERRORS.rateLimit);
      await revokeApiKey(getDb().db, id);
      const fresh = await chain.api(getDb(), { rateLimit: { ...defaults, exemptLoopback: false } });
      try {
        const revoked = await fresh.app.inject({
          method: 'POST',
          url: '/api',
          payload: `${fields}&apikey=${key}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
        expect(revoked.statusCode).toBe(200);
        expect(revoked.json()).toEqual({ status: '0', message: 'NOTOK', result: API_KEY_MESSAGES.revoked });
      } finally {
        await fresh.close();
      }
    } finally {
      await limited.close();
    }
  }, 120_000);
});
