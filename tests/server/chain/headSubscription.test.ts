/**
 * Issue #17, live blocks: the node's newHeads subscription over WebSocket (server/chain/
 * headSubscription.ts) against a real anvil, and the frame reader it parses the stream with.
 */
import { TEST_MNEMONIC } from '../../helpers/devKeys';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startDevnet, type Devnet } from '../../../server/chain/devnet';
import { HeadSubscription } from '../../../server/chain/headSubscription';
import { RpcClient } from '../../../server/chain/rpc';
import { rpcCalls, send } from '../../../server/chain/rpcActions';
import { FrameReader, OPCODE } from '../../../server/chain/wsFrames';
import { wsTwin } from '../../../server/chain/wsProbe';

let dir = '';
let devnet: Devnet | null = null;

beforeAll(async () => {
  dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'ruby-heads-'));
  devnet = await startDevnet({ dataDir: dir, mnemonic: TEST_MNEMONIC, port: 0, chainId: 18216, blockTime: 0, persist: false });
}, 120_000);

afterAll(async () => {
  await devnet?.stop();
  if (dir) await fsp.rm(dir, { recursive: true, force: true });
}, 60_000);

async function until(cond: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('HeadSubscription', () => {
  it('announces every mined block, in order, within a few milliseconds of mining', async () => {
    const rpc = new RpcClient(devnet!.url);
    const heads: { n: number; at: number }[] = [];
    const sub = new HeadSubscription({ url: wsTwin(devnet!.url), onHead: (n) => heads.push({ n, at: Date.now() }) });
    sub.start();
    try {
      await until(() => sub.active, 10_000);
      const start = await send(rpc, rpcCalls.blockNumber());
      const lags: number[] = [];
      for (let i = 1; i <= 5; i++) {
        const before = Date.now();
        await send(rpc, rpcCalls.evmMine());
        await until(() => heads.some((h) => h.n === start + i), 5_000);
        lags.push((heads.find((h) => h.n === start + i)?.at ?? 0) - before);
      }
      expect(heads.map((h) => h.n)).toEqual([1, 2, 3, 4, 5].map((i) => start + i));
      // Pushed by the node, not polled: well under any poll interval even on a loaded machine.
      expect(Math.max(...lags)).toBeLessThan(400);
    } finally {
      sub.stop();
    }
    expect(sub.active).toBe(false);
  }, 60_000);

  it('logs once when no node listens, and subscribes once one does', async () => {
    const port = await freePort();
    const logs: string[] = [];
    const heads: number[] = [];
    const sub = new HeadSubscription({
      url: `ws://127.0.0.1:${port}`,
      onHead: (n) => heads.push(n),
      log: (m) => logs.push(m),
      retryMs: 100,
      maxRetryMs: 200,
    });
    sub.start();
    let second: Devnet | null = null;
    try {
      await until(() => logs.length > 0, 5_000);
      await new Promise((r) => setTimeout(r, 700)); // several retries meanwhile
      expect(logs).toHaveLength(1);
      expect(logs[0]).toMatch(/^newHeads: .*polling/);
      expect(sub.active).toBe(false);
      second = await startDevnet({
        dataDir: path.join(dir, 'second'),
        mnemonic: TEST_MNEMONIC,
        port,
        chainId: 18217,
        blockTime: 0,
        persist: false,
      });
      await until(() => sub.active, 15_000);
      expect(logs.at(-1)).toBe('newHeads: subscribed again');
      await send(new RpcClient(second.url), rpcCalls.evmMine());
      await until(() => heads.length > 0, 5_000);
      expect(heads[0]).toBe(1);
    } finally {
      sub.stop();
      await second?.stop();
    }
  }, 120_000);
});

describe('FrameReader', () => {
  const frame = (fin: boolean, opcode: number, text: string) => {
    const p = Buffer.from(text);
    return Buffer.concat([Buffer.from([(fin ? 0x80 : 0) | opcode, p.length]), p]);
  };

  it('joins fragments, passes control frames between them, and waits for bytes split anywhere', () => {
    const bytes = Buffer.concat([
      frame(false, OPCODE.text, '{"a":'),
      frame(true, OPCODE.ping, 'x'),
      frame(true, OPCODE.continuation, '1}'),
    ]);
    const reader = new FrameReader();
    const out = [];
    for (let i = 0; i < bytes.length; i += 3) out.push(...reader.push(bytes.subarray(i, i + 3)));
    expect(out.map((m) => [m.opcode, m.payload.toString()])).toEqual([
      [OPCODE.ping, 'x'],
      [OPCODE.text, '{"a":1}'],
    ]);
  });

  it('reads the 16-bit length form', () => {
    const text = 'y'.repeat(300);
    const bytes = Buffer.concat([Buffer.from([0x81, 126, 1, 44]), Buffer.from(text)]);
    expect(new FrameReader().push(bytes).map((m) => m.payload.toString())).toEqual([text]);
  });
});
