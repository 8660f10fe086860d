/**
 * Indexer catch-up benchmark: seeds a fresh devnet with at least BENCH_TXS transactions (default
 * 20,000) from the traffic generator, then in the same run measures (1) the raw speed of fetching
 * the same blocks with their receipts over JSON-RPC and (2) the indexer's catch-up from block 0
 * with everything it stores, on PostgreSQL (when reachable) and PGlite. Prints blocks/s, tx/s
 * and the ratio to the raw rate. Run: npx tsx bench/indexer.ts
 */
import fs from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Session } from 'node:inspector/promises';
import { RpcClient, toHexQuantity } from '../server/chain/rpc';
import { startDevnet } from '../server/chain/devnet';
import { TrafficGenerator } from '../server/chain/traffic';
import { openDatabase } from '../server/db/database';
import { Indexer } from '../server/indexer/indexer';
import { startIndexerWorker } from '../server/indexer/runWorker';

const target = Number(process.env.BENCH_TXS ?? 20_000);
const only = process.env.BENCH_DB; // 'pg' or 'pglite' to run one
const pgAdmin = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// The indexer runs on a worker thread, as in the product; BENCH_INPROCESS=1 (or BENCH_PROFILE)
// runs it on this thread instead, with the stage timings and an optional CPU profile.
const inProcess = process.env.BENCH_INPROCESS === '1' || !!process.env.BENCH_PROFILE;
// BENCH_PIN=1 (Linux, taskset): after seeding, anvil gets the first half of the cores and this
// process and PostgreSQL's the other half, as when the node runs on a machine of its own. Both the
// raw fetch and the indexer are then measured against a node that does not share their CPU.
const pin = process.env.BENCH_PIN === '1';

