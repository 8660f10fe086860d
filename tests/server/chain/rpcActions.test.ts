import { TEST_MNEMONIC } from '../../helpers/devKeys';
import http from 'node:http';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devWallet } from '../../helpers/devKeys';
import { startDevnet, type Devnet } from '../../../server/chain/devnet';
import { RpcClient, RpcError, type RpcRequestInfo } from '../../../server/chain/rpc';
import {
  batchOf,
  blockNumber,
  chainId,
  getBalance,
  getBlock,
  getBlocks,
  groupsOf,
  rpcCalls,
  send,
  settledGroupsOf,
  settledOf,
} from '../../../server/chain/rpcActions';

describe('typed JSON-RPC actions against anvil', () => {
  let devnet: Devnet;
  let dir: string;
  const posts: RpcRequestInfo[] = [];
  let rpc: RpcClient;
  const dev = devWallet(0).address.toLowerCase();

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ruby-rpcactions-'));
    devnet = await startDevnet({ dataDir: dir, mnemonic: TEST_MNEMONIC, port: 0, chainId: 18215, blockTime: 0 });
    rpc = new RpcClient(devnet.url, { onRequest: (info) => posts.push(info) });
    // One transaction, so block 1 has a transaction to show in both block forms.
    const signed = await devWallet(0).signTransaction({
      chainId: 18215,
      nonce: 0,
      to: devWallet(1).address,
      value: 1n,
      gasLimit: 21_000n,
      maxFeePerGas: 10n ** 10n,
      maxPriorityFeePerGas: 1n,
      type: 2,
    });
    await send(rpc, rpcCalls.sendRawTransaction(signed));
  });
  afterAll(async () => {
    await devnet?.stop();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('answers numbers and bigints where every caller converts', async () => {
    expect(await chainId(rpc)).toBe(18215);
    expect(await blockNumber(rpc)).toBe(1);
    const balance = await getBalance(rpc, dev, 'latest');
    expect(typeof balance).toBe('bigint');
    expect(balance > 0n && balance < 10_000n * 10n ** 18n).toBe(true);
    expect(await getBalance(rpc, dev, 0)).toBe(10_000n * 10n ** 18n);
  });

  it('gives a block with full transactions or with their hashes, and null past the head', async () => {
    const full = await getBlock(rpc, 1, true);
    const light = await getBlock(rpc, 1, false);
    expect(full?.transactions[0]?.from.toLowerCase()).toBe(dev);
    expect(light?.transactions).toEqual([full?.transactions[0]?.hash]);
    expect(light?.hash).toBe(full?.hash);
    expect(await getBlock(rpc, 1000, false)).toBeNull();
    const blocks = await getBlocks(rpc, [0, 1, 1000], false);
    expect(blocks.map((b) => (b ? Number(b.number) : null))).toEqual([0, 1, null]);
  });

  it('sends a batch as one post, and groups of several methods as one post, each with its own type', async () => {
    posts.length = 0;
    const [[block], balances, counts] = await groupsOf(rpc, [
      [rpcCalls.getBlockByNumber('latest', false)],
      [rpcCalls.getBalance(dev, 'latest'), rpcCalls.getBalance(devWallet(1).address, 'latest')],
      [rpcCalls.getTransactionCount(dev, 'pending')],
    ]);
    expect(posts.map((p) => p.batchSize)).toEqual([4]);
    expect(Number(block?.number)).toBe(1);
    expect(balances[1]).toBe(10_000n * 10n ** 18n + 1n);
    expect(counts).toEqual([1]);
    const receipts = await batchOf(rpc, [rpcCalls.getTransactionReceipt(block?.transactions[0] ?? '')]);
    expect(receipts[0]?.status).toBe('0x1');
  });

  it('lets each call of a settled batch fail on its own, and a plain batch throw the first failure', async () => {
    const bad = rpcCalls.getCode('0xnot-an-address', 'latest');
    const [codes, nonces] = await settledGroupsOf(rpc, [
      [rpcCalls.getCode(dev, 'latest'), bad],
      [rpcCalls.getTransactionCount(dev, 'latest')],
    ]);
    expect(codes[0]).toEqual({ ok: true, result: '0x' });
    expect(codes[1]?.ok).toBe(false);
    expect(nonces[0]).toEqual({ ok: true, result: 1 });
    await expect(batchOf(rpc, [rpcCalls.getCode(dev, 'latest'), bad])).rejects.toBeInstanceOf(RpcError);
  });
});

describe('typed JSON-RPC actions against a node answering nonsense', () => {
  it('fails a quantity that is not one (null, a number) instead of reading it as 0, call by call', async () => {
    // A node that answers every call of a batch with null, or with a bare number for eth_blockNumber.
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const calls = JSON.parse(body) as { id: number; method: string }[] | { id: number; method: string };
        const answer = (c: { id: number; method: string }) => ({
          jsonrpc: '2.0',
          id: c.id,
          result: c.method === 'eth_blockNumber' ? 7 : c.method === 'eth_getCode' ? '0x60' : null,
        });
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(Array.isArray(calls) ? calls.map(answer) : answer(calls)));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const rpc = new RpcClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, { retries: 0 });
      await expect(blockNumber(rpc)).rejects.toThrow(/eth_blockNumber: not a quantity: 7/);
      await expect(getBalance(rpc, '0x0000000000000000000000000000000000000001', 'latest')).rejects.toBeInstanceOf(RpcError);
      const one = '0x0000000000000000000000000000000000000001';
      const [[balance], [code]] = await settledGroupsOf(rpc, [[rpcCalls.getBalance(one, 1)], [rpcCalls.getCode(one, 1)]]);
      expect(balance?.ok).toBe(false);
      expect(code).toEqual({ ok: true, result: '0x60' });
      const balances = await settledOf(rpc, [rpcCalls.getBalance(one, 1), rpcCalls.getBalance(one, 2)]);
      expect(balances.map((o) => o.ok)).toEqual([false, false]);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
