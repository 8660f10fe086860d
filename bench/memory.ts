/**
 * Memory of the all-in-one process (API + indexer + PGlite, as `npm start` runs it) after it has
 * indexed at least BENCH_TXS transactions (default 20,000): seeds a fresh devnet, starts the
 * built server as the last step of `npm start` does (same file, same node flags) against it
 * (RUBY_RPC_URL set: no traffic of its own; a fresh data folder: embedded PGlite), waits until
 * the indexer has caught up, requests the main pages a few hundred times, and reads the
 * process's resident memory from /proc (VmRSS, and VmHWM for the peak): at once after each of
 * those two steps, and again SETTLE_MS later, once the threads have gone idle and their idle
 * collectors (server/memory.ts) have run.
 * Target (bench/README.md, memory): ≤ 400 MB RSS after 20,000 transactions. Run: npm run build && npx tsx bench/memory.ts
 * (BENCH_DATABASE_URL=postgres://… measures the same process on PostgreSQL instead; INDEXER_*
 * variables pass through to the product).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { RpcClient } from '../server/chain/rpc';
import { freePort, startDevnet } from '../server/chain/devnet';
import { TrafficGenerator } from '../server/chain/traffic';
import { paths as relPaths } from '../common/api/paths';

const target = Number(process.env.BENCH_TXS ?? 20_000);
/** Two of the idle collectors' 5 s checks, and some slack. */
const SETTLE_MS = 15_000;
const settle = () => new Promise((r) => setTimeout(r, SETTLE_MS));

/** VmRSS and VmHWM of a process, in MB. */
function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/**
 * The node arguments of `npm start` (its last step, after the build), so the bench measures the
 * process exactly as users run it: the built server with the same V8 flags.
 */
function startCommand(): { args: string[]; env: Record<string, string> } {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> };
  const words = (pkg.scripts.start ?? '').split('&&').pop()?.trim().split(/\s+/) ?? [];
  const env: Record<string, string> = {};
  while (words[0] !== undefined && /^[A-Z_][A-Z0-9_]*=/.test(words[0])) {
    const [name, ...value] = (words.shift() as string).split('=');
    env[name as string] = value.join('=');
  }
  if (words[0] !== 'node' || !existsSync(words.find((a) => a.endsWith('.js')) ?? '')) {
    throw new Error(
      `package.json "start" should end with "[VAR=value …] node … <built server>.js start" whose file exists (run npm run build first): ${pkg.scripts.start}`,
    );
  }
  return { args: words.slice(1), env };
}

async function main(): Promise<void> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ruby-mem-'));
  const devnet = await startDevnet({ dataDir: dir, port: 0, chainId: 18215, blockTime: 0, persist: false });
  const rpc = new RpcClient(devnet.url);
  let child: ReturnType<typeof spawn> | null = null;
  try {
    await rpc.call('evm_setAutomine', [false]);
    const traffic = new TrafficGenerator({ rpcUrl: devnet.url, accounts: devnet.accounts, seed: 1, cacheDir: path.join(dir, 'cache') });
    await traffic.setup();
    let sent = 0;
    while (sent < target) {
      for (let i = 0; i < 4; i++) sent += (await traffic.step()).length;
      await rpc.call('evm_mine', []);
    }
    const head = Number(BigInt(await rpc.call<string>('eth_blockNumber')));
    console.log(`seeded ${sent} tx in ${head + 1} blocks`);

    const port = await freePort();
    const command = startCommand();
    console.log(
      `process: ${Object.entries(command.env)
        .map(([k, v]) => `${k}=${v} `)
        .join('')}node ${command.args.join(' ')} (package.json "start", after its build)`,
    );
    child = spawn(process.execPath, command.args, {
      env: {
        ...process.env,
        ...command.env,
        RUBY_RPC_URL: devnet.url,
        DATA_DIR: path.join(dir, 'data'),
        PORT: String(port),
        HOST: '127.0.0.1',
        TRAFFIC: 'false',
        DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const pid = child.pid as number;
    const base = `http://127.0.0.1:${port}/api`;
    const started = Date.now();
    let peakWhileIndexing = 0;
    for (;;) {
      if (Date.now() - started > 600_000) throw new Error('the indexer did not catch up within 10 minutes');
      peakWhileIndexing = Math.max(peakWhileIndexing, memory(pid).rss);
      const st = await fetch(`${base}${relPaths.indexingStatus()}`)
        .then((r) => r.json() as Promise<{ result: { indexedBlock: number | null } }>)
        .catch(() => null);
      if (st?.result.indexedBlock === head) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const caughtUp = memory(pid);
    console.log(
      `caught up in ${((Date.now() - started) / 1000).toFixed(0)} s (process start included): RSS ${caughtUp.rss.toFixed(0)} MB, peak ${caughtUp.peak.toFixed(0)} MB`,
    );
    await settle();
    const caughtUpSettled = memory(pid);
    console.log(`${SETTLE_MS / 1000} s later: RSS ${caughtUpSettled.rss.toFixed(0)} MB`);

    // Browse: the pages a visitor opens, a few hundred requests in all.
    const latest = await fetch(`${base}${relPaths.allTx({ page: 1, size: 20 })}`).then(
      (r) => r.json() as Promise<{ result: { hash: string; from: string }[] }>,
    );
    const paths = [
      relPaths.homeData(),
      relPaths.latestBlocks(),
      relPaths.allTx({ page: 1, size: 20 }),
      relPaths.allTx({ page: 5, size: 20 }),
      ...latest.result.slice(0, 5).flatMap((t) => [relPaths.txData(t.hash), relPaths.userTx({ address: t.from, page: 1, size: 20 })]),
      ...Array.from({ length: 20 }, (_, i) => relPaths.block(head - i * 10)),
    ];
    for (let round = 0; round < 10; round++) {
      await Promise.all(paths.map((p) => fetch(`${base}${p}`).then((r) => r.arrayBuffer())));
    }
    const browsed = memory(pid);
    console.log(`after ${paths.length * 10} page requests: RSS ${browsed.rss.toFixed(0)} MB, peak ${browsed.peak.toFixed(0)} MB`);
    await settle();
    const browsedSettled = memory(pid);
    console.log(`${SETTLE_MS / 1000} s later: RSS ${browsedSettled.rss.toFixed(0)} MB, peak ${browsedSettled.peak.toFixed(0)} MB`);
    const mb = (a: number, b: number) => `${a.toFixed(0)} → ${b.toFixed(0)} MB`;
    console.log(
      `\n| ${sent} transactions, ${os.cpus().length} cores | RSS caught up (at once → ${SETTLE_MS / 1000} s later) | RSS after ${paths.length * 10} page requests (at once → ${SETTLE_MS / 1000} s later) | peak RSS | target |\n|---|---|---|---|---|\n| all-in-one (API + indexer + ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}) | ${mb(caughtUp.rss, caughtUpSettled.rss)} | ${mb(browsed.rss, browsedSettled.rss)} | ${browsedSettled.peak.toFixed(0)} MB | ≤ 400 MB |`,
    );
  } finally {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child?.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    await devnet.stop();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
