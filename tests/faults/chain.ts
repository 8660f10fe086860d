/**
 * The fault suite's chain: a devnet the test owns (blocks mined only when the test says, so the
 * chain is where the test wants it when it compares) with the traffic generator's transactions.
 * The compiled sample contracts are cached across the suite's files (one solc run, not five).
 */
import { TEST_MNEMONIC } from '../helpers/devKeys';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startDevnet, type Devnet } from '../../server/chain/devnet';
import { RpcClient } from '../../server/chain/rpc';
import { TrafficGenerator } from '../../server/chain/traffic';
import { TEST_COMPILE_CACHE_DIR } from '../helpers/compileCache';

export interface FaultChain {
  devnet: Devnet;
  rpc: RpcClient;
  dir: string;
  head(): Promise<number>;
  /** `n` blocks, each with one step of traffic (several transactions of every kind). */
  grow(n: number): Promise<void>;
  /** `n` empty blocks in one call (anvil_mine): a longer catch-up at little cost. */
  mineEmpty(n: number): Promise<void>;
  stop(): Promise<void>;
}

export async function startFaultChain(seed: number, initialBlocks: number): Promise<FaultChain> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ruby-faults-'));
  const devnet = await startDevnet({ dataDir: dir, mnemonic: TEST_MNEMONIC, port: 0, chainId: 18215, blockTime: 0, persist: false });
  const rpc = new RpcClient(devnet.url, { retries: 1, backoffMs: 50 });
  await rpc.call('evm_setAutomine', [false]);
  const traffic = new TrafficGenerator({ rpcUrl: devnet.url, accounts: devnet.accounts, seed, cacheDir: TEST_COMPILE_CACHE_DIR });
  await traffic.setup();
  const head = async () => Number(BigInt(await rpc.call<string>('eth_blockNumber')));
  const grow = async (n: number) => {
    for (let i = 0; i < n; i++) {
      await traffic.step();
      await rpc.call('evm_mine', []);
    }
  };
  await grow(initialBlocks);
  return {
    devnet,
    rpc,
    dir,
    head,
    grow,
    mineEmpty: async (n) => {
      await rpc.call('anvil_mine', [`0x${n.toString(16)}`]);
    },
    stop: async () => {
      await devnet.stop();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Polls `ok` every `everyMs` until it holds; throws with `what()` after `timeoutMs`. */
export async function waitFor(ok: () => Promise<boolean>, timeoutMs: number, what: () => string, everyMs = 200): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await ok().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms: ${what()}`);
    await sleep(everyMs);
  }
}

/**
 * Blocks added between two kills: enough that the restarted indexer needs many batches (of 3) to
 * catch up, so the kill right after its first new commit lands mid-catch-up even on a fast machine.
 */
export const GROWTH_PER_KILL = 30;
/** How often a kill test looks for the first new commit: well under one batch's time. */
export const KILL_POLL_MS = 10;
/** A kill waits for 1 to this many more indexed blocks (random), well short of GROWTH_PER_KILL. */
export const KILL_SPREAD_BLOCKS = 12;
