/**
 * The devnet's public port (issue #45 item 6): DEVNET_PORT answers standard methods and refuses
 * anvil's own (anvil_*, evm_*), signing with the node's keys (eth_sendTransaction, eth_sign*) and
 * anything else not allowed, alone, in a batch and over WebSocket; it sends no CORS header, and
 * neither does anvil's private port. The funded accounts are the data folder's own: anvil's
 * well-known test key holds nothing.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet, type Devnet } from '../../../server/chain/devnet';

/** anvil's well-known test account 0 (mnemonic "test test … junk"): public, so it must hold nothing. */
const WELL_KNOWN_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const CODE = '0x6080';
const TARGET = '0x000000000000000000000000000000000000beef';

let dir = '';
let devnet: Devnet;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ruby-front-'));
  devnet = await startDevnet({ dataDir: dir, port: 0, chainId: 18215, blockTime: 0, persist: false });
}, 60_000);

afterAll(async () => {
  await devnet?.stop();
  await fs.rm(dir, { recursive: true, force: true });
});

type Answer = { id?: unknown; result?: unknown; error?: { code: number; message: string } };

async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}
const call = (method: string, params: unknown[] = [], id: number = 1) => ({ jsonrpc: '2.0', id, method, params });
async function rpc(url: string, body: unknown): Promise<Answer | Answer[]> {
  return (await (await post(url, body)).json()) as Answer | Answer[];
}
const head = async () => (await rpc(devnet.url, call('eth_blockNumber'))) as Answer;
const codeAt = async () => ((await rpc(devnet.url, call('eth_getCode', [TARGET, 'latest']))) as Answer).result;