async function main(): Promise<void> {
  // Always a freshly seeded devnet: one reloaded from its state file has no traces (anvil does not save them)
  // and a new genesis hash, so it would measure less work than a real catch-up.
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ruby-bench-'));
  const devnet = await startDevnet({ dataDir: dir, port: 0, chainId: 18215, blockTime: 0, persist: false });
  const rpc = new RpcClient(devnet.url);
  let unpin = () => {};
  try {
    await rpc.call('evm_setAutomine', [false]);
    const traffic = new TrafficGenerator({ rpcUrl: devnet.url, accounts: devnet.accounts, seed: 1, cacheDir: path.join(dir, 'cache') });
    await traffic.setup();
    let sent = 0;
    const t0 = Date.now();
    while (sent < target) {
      // Several steps per block: bigger blocks, as on a busy chain.
      for (let i = 0; i < 4; i++) sent += (await traffic.step()).length;
      await rpc.call('evm_mine', []);
    }
    const head = Number(BigInt(await rpc.call<string>('eth_blockNumber')));
    console.log(`seeded ${sent} tx in ${head + 1} blocks in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    if (pin) unpin = pinCores(devnet.pid);

    const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
    const admin = new pg.Client({ connectionString: pgAdmin });
    let pgOk = only !== 'pglite';
    if (pgOk)
      await admin.connect().catch(() => {
        pgOk = false;
        console.log('PostgreSQL not reachable: skipped');
      });
    const kinds = [...(pgOk ? ['PostgreSQL'] : []), ...(only === 'pg' ? [] : ['PGlite'])];
    const summary: string[] = [];
    for (const kind of kinds) {
      const ratios: number[] = [];
      const rates: number[] = [];
      const raws: number[] = [];
      // Interleaved: each round measures the raw fetch right before the indexer, so both see the
      // same machine load; the figure quoted is the median ratio.
      for (let round = 1; round <= rounds; round++) {
        const raw = await timeRawFetch(rpc, head);
        let url: string | null = null;
        let drop = async () => {};
        const dataDir = kind === 'PGlite' ? path.join(dir, `pglite-${round}`) : null;
        if (kind === 'PostgreSQL') {
          const name = `ruby_bench_${Date.now()}`;
          await admin.query(`CREATE DATABASE ${name}`);
          const u = new URL(pgAdmin);
          u.pathname = `/${name}`;
          url = u.toString();
          drop = async () => {
            await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
          };
        }
        const settings = {
          batchSize: Number(process.env.BENCH_BATCH ?? 50),
          batchTxs: Number(process.env.BENCH_BATCH_TXS ?? 500),
          concurrency: Number(process.env.BENCH_CONCURRENCY ?? 3),
        };
        const log = (m: string) => {
          if (process.env.BENCH_LOG) console.log(m);
        };
        let secs: number;
        let cpu: string;
        let tm = '';
        if (inProcess) {
          const database = await openDatabase({ databaseUrl: url, dataDir });
          const indexer = new Indexer({ rpc, db: database.db, ...settings, log });
          await indexer.init();
          const profiler = process.env.BENCH_PROFILE ? await startProfile() : null;
          const cpu0 = cpuByProcess();
          const s = Date.now();
          await indexer.runOnce();
          secs = (Date.now() - s) / 1000;
          if (profiler) await profiler.stop(path.join(process.env.BENCH_PROFILE as string, `indexer-${kind}-${round}.cpuprofile`));
          cpu = cpuDelta(cpu0, cpuByProcess());
          await database.close();
          tm = `; stages: ${Object.entries(indexer.timings)
            .map(([k, v]) => `${k} ${(v / 1000).toFixed(1)} s`)
            .join(', ')}`;
        } else {
          // As the product runs it: the indexer on its own thread, with that thread's heap settings.
          const handle = await startIndexerWorker(
            { rpcUrl: devnet.url, databaseUrl: url, dataDir, indexerEnabled: true, indexer: { startBlock: 0, pollMs: 500, ...settings } },
            log,
          );
          const cpu0 = cpuByProcess();
          const s = Date.now();
          await new Promise<void>((resolve) =>
            handle.onBatch((e) => {
              if (e.to >= head) resolve();
            }),
          );
          secs = (Date.now() - s) / 1000;
          cpu = cpuDelta(cpu0, cpuByProcess());
          await handle.stop();
        }
        await drop();
        const txps = raw.txs / secs;
        ratios.push(txps / raw.txPerSec);
        rates.push(txps);
        raws.push(raw.txPerSec);
        console.log(
          `${kind} round ${round}: raw fetch ${raw.txPerSec.toFixed(0)} tx/s; indexer ${txps.toFixed(0)} tx/s (${((txps / raw.txPerSec) * 100).toFixed(0)}%)${tm}; CPU s: ${cpu}; raw fetch CPU s: ${raw.cpu}`,
        );
      }
      summary.push(`| ${kind} | ${median(raws).toFixed(0)} | ${median(rates).toFixed(0)} | ${(median(ratios) * 100).toFixed(0)}% |`);
    }
    console.log(
      `\n${benchHeader(sent, head)}\n| database | raw fetch tx/s (median) | indexer tx/s (median) | median ratio |\n|---|---|---|---|\n${summary.join('\n')}`,
    );
    await admin.end().catch(() => {});
  } finally {
    unpin();
    await devnet.stop();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** BENCH_PROFILE=dir: a V8 CPU profile of this process during each indexer run (not the seeding). */
async function startProfile(): Promise<{ stop: (file: string) => Promise<void> }> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    stop: async (file) => {
      const { profile } = await session.post('Profiler.stop');
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}

function benchHeader(txs: number, head: number): string {
  return `${txs} transactions in ${head + 1} blocks, ${os.cpus().length} cores${pin ? ', anvil pinned apart from the indexer and PostgreSQL' : ''}`;
}

/**
 * Pins anvil to the first half of the cores and this process (with its worker threads) and every
 * PostgreSQL process to the rest; returns what puts PostgreSQL back on all of them.
 */
function pinCores(anvilPid: number | undefined): () => void {
  const n = os.cpus().length;
  if (n < 2 || anvilPid === undefined) throw new Error("BENCH_PIN needs 2 cores or more and anvil's pid");
  const half = Math.floor(n / 2);
  const list = (a: number, b: number) => Array.from({ length: b - a }, (_, i) => a + i).join(',');
  const nodeCores = list(half, n);
  const taskset = (cores: string, pid: number) => execFileSync('taskset', ['-a', '-cp', cores, String(pid)], { stdio: 'ignore' });
  taskset(list(0, half), anvilPid);
  taskset(nodeCores, process.pid);
  const postgres = () =>
    readdirSafe('/proc').filter((pid) => {
      try {
        return /^\d+$/.test(pid) && readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
      } catch {
        return false;
      }
    });
  let pinnedPg = 0;
  for (const pid of postgres()) {
    try {
      taskset(nodeCores, Number(pid));
      pinnedPg++;
    } catch {
      /* not ours to pin: measured unpinned */
    }
  }
  console.log(`pinned: anvil on cores ${list(0, half)}; this process and ${pinnedPg} postgres processes on ${nodeCores}`);
  return () => {
    for (const pid of postgres()) {
      try {
        taskset(list(0, n), Number(pid));
      } catch {
        /* gone meanwhile */
      }
    }
  };
}

/** CPU seconds (user + system) used so far by anvil, all postgres processes and this process. */
function cpuByProcess(): Record<string, number> {
  const tick = 100; // USER_HZ on Linux
  const out: Record<string, number> = { anvil: 0, postgres: 0 };
  for (const pid of readdirSafe('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue;
    }
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const secs = (Number(f[11]) + Number(f[12])) / tick;
    if (comm === 'anvil') out.anvil = (out.anvil ?? 0) + secs;
    else if (comm === 'postgres') out.postgres = (out.postgres ?? 0) + secs;
  }
  const u = process.cpuUsage();
  out.node = (u.user + u.system) / 1e6;
  return out;
}

function readdirSafe(d: string): string[] {
  try {
    return readdirSync(d);
  } catch {
    return [];
  }
}

function cpuDelta(a: Record<string, number>, b: Record<string, number>): string {
  // postgres backends that exited in between are lost from the sum: a floor, not an exact figure
  return Object.keys(b)
    .map((k) => `${k} ${Math.max(0, (b[k] ?? 0) - (a[k] ?? 0)).toFixed(1)}`)
    .join(', ');
}

async function timeRawFetch(rpc: RpcClient, head: number) {
  const cpu0 = cpuByProcess();
  const s = Date.now();
  let txs = 0;
  const ranges: number[][] = [];
  for (let a = 0; a <= head; a += 50) ranges.push(Array.from({ length: Math.min(50, head - a + 1) }, (_, i) => a + i));
  let next = 0;
  const worker = async () => {
    while (next < ranges.length) {
      const nums = ranges[next++] as number[];
      const [blocks] = await Promise.all([
        rpc.batch<{ transactions: unknown[] }>(nums.map((n) => ({ method: 'eth_getBlockByNumber', params: [toHexQuantity(n), true] }))),
        rpc.batch(nums.map((n) => ({ method: 'eth_getBlockReceipts', params: [toHexQuantity(n)] }))),
      ]);
      for (const b of blocks) txs += b.transactions.length;
    }
  };
  await Promise.all([worker(), worker(), worker()]);
  const secs = (Date.now() - s) / 1000;
  const cpu = cpuDelta(cpu0, cpuByProcess());
  return { cpu, txs, blocksPerSec: (head + 1) / secs, txPerSec: txs / secs };
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
