import { TEST_MNEMONIC } from '../helpers/devKeys';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { NO_TRACES_NOTICE, probeCapabilities } from '../../server/chain/capabilities';
import { startDevnet, type Devnet } from '../../server/chain/devnet';
import { RpcClient, RpcError } from '../../server/chain/rpc';
import { startPlainNode, type PlainNode } from '../helpers/plainNode';

let devnet: Devnet;
let plain: PlainNode;
let dir: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ruby-caps-'));
  devnet = await startDevnet({ dataDir: dir, mnemonic: TEST_MNEMONIC, port: 0, chainId: 18215, blockTime: 0 });
  // 1,200 blocks: the probe's old block (head - 1,000) is then beyond the proxy's 128.
  await new RpcClient(devnet.url).call('anvil_mine', ['0x4b0']);
  plain = await startPlainNode({ upstream: devnet.url });
}, 120_000);

afterAll(async () => {
  await plain?.close();
  await devnet?.stop();
  await fs.rm(dir, { recursive: true, force: true });
});

it('the devnet offers everything', async () => {
  const c = await probeCapabilities(new RpcClient(devnet.url, { retries: 0 }));
  expect(c).toMatchObject({
    traceBlock: true,
    debugTrace: true,
    blockReceipts: true,
    txpool: true,
    oldState: true,
    subscribe: true,
    missing: [],
  });
});

it('the plain-node proxy offers none of it, in plain words', async () => {
  const rpc = new RpcClient(plain.url, { retries: 0 });
  const c = await probeCapabilities(rpc);
  expect(c).toMatchObject({ traceBlock: false, debugTrace: false, blockReceipts: false, txpool: false, oldState: false, subscribe: false });
  expect(c.missing[0]).toBe(NO_TRACES_NOTICE);
  expect(c.missing).toHaveLength(5);
  // A batch is answered element by element: the refused call fails alone.
  const out = await rpc.batchSettled([
    { method: 'eth_blockNumber', params: [] },
    { method: 'trace_block', params: ['0x1'] },
    { method: 'eth_getBalance', params: ['0x0000000000000000000000000000000000000000', '0x1'] },
  ]);
  expect(out[0]?.ok).toBe(true);
  expect(out[1]?.ok === false && out[1].error.code).toBe(-32601);
  expect(out[2]?.ok === false && out[2].error instanceof RpcError && /missing trie node/.test(out[2].error.message)).toBe(true);
});

it('an unreachable node is not a missing capability', async () => {
  await expect(probeCapabilities(new RpcClient('http://127.0.0.1:9', { retries: 0 }))).rejects.toThrow(/unreachable/);
});