describe('the devnet public port', () => {
  it('is another port than anvil, and answers eth_blockNumber and eth_chainId', async () => {
    expect(devnet.publicPort).not.toBe(devnet.port);
    expect(devnet.publicUrl).toBe(`http://127.0.0.1:${devnet.publicPort}`);
    expect(await rpc(devnet.publicUrl, call('eth_blockNumber'))).toEqual({ jsonrpc: '2.0', id: 1, result: (await head()).result });
    expect(await rpc(devnet.publicUrl, call('eth_chainId'))).toMatchObject({ result: '0x4727' });
    expect(await rpc(devnet.publicUrl, call('eth_accounts'))).toEqual({ jsonrpc: '2.0', id: 1, result: [] });
  });

  it('refuses anvil_setCode, evm_mine, eth_sendTransaction and other node methods with a JSON-RPC error', async () => {
    const before = await head();
    const refused = [
      call('anvil_setCode', [TARGET, CODE]),
      call('evm_mine'),
      call('eth_sendTransaction', [{ from: devnet.accounts.wallet(0).address, to: TARGET, value: '0x1' }]),
      call('anvil_setBalance', [TARGET, '0x1']),
      call('hardhat_mine'),
      call('debug_setHead', ['0x0']),
      call('personal_sign', ['0x00', TARGET]),
      call('eth_sign', [TARGET, '0x00']),
      call('eth_signTypedData_v4', [TARGET, '{}']),
      call('anvil_nodeInfo'),
    ];
    for (const c of refused) {
      const answer = (await rpc(devnet.publicUrl, c)) as Answer;
      expect(answer, c.method).toMatchObject({ jsonrpc: '2.0', id: 1, error: { code: -32601 } });
      expect(answer.error?.message).toContain(`method ${c.method} is not available`);
      expect(answer.result).toBeUndefined();
    }
    expect(await head()).toEqual(before);
    expect(await codeAt()).toBe('0x');
  });

  it('refuses them inside a batch too, answering the allowed calls in their places', async () => {
    const before = await head();
    const answers = (await rpc(devnet.publicUrl, [
      call('eth_blockNumber', [], 1),
      call('anvil_setCode', [TARGET, CODE], 2),
      call('evm_mine', [], 3),
      call('eth_sendTransaction', [{ from: devnet.accounts.wallet(0).address, to: TARGET }], 4),
      call('eth_chainId', [], 5),
    ])) as Answer[];
    expect(answers.map((a) => a.id)).toEqual([1, 2, 3, 4, 5]);
    expect(answers[0]?.result).toBe(before.result);
    expect(answers[4]?.result).toBe('0x4727');
    for (const i of [1, 2, 3]) expect(answers[i]?.error?.code).toBe(-32601);
    expect(await head()).toEqual(before);
    expect(await codeAt()).toBe('0x');
    expect(await rpc(devnet.publicUrl, [])).toMatchObject({ error: { code: -32600 } });
  });

  it('sends no CORS header, to a preflight or to a request from another origin (nor does anvil)', async () => {
    for (const url of [devnet.publicUrl, devnet.url]) {
      const preflight = await fetch(url, {
        method: 'OPTIONS',
        headers: {
          origin: 'http://evil.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
      expect(preflight.headers.get('access-control-allow-origin'), url).toBeNull();
      const res = await post(url, call('eth_blockNumber'), { origin: 'http://evil.example' });
      expect(res.headers.get('access-control-allow-origin'), url).toBeNull();
    }
  });

  it('refuses a body that is not declared JSON (a page could send it without a preflight) and a foreign Host', async () => {
    const plain = await fetch(devnet.publicUrl, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify(call('eth_blockNumber')),
    });
    expect(plain.status).toBe(415);
    // fetch cannot set Host: a plain request as a DNS-rebinding page's would arrive.
    const rebound = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        devnet.publicUrl,
        { method: 'POST', headers: { host: 'evil.example:8545', 'content-type': 'application/json' } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.once('error', reject);
      req.end(JSON.stringify(call('eth_blockNumber')));
    });
    expect(rebound).toBe(403);
    expect((await fetch(devnet.publicUrl)).status).toBe(405);
    const broken = await fetch(devnet.publicUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc"' });
    expect(await broken.json()).toMatchObject({ error: { code: -32700 } });
  });

  it('bridges WebSocket with the same allow list, and refuses a browser (an Origin header)', async () => {
    const ws = new WebSocket(devnet.publicUrl.replace('http', 'ws'));
    const answers: Answer[] = [];
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    ws.on('message', (data: Buffer) => answers.push(JSON.parse(data.toString('utf8')) as Answer));
    ws.send(JSON.stringify(call('eth_blockNumber', [], 1)));
    ws.send(JSON.stringify(call('anvil_setCode', [TARGET, CODE], 2)));
    ws.send(JSON.stringify(call('eth_subscribe', ['newHeads'], 3)));
    const deadline = Date.now() + 5_000;
    while (answers.length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    ws.close();
    const byId = new Map(answers.map((a) => [a.id, a]));
    expect(byId.get(1)?.result).toBe((await head()).result);
    expect(byId.get(2)?.error?.code).toBe(-32601);
    expect(typeof byId.get(3)?.result).toBe('string');
    expect(await codeAt()).toBe('0x');

    const fromPage = new WebSocket(devnet.publicUrl.replace('http', 'ws'), { origin: 'http://evil.example' });
    const status = await new Promise<number>((resolve) => {
      fromPage.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      fromPage.once('open', () => resolve(101));
      fromPage.once('error', () => resolve(-1));
    });
    fromPage.terminate();
    expect(status).toBe(403);
  });

  it("funds the data folder's own accounts; anvil's well-known test key holds nothing", async () => {
    const balance = async (a: string) =>
      BigInt(((await rpc(devnet.publicUrl, call('eth_getBalance', [a, 'latest']))) as Answer).result as string);
    expect(await balance(WELL_KNOWN_ADDRESS)).toBe(0n);
    expect(devnet.accounts.wallet(0).address).not.toBe(WELL_KNOWN_ADDRESS);
    for (const w of devnet.accounts.wallets()) expect(await balance(w.address)).toBe(10_000n * 10n ** 18n);
  });
});
