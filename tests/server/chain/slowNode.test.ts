/**
 * A slow node is not a dead node. A real devnet behind a small HTTP relay that holds answers back
 * 2–4 s for a while (the spikes a loaded machine gives anvil), with the product's breaker and its
 * route client (NodeHealth + GuardedRpcClient, the product's settings): during the spikes the node
 * is slow (pages serve last-known values), never down; no read fails; a write sent in a spike is
 * relayed and mined. Then the relay stops answering at all: the same breaker calls it down.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet, type Devnet } from '../../../server/chain/devnet';
import { GuardedRpcClient, NodeHealth, NodeUnavailableError } from '../../../server/chain/nodeHealth';
import { SILENT_MIN_MS } from '../../../server/chain/nodeSilence';
import { TEST_MNEMONIC, devWallet } from '../../helpers/devKeys';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let dir = '';
let devnet: Devnet;
let relay: http.Server;
let relayUrl = '';
/** The relay's behaviour: pass answers through, hold each back `delays[i % n]` ms, or never answer. */
let mode: { kind: 'pass' } | { kind: 'spike'; delays: number[] } | { kind: 'silent' } = { kind: 'pass' };
let relayed = 0;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ruby-slow-'));
  devnet = await startDevnet({ dataDir: dir, mnemonic: TEST_MNEMONIC, port: 0, chainId: 18215, blockTime: 0, persist: false });
  relay = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const now = mode;
      if (now.kind === 'silent') return; // the connection stays open, no answer ever comes
      const delay = now.kind === 'spike' ? (now.delays[relayed % now.delays.length] ?? 0) : 0;
      relayed += 1;
      void fetch(devnet.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.concat(chunks) })
        .then((r) => r.text())
        .then(async (text) => {
          await sleep(delay);
          res.writeHead(200, { 'content-type': 'application/json' }).end(text);
        })
        .catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  relayUrl = `http://127.0.0.1:${(relay.address() as AddressInfo).port}`;
});

afterAll(async () => {
  relay?.closeAllConnections();
  await new Promise<void>((resolve) => (relay ? relay.close(() => resolve()) : resolve()));
  await devnet?.stop();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('a node that answers late', () => {
  it('is slow, never down, through 2–4 s spikes; reads and a write go through; silence still calls it down', async () => {
    const logs: string[] = [];
    const health = new NodeHealth(relayUrl, { log: (m) => logs.push(m) }).start();
    // The product's route client: one retry, a 10 s time-out (server/api/server.ts).
    const client = new GuardedRpcClient(relayUrl, { retries: 1, timeoutMs: 10_000 }, health);
    let sawSlow = false;
    let sawDown = false;
    const watcher = setInterval(() => {
      sawSlow ||= health.doubtful && health.reachable;
      sawDown ||= !health.reachable;
    }, 50);
    try {
      expect(await client.call<string>('eth_chainId')).toBe('0x4727');
      mode = { kind: 'spike', delays: [2_000, 3_000, 4_000, 2_500, 3_500] };
      const wallet = devWallet(3);
      const signed = await wallet.signTransaction({
        to: devWallet(4).address,
        value: 10n ** 15n,
        nonce: 0,
        gasLimit: 21_000,
        maxFeePerGas: 10n ** 10n,
        maxPriorityFeePerGas: 10n ** 9n,
        chainId: 18215,
        type: 2,
      });
      const started = Date.now();
      const reads: Promise<unknown>[] = [];
      const write = client.call<string>('eth_sendRawTransaction', [signed]);
      // 20 s of a read every 2.5 s, each held back 2–4 s, as are the probe's own answers: an API
      // with few visitors, where the probe is most of what talks to the node (with many, their
      // answers alone would keep a time-out-counting breaker closed).
      while (Date.now() - started < 20_000) {
        reads.push(client.call<string>('eth_blockNumber'));
        await sleep(2_500);
      }
      const outcomes = await Promise.allSettled([write, ...reads]);
      const failed = outcomes.filter((o) => o.status === 'rejected');
      const snap = health.snapshot();
      console.log(
        `slowNode: ${outcomes.length} calls over 20 s of 2–4 s spikes, ${failed.length} failed; slow seen ${sawSlow}, down seen ${sawDown}; latency median ${snap.latency?.medianMs} ms, slowest ${snap.latency?.slowestMs} ms`,
      );
      expect(failed).toEqual([]);
      expect(sawSlow).toBe(true);
      expect(sawDown).toBe(false);
      expect(logs.filter((l) => l.startsWith('node: not answering'))).toEqual([]);
      mode = { kind: 'pass' };
      const hash = await write;
      const receipt = await client.call<{ status: string } | null>('eth_getTransactionReceipt', [hash]);
      expect(receipt?.status).toBe('0x1');

      // No answer at all: called down once silent past the limit (3 × the slowest recent answer, ≥ 6 s).
      mode = { kind: 'silent' };
      const limit = Math.max(SILENT_MIN_MS, 3 * (health.snapshot().latency?.slowestMs ?? 0));
      const t0 = Date.now();
      const waiting = await client.call('eth_blockNumber').then(
        () => null,
        (err: unknown) => err,
      );
      const released = Date.now() - t0;
      console.log(`slowNode: silent relay called down after ${released} ms (limit ${limit} ms)`);
      expect(waiting).toBeInstanceOf(NodeUnavailableError);
      expect(released).toBeGreaterThanOrEqual(SILENT_MIN_MS - 500);
      // Answers to calls of the spike still arrive up to 4 s into the silence and restart it.
      expect(released).toBeLessThan(limit + 4_000 + 3_000);
      mode = { kind: 'pass' };
    } finally {
      clearInterval(watcher);
      mode = { kind: 'pass' };
      health.close();
    }
  }, 90_000);
});
