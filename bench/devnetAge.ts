/**
 * The bundled devnet growing old (issue #38, defect 7): anvil as the product starts it, a block a
 * second, with the traffic generator's mix, for `AGE_BLOCKS` blocks (8,640 = a day of the
 * default 10-second blocks). Meanwhile it probes anvil as the API's node-health check does
 * (eth_blockNumber every `AGE_PROBE_MS`, a 1.5 s time-out) and samples the state file's size and
 * anvil's memory. At the end: SIGTERM (the last dump, timed), a restart on the same data (timed,
 * the head kept) and the probes again.
 *
 * `AGE_INTERVAL` (s between dumps), `AGE_KEEP` (blocks whose transactions are kept, 0 = all) and
 * `AGE_HISTORICAL=1` (dump historical states) pick anvil's settings; unset = the product's.
 * `AGE_HISTORICAL=1 AGE_INTERVAL=5 AGE_KEEP=0` are the settings before the fix.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEVNET_KEEP_BLOCKS_DEFAULT, DEVNET_STATE_INTERVAL_DEFAULT, startDevnet, type Devnet } from '../server/chain/devnet';
import { RpcClient } from '../server/chain/rpc';
import { TrafficGenerator } from '../server/chain/traffic';

const BLOCKS = Number(process.env.AGE_BLOCKS ?? 600);
const PROBE_MS = Number(process.env.AGE_PROBE_MS ?? 500);
const settings = {
  stateIntervalSec: Number(process.env.AGE_INTERVAL ?? DEVNET_STATE_INTERVAL_DEFAULT),
  keepBlocks: Number(process.env.AGE_KEEP ?? DEVNET_KEEP_BLOCKS_DEFAULT),
  historicalStates: process.env.AGE_HISTORICAL === '1',
  ...(process.env.AGE_PRUNE ? { pruneHistory: Number(process.env.AGE_PRUNE) } : {}),
};
const PROBE_TIMEOUT_MS = 1_500;

const log = (m: string) => console.log(`${new Date().toISOString().slice(11, 19)} ${m}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function probe(url: string): Promise<{ ms: number; head: number | null }> {
  const t0 = performance.now();
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    const body = (await res.json()) as { result?: string };
    return { ms: performance.now() - t0, head: body.result ? Number(BigInt(body.result)) : null };
  } catch {
    return { ms: performance.now() - t0, head: null };
  }
}

const rssMb = (pid: number | undefined) => {
  try {
    const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : null;
  } catch {
    return null;
  }
};
const sizeMb = (file: string) => {
  try {
    return Math.round(fs.statSync(file).size / 1e5) / 10;
  } catch {
    return 0;
  }
};
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!) : 0;
};

interface Window {
  from: number;
  latencies: number[];
  timeouts: number;
  /** Two time-outs in a row: what opens the API's node breaker (FAILURES_TO_OPEN). */
  breakerOpens: number;
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ruby-devnet-age-'));
  log(`devnet age: ${BLOCKS} blocks a second apart, ${JSON.stringify(settings)}, data ${dir}`);
  const start = () => startDevnet({ dataDir: dir, port: 0, chainId: 18215, blockTime: 1, ...settings, log });
  let devnet: Devnet = await start();
  const traffic = new TrafficGenerator({
    rpcUrl: devnet.url,
    accounts: devnet.accounts,
    seed: 18215,
    cacheDir: path.join(dir, 'cache'),
    stateFile: path.join(dir, 'devnet', 'traffic.json'),
  });
  await traffic.setup();
  traffic.start();
  const windows: Window[] = [];
  const tenth = Math.max(1, Math.floor(BLOCKS / 10));
  let head = 0;
  let lastTimeout = false;
  let current: Window = { from: 0, latencies: [], timeouts: 0, breakerOpens: 0 };
  const t0 = Date.now();
  let lastSample = 0;
  while (head < BLOCKS) {
    const p = await probe(devnet.url);
    if (p.head === null) {
      current.timeouts++;
      if (lastTimeout) current.breakerOpens++;
      lastTimeout = true;
    } else {
      current.latencies.push(p.ms);
      head = p.head;
      lastTimeout = false;
    }
    if (Math.floor(head / tenth) > Math.floor(current.from / tenth) || head >= BLOCKS) {
      windows.push(current);
      const w = current;
      log(
        `blocks ${w.from}-${head}: probe p50 ${pct(w.latencies, 50)} ms, p99 ${pct(w.latencies, 99)} ms, max ${pct(w.latencies, 100)} ms, ` +
          `${w.timeouts} time-outs, ${w.breakerOpens} breaker openings; state ${sizeMb(devnet.stateFile)} MB, anvil ${rssMb(devnet.pid)} MB`,
      );
      current = { from: head, latencies: [], timeouts: 0, breakerOpens: 0 };
    }
    if (Date.now() - lastSample > 60_000) {
      lastSample = Date.now();
      log(`block ${head}: state ${sizeMb(devnet.stateFile)} MB, anvil ${rssMb(devnet.pid)} MB`);
    }
    await sleep(PROBE_MS);
  }
  const minutes = (Date.now() - t0) / 60_000;
  await traffic.stop();
  const rpc = new RpcClient(devnet.url);
  const before = Number(BigInt(await rpc.call<string>('eth_blockNumber', [])));
  const s0 = Date.now();
  await devnet.stop({ killAfterMs: 60_000 });
  const stopMs = Date.now() - s0;
  const stateMb = sizeMb(devnet.stateFile);
  const r0 = Date.now();
  devnet = await start();
  const restartMs = Date.now() - r0;
  const after = Number(BigInt(await new RpcClient(devnet.url).call<string>('eth_blockNumber', [])));
  const latencies: number[] = [];
  for (let i = 0; i < 20; i++) {
    latencies.push((await probe(devnet.url)).ms);
    await sleep(PROBE_MS);
  }
  await devnet.stop();
  const all = windows.flatMap((w) => w.latencies);
  const first = windows[0]!;
  const last = windows[windows.length - 1]!;
  log(
    `summary: ${BLOCKS} blocks in ${minutes.toFixed(1)} min; probe p50/p99/max first tenth ${pct(first.latencies, 50)}/${pct(first.latencies, 99)}/${pct(first.latencies, 100)} ms, ` +
      `last tenth ${pct(last.latencies, 50)}/${pct(last.latencies, 99)}/${pct(last.latencies, 100)} ms, all ${pct(all, 50)}/${pct(all, 99)}/${pct(all, 100)} ms; ` +
      `${windows.reduce((n, w) => n + w.timeouts, 0)} time-outs, ${windows.reduce((n, w) => n + w.breakerOpens, 0)} breaker openings; ` +
      `state file ${stateMb} MB; SIGTERM dump ${stopMs} ms; restart ${restartMs} ms, head ${before} → ${after}; probes after restart p50 ${pct(latencies, 50)} ms`,
  );
  fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
