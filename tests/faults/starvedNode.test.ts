/**
 * Fault: a CPU-starved node. anvil is put in a cgroup (v1 `cpu` controller) that lets it run
 * 3 ms in every second, while the API serves reads that ask the node, relays signed
 * transactions, and blocks are mined with traffic. The node answers, late: the API must never
 * call it down nor answer 503, every write must be accepted and mined. Runs where the cgroup
 * controller is writable (CI's machine, as root); elsewhere it says why it did not run.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/database';
import { startIndexedChain, type IndexedChain, type TestApi } from '../helpers/apiFixture';
import { devWallet } from '../helpers/devKeys';
import { Wallet } from 'ethers';
import { apiPaths } from '../../common/api/paths';
import { sleep } from './chain';

const CPU_ROOT = '/sys/fs/cgroup/cpu';
const GROUP = path.join(CPU_ROOT, `ruby-starved-${process.pid}`);
const STARVED_MS = 40_000;

function canStarve(): boolean {
  try {
    fs.mkdirSync(GROUP);
    fs.writeFileSync(path.join(GROUP, 'cpu.cfs_period_us'), '1000000');
    fs.writeFileSync(path.join(GROUP, 'cpu.cfs_quota_us'), '3000');
    return true;
  } catch {
    return false;
  }
}

function release(pid: number | undefined): void {
  if (pid === undefined || !fs.existsSync(GROUP)) return;
  try {
    fs.writeFileSync(path.join(CPU_ROOT, 'cgroup.procs'), String(pid));
  } catch {
    // The process is gone already.
  }
  try {
    fs.rmdirSync(GROUP);
  } catch {
    // Still holds a process that is ending; the system removes nothing else.
  }
}

const available = canStarve();
let chain: IndexedChain;
let database: Database;
let api: TestApi;

beforeAll(async () => {
  if (!available) return;
  chain = await startIndexedChain({ steps: 4, seed: 23 });
  database = await openDatabase({ databaseUrl: null, dataDir: null });
  api = await chain.api(database);
}, 180_000);

afterAll(async () => {
  release(chain?.devnet.pid);
  await api?.close();
  await database?.close();
  await chain?.stop();
}, 60_000);

interface StatusAnswer {
  result: { node: { reachable: boolean } };
}

it.runIf(available)(
  'a starved node answers late: no 503, never called down, every write relayed and mined',
  async () => {
    const pid = chain.devnet.pid;
    if (pid === undefined) throw new Error('no anvil pid');
    const [somebody] = await chain.rpc.call<string[]>('eth_accounts');
    fs.writeFileSync(path.join(GROUP, 'cgroup.procs'), String(pid));
    const t0 = Date.now();
    const statuses = new Map<number, number>();
    const latencies: number[] = [];
    let down = 0;
    const hashes: string[] = [];
    const refused: string[] = [];
    // A key of its own: the traffic generator sends from the dev accounts.
    const wallet = Wallet.createRandom();
    await chain.rpc.call('anvil_setBalance', [wallet.address, '0x56bc75e2d63100000']);
    let nonce = 0;
    try {
      const mining = (async () => {
        while (Date.now() - t0 < STARVED_MS) await api.mine();
      })();
      let i = 0;
      while (Date.now() - t0 < STARVED_MS) {
        const t = performance.now();
        const read = await api.get(apiPaths.balance(String(somebody)));
        latencies.push(performance.now() - t);
        statuses.set(read.statusCode, (statuses.get(read.statusCode) ?? 0) + 1);
        if (i % 3 === 0) {
          const signed = await wallet.signTransaction({
            to: devWallet(6).address,
            value: 10n ** 14n,
            nonce: nonce++,
            gasLimit: 21_000,
            maxFeePerGas: 10n ** 11n,
            maxPriorityFeePerGas: 10n ** 9n,
            chainId: 18215,
            type: 2,
          });
          const sent = await api.get<{ result?: string; error?: unknown }>(
            `${apiPaths.etherscan()}?module=proxy&action=eth_sendRawTransaction&hex=${signed}`,
          );
          statuses.set(sent.statusCode, (statuses.get(sent.statusCode) ?? 0) + 1);
          if (typeof sent.body.result === 'string') hashes.push(sent.body.result);
          else refused.push(JSON.stringify(sent.body).slice(0, 200));
        }
        const st = await api.get<StatusAnswer>(apiPaths.indexingStatus());
        if (!st.body.result.node.reachable) down += 1;
        i += 1;
        await sleep(250);
      }
      await mining;
    } finally {
      release(pid);
    }
    await api.mine();
    const receipts = await Promise.all(hashes.map((h) => chain.rpc.call<{ status: string } | null>('eth_getTransactionReceipt', [h])));
    const sorted = [...latencies].sort((a, b) => a - b);
    const at = (p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? NaN;
    const snap = api.ctx.nodeHealth.snapshot();
    console.log(
      `[faults] starved node (3 ms of CPU a second) for ${STARVED_MS / 1000} s: ${latencies.length} node-backed reads, statuses ${JSON.stringify(Object.fromEntries(statuses))}, read p50 ${at(0.5).toFixed(0)} ms, p95 ${at(0.95).toFixed(0)} ms, max ${at(1).toFixed(0)} ms; called down ${down} times; ${hashes.length} writes relayed, ${receipts.filter((r) => r?.status === '0x1').length} mined; node answers median ${snap.latency?.medianMs} ms, slowest ${snap.latency?.slowestMs} ms`,
    );
    expect(statuses.get(503) ?? 0).toBe(0);
    expect([...statuses.keys()]).toEqual([200]);
    expect(down).toBe(0);
    expect(refused).toEqual([]);
    expect(hashes.length).toBeGreaterThan(1);
    expect(receipts.every((r) => r?.status === '0x1')).toBe(true);
  },
  240_000,
);

it.skipIf(available)('needs a writable cgroup v1 cpu controller (run as root on a Linux machine with it)', () => {
  console.log(`[faults] starved node: not run, ${CPU_ROOT} is not writable here`);
});
