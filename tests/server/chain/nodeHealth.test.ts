/**
 * The breaker in front of the node (server/chain/nodeHealth.ts) against a real devnet stopped
 * with SIGSTOP: a call already waiting is released when the node is called down (silent past the
 * limit, not after its 2 × 10 s of time-outs), later calls fail at once without touching the network, and the first
 * answered probe after SIGCONT closes the breaker again.
 */
import { TEST_MNEMONIC } from '../../helpers/devKeys';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet, type Devnet } from '../../../server/chain/devnet';
import { GuardedRpcClient, NodeHealth, NodeUnavailableError } from '../../../server/chain/nodeHealth';
import { SILENT_MIN_MS } from '../../../server/chain/nodeSilence';
import { RpcError } from '../../../server/chain/rpc';
import { continueProcess, stopProcess } from '../../helpers/stopProcess';

let dir = '';
let devnet: Devnet;
let stopped = false;

function resume(): void {
  if (stopped && devnet?.pid !== undefined) continueProcess(devnet.pid);
  stopped = false;
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ruby-health-'));
  devnet = await startDevnet({ dataDir: dir, mnemonic: TEST_MNEMONIC, port: 0, chainId: 18215, blockTime: 0, persist: false });
});

afterAll(async () => {
  resume();
  await devnet?.stop();
  await fs.rm(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(ok: () => boolean, timeoutMs: number): Promise<number> {
  const start = Date.now();
  while (!ok()) {
    if (Date.now() - start > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await sleep(50);
  }
  return Date.now() - start;
}

describe('NodeHealth and GuardedRpcClient', () => {
  it('releases a waiting call when the node is called down, fails fast while down, and closes on the first answered probe', async () => {
    const logs: string[] = [];
    const health = new NodeHealth(devnet.url, { log: (m) => logs.push(m) }).start();
    const client = new GuardedRpcClient(devnet.url, { retries: 1, timeoutMs: 10_000 }, health);
    try {
      await until(() => health.snapshot().probedAt !== null, 10_000);
      expect(health.snapshot()).toMatchObject({ reachable: true, downSince: null, head: 0 });
      expect(await client.call<string>('eth_chainId')).toBe('0x4727');

      stopped = true;
      await stopProcess(devnet.pid as number);
      const t0 = Date.now();
      const waiting = await client.call('eth_blockNumber').then(
        () => null,
        (err: unknown) => err,
      );
      const released = Date.now() - t0;
      expect(waiting).toBeInstanceOf(NodeUnavailableError);
      // Silent past the limit (no answer to anything since the call was sent), far below the
      // client's own 2 × 10 s of time-outs.
      expect(released).toBeLessThan(SILENT_MIN_MS + 3_000);
      const snap = health.snapshot();
      expect(snap.reachable).toBe(false);
      expect(snap.downSince).toBeGreaterThanOrEqual(t0);
      expect(snap.lastError).toMatch(/no answer for/);

      const times: number[] = [];
      for (let i = 0; i < 20; i++) {
        const t = performance.now();
        await expect(client.call('eth_getBalance', ['0x0000000000000000000000000000000000000001', 'latest'])).rejects.toBeInstanceOf(
          NodeUnavailableError,
        );
        times.push(performance.now() - t);
      }
      console.log(
        `nodeHealth: waiting call released ${released} ms after SIGSTOP; 20 calls while down: max ${Math.max(...times).toFixed(2)} ms`,
      );
      expect(Math.max(...times)).toBeLessThan(50);

      resume();
      const back = await until(() => health.reachable, 10_000);
      console.log(`nodeHealth: reachable again ${back} ms after SIGCONT`);
      expect(health.snapshot().downSince).toBeNull();
      expect(await client.call<string>('eth_chainId')).toBe('0x4727');
      expect(logs.some((l) => l.startsWith('node: not answering'))).toBe(true);
      expect(logs.some((l) => l.startsWith('node: answering again'))).toBe(true);
    } finally {
      resume();
      health.close();
    }
  });

  it('counts a JSON-RPC error answer as the node being there', async () => {
    const health = new NodeHealth(devnet.url);
    const client = new GuardedRpcClient(devnet.url, { retries: 0 }, health);
    try {
      await expect(client.call('no_suchMethod')).rejects.toBeInstanceOf(RpcError);
      expect(health.snapshot()).toMatchObject({ reachable: true, lastError: null });
      expect(health.snapshot().lastOkAt).not.toBeNull();
    } finally {
      health.close();
    }
  });

  it('stops probing once closed', async () => {
    const health = new NodeHealth(devnet.url, { probeIntervalMs: 200 }).start();
    await until(() => health.snapshot().probedAt !== null, 10_000);
    health.close();
    await sleep(300);
    const last = health.snapshot().probedAt;
    await sleep(800);
    expect(health.snapshot().probedAt).toBe(last);
  });
});
