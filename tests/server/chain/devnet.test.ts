import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startDevnet, type Devnet } from '../../../server/chain/devnet';
import { anvilBinaryPath, anvilPackageName } from '../../../server/chain/anvilBinary';
import { RpcClient, hexToNumber } from '../../../server/chain/rpc';

const dirs: string[] = [];
const devnets: Devnet[] = [];

async function tempDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ruby-devnet-'));
  dirs.push(dir);
  return dir;
}

async function start(dataDir: string, blockTime = 0, port = 0): Promise<Devnet> {
  const d = await startDevnet({ dataDir, port, chainId: 18215, blockTime });
  devnets.push(d);
  return d;
}

async function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

afterEach(async () => {
  await Promise.all(devnets.splice(0).map((d) => d.stop()));
  await Promise.all(dirs.splice(0).map((d) => fs.rm(d, { recursive: true, force: true })));
});

describe('devnet', () => {
  it('finds the anvil binary of this platform', () => {
    expect(anvilBinaryPath()).toMatch(/anvil(\.exe)?$/);
    expect(anvilPackageName('linux', 'x64')).toBe('@foundry-rs/anvil-linux-amd64');
    expect(anvilPackageName('sunos', 'x64')).toBeNull();
  });

  it('answers chain id 18215 on a free port', async () => {
    const d = await start(await tempDir());
    expect(d.port).toBeGreaterThan(0);
    expect(d.url).toBe(`http://127.0.0.1:${d.port}`);
    const rpc = new RpcClient(d.url);
    expect(hexToNumber(await rpc.call<string>('eth_chainId'))).toBe(18215);
  });

  it('keeps block number and history across a stop and a start', async () => {
    const dir = await tempDir();
    const first = await start(dir);
    let rpc = new RpcClient(first.url);
    const [from, to] = await rpc.call<string[]>('eth_accounts');
    const txHash = await rpc.call<string>('eth_sendTransaction', [{ from, to, value: '0xde0b6b3a7640000' }]);
    await rpc.call('anvil_mine', ['0x4']);
    const head = hexToNumber(await rpc.call<string>('eth_blockNumber'));
    const block3 = await rpc.call<{ hash: string }>('eth_getBlockByNumber', ['0x3', false]);
    await first.stop();
    await expect(fs.stat(first.stateFile)).resolves.toBeTruthy();

    const second = await start(dir);
    rpc = new RpcClient(second.url);
    expect(hexToNumber(await rpc.call<string>('eth_blockNumber'))).toBe(head);
    expect((await rpc.call<{ hash: string }>('eth_getBlockByNumber', ['0x3', false])).hash).toBe(block3.hash);
    const tx = await rpc.call<{ from: string; to: string } | null>('eth_getTransactionByHash', [txHash]);
    expect(tx?.to?.toLowerCase()).toBe(to?.toLowerCase());
    // The chain goes on from there.
    await rpc.call('evm_mine');
    expect(hexToNumber(await rpc.call<string>('eth_blockNumber'))).toBe(head + 1);
  });

  it('stops cleanly, and stop is idempotent', async () => {
    const d = await start(await tempDir());
    expect(await listening(d.port)).toBe(true);
    await Promise.all([d.stop(), d.stop()]);
    await d.stop();
    const exit = await d.exited;
    // SIGTERM is anvil's cue to save its state and leave.
    expect(exit.signal === 'SIGTERM' || exit.code === 0).toBe(true);
    expect(await listening(d.port)).toBe(false);
  });

  it('mines on a timer when blockTime > 0', async () => {
    const d = await start(await tempDir(), 1);
    const rpc = new RpcClient(d.url);
    const deadline = Date.now() + 5_000;
    while (hexToNumber(await rpc.call<string>('eth_blockNumber')) < 1 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(hexToNumber(await rpc.call<string>('eth_blockNumber'))).toBeGreaterThanOrEqual(1);
  });

  it("reports anvil's own error when it cannot start", async () => {
    const blocker = net.createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      await expect(start(await tempDir(), 0, port)).rejects.toThrow(/in use/i);
    } finally {
      blocker.close();
    }
  });
});
