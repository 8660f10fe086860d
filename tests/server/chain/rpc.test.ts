import { TEST_MNEMONIC } from '../../helpers/devKeys';
import http from 'node:http';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RpcClient, RpcError, RpcTransportError, hexToNumber, type RpcRequestInfo } from '../../../server/chain/rpc';
import { startDevnet, type Devnet } from '../../../server/chain/devnet';

/** A local HTTP server whose handler the test chooses; counts the requests it receives. */
async function fakeNode(handler: (body: string, res: http.ServerResponse, count: number) => void) {
  const state = { count: 0 };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => handler(body, res, ++state.count));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return { url, state, close };
}

describe('RpcClient against anvil', () => {
  let devnet: Devnet;
  let dir: string;
  let rpc: RpcClient;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ruby-rpc-'));
    devnet = await startDevnet({ dataDir: dir, mnemonic: TEST_MNEMONIC, port: 0, chainId: 18215, blockTime: 0 });
    rpc = new RpcClient(devnet.url);
  });
  afterAll(async () => {
    await devnet?.stop();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('makes a single call', async () => {
    expect(hexToNumber(await rpc.call<string>('eth_chainId'))).toBe(18215);
  });

  it('answers a batch in the order of the calls', async () => {
    await rpc.call('anvil_mine', ['0x3']);
    const [chainId, head, block] = await rpc.batch<string | { number: string }>([
      { method: 'eth_chainId', params: [] },
      { method: 'eth_blockNumber', params: [] },
      { method: 'eth_getBlockByNumber', params: ['0x2', false] },
    ]);
    expect(hexToNumber(chainId as string)).toBe(18215);
    expect(hexToNumber(head as string)).toBeGreaterThanOrEqual(3);
    expect((block as { number: string }).number).toBe('0x2');
  });

  it('settles each call of a batch on its own', async () => {
    const outcomes = await rpc.batchSettled([
      { method: 'eth_chainId', params: [] },
      { method: 'ruby_noSuchMethod', params: [] },
      { method: 'eth_blockNumber', params: [] },
    ]);
    expect(outcomes.map((o) => o.ok)).toEqual([true, false, true]);
    const failed = outcomes[1];
    expect(failed && !failed.ok && failed.error).toBeInstanceOf(RpcError);
    await expect(
      rpc.batch([
        { method: 'eth_chainId', params: [] },
        { method: 'ruby_noSuchMethod', params: [] },
      ]),
    ).rejects.toBeInstanceOf(RpcError);
  });
});

describe('RpcClient failures', () => {
  it('does not retry a JSON-RPC error answer', async () => {
    const node = await fakeNode((body, res) => {
      const { id } = JSON.parse(body) as { id: number };
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32000, message: 'execution reverted' } }));
    });
    try {
      const rpc = new RpcClient(node.url, { retries: 3, backoffMs: 5 });
      const err = await rpc.call('eth_call', []).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(RpcError);
      expect((err as RpcError).code).toBe(-32000);
      expect(node.state.count).toBe(1);
    } finally {
      await node.close();
    }
  });

  it('retries an HTTP 503 and then succeeds', async () => {
    const node = await fakeNode((body, res, count) => {
      if (count === 1) {
        res.statusCode = 503;
        res.end('busy');
        return;
      }
      const { id } = JSON.parse(body) as { id: number };
      res.end(JSON.stringify({ jsonrpc: '2.0', id, result: '0x4727' }));
    });
    try {
      const rpc = new RpcClient(node.url, { retries: 2, backoffMs: 5 });
      expect(await rpc.call('eth_chainId')).toBe('0x4727');
      expect(node.state.count).toBe(2);
    } finally {
      await node.close();
    }
  });

  it('gives RpcTransportError for a closed port after its retries', async () => {
    const node = await fakeNode(() => {});
    await node.close();
    const rpc = new RpcClient(node.url, { retries: 2, backoffMs: 5 });
    const err = await rpc.call('eth_chainId').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RpcTransportError);
    expect((err as Error).message).toContain(node.url);
  });

  it('times out on a node that never answers', async () => {
    const node = await fakeNode(() => {
      // never answer
    });
    try {
      const rpc = new RpcClient(node.url, { timeoutMs: 200, retries: 1, backoffMs: 5 });
      const started = Date.now();
      const err = await rpc.call('eth_chainId').catch((e: unknown) => e);
      const elapsed = Date.now() - started;
      expect(err).toBeInstanceOf(RpcTransportError);
      expect(node.state.count).toBe(2);
      expect(elapsed).toBeGreaterThanOrEqual(400);
      expect(elapsed).toBeLessThan(5_000);
    } finally {
      await node.close();
    }
  });
});

describe('RpcClient onRequest observer', () => {
  it('sees each HTTP post once, retries included, with method, batch size, time and outcome', async () => {
    const node = await fakeNode((body, res, count) => {
      if (count === 1) {
        res.statusCode = 503;
        res.end('busy');
        return;
      }
      const parsed = JSON.parse(body) as { id: number; method: string } | { id: number; method: string }[];
      const answer = (c: { id: number; method: string }) =>
        c.method === 'ruby_noSuchMethod'
          ? { jsonrpc: '2.0', id: c.id, error: { code: -32601, message: 'no such method' } }
          : { jsonrpc: '2.0', id: c.id, result: '0x1' };
      res.end(JSON.stringify(Array.isArray(parsed) ? parsed.map(answer) : answer(parsed)));
    });
    const seen: RpcRequestInfo[] = [];
    try {
      const rpc = new RpcClient(node.url, { retries: 2, backoffMs: 5, onRequest: (info) => seen.push(info) });
      expect(await rpc.call('eth_chainId')).toBe('0x1');
      await rpc.batchSettled([
        { method: 'eth_blockNumber', params: [] },
        { method: 'ruby_noSuchMethod', params: [] },
      ]);
      expect(seen.map(({ method, batchSize, outcome }) => ({ method, batchSize, outcome }))).toEqual([
        { method: 'eth_chainId', batchSize: 1, outcome: 'http_error' },
        { method: 'eth_chainId', batchSize: 1, outcome: 'ok' },
        { method: 'eth_blockNumber', batchSize: 2, outcome: 'rpc_error' },
      ]);
      for (const s of seen) expect(s.seconds).toBeGreaterThanOrEqual(0);
    } finally {
      await node.close();
    }
  });

  it('tells a time-out from an unreachable node, and an observer that throws changes nothing', async () => {
    const silent = await fakeNode(() => {
      // never answer
    });
    const closed = await fakeNode(() => {});
    await closed.close();
    const seen: RpcRequestInfo[] = [];
    try {
      const observe = (info: RpcRequestInfo) => {
        seen.push(info);
        throw new Error('observer failure');
      };
      const slow = new RpcClient(silent.url, { timeoutMs: 200, retries: 0, onRequest: observe });
      expect(await slow.call('eth_chainId').catch((e: unknown) => e)).toBeInstanceOf(RpcTransportError);
      const gone = new RpcClient(closed.url, { retries: 0, onRequest: observe });
      expect(await gone.call('eth_gasPrice').catch((e: unknown) => e)).toBeInstanceOf(RpcTransportError);
      expect(seen.map((s) => [s.method, s.outcome])).toEqual([
        ['eth_chainId', 'timeout'],
        ['eth_gasPrice', 'unreachable'],
      ]);
      expect(seen[0]!.seconds).toBeGreaterThanOrEqual(0.15);
    } finally {
      await silent.close();
    }
  });
});
