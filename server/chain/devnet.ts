/**
 * The bundled devnet: anvil as a child process, its state kept in <dataDir>/devnet/state.json.
 *
 * Invariants:
 * - anvil loads the state file at start and writes it every stateIntervalSec (60 s) and on SIGTERM,
 *   so stop() always sends SIGTERM first (SIGKILL only after a grace period) to keep the last blocks.
 * - The child never outlives this process: a process 'exit' hook sends it SIGTERM; if this
 *   process dies by SIGKILL, a watchdog (anvilWatchdog.ts) notices its pipe close and stops anvil;
 *   and whatever still survives is stopped by the next start through the pid file
 *   (anvilPidFile.ts) before a new anvil is launched.
 * - A DEVNET_PORT held by anything else is a StartupError naming the port and the holder, never a
 *   silent use of whatever answers there: after eth_chainId answers, the listener must be our child.
 * - The state file holds only the last keepBlocks blocks with their transactions (devnetState.ts): an
 *   empty database cannot be rebuilt from it, so keep the database next to the state file.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { portFree, portHolder, portInUseMessage, StartupError } from '../ports';
import { anvilBinaryPath } from './anvilBinary';
import { processStartTime, removePidFile, stopStaleAnvil, writePidFile } from './anvilPidFile';
import { startWatchdog } from './anvilWatchdog';
import { DEVNET_KEEP_BLOCKS_DEFAULT, DEVNET_STATE_INTERVAL_DEFAULT, compactStateFile } from './devnetState';

export { DEVNET_KEEP_BLOCKS_DEFAULT, DEVNET_STATE_INTERVAL_DEFAULT };

export interface DevnetOptions {
  dataDir: string;
  /** 0 = pick a free port. */
  port: number;
  chainId: number;
  /** Seconds between blocks; 0 = automine every transaction. */
  blockTime: number;
  log?: (msg: string) => void;
  /**
   * Keep the chain in <dataDir>/devnet/state.json (default true). Benchmarks turn it off: anvil
   * rewrites the whole state every stateIntervalSec, which on a big chain takes CPU from what they measure.
   */
  persist?: boolean;
  /**
   * Seconds between anvil's state dumps (default DEVNET_STATE_INTERVAL_DEFAULT). Each dump writes
   * the whole file and holds anvil meanwhile; SIGTERM always dumps it once more.
   */
  stateIntervalSec?: number;
  /**
   * Blocks whose transactions anvil keeps (in memory and in the state file), the most recent;
   * 0 = all (default DEVNET_KEEP_BLOCKS_DEFAULT). Older blocks keep their headers.
   */
  keepBlocks?: number;
  /** Also dump anvil's historical states (every kept block's full state). Default false: measurement only. */
  historicalStates?: boolean;
  /** States anvil keeps in memory for reads at past blocks (`--prune-history N`); undefined = anvil's default. */
  pruneHistory?: number;
  /** How long to wait for the first eth_chainId answer (a big state file takes a while to load). */
  startTimeoutMs?: number;
  /** Stop anvil when this process dies, even by SIGKILL (default true; tests of the pid file turn it off). */
  watchdog?: boolean;
}

export interface Devnet {
  url: string;
  port: number;
  stateFile: string;
  /** anvil's process id (a benchmark pins it to a core). */
  pid: number | undefined;
  /** Resolves when anvil exits, for whatever reason (a supervisor can watch it). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM (anvil saves its state), SIGKILL after killAfterMs (default 5 s); idempotent. */
  stop(opts?: { killAfterMs?: number }): Promise<void>;
}

const KILL_AFTER_MS = 5_000;

/**
 * anvil's persistence flags (issue #38, defect 7: a devnet that degraded with age). Once it dumped
 * every 5 s with `--preserve-historical-states`: the file grew by 230 MB an hour, each dump stalled
 * anvil for seconds and the node breaker opened at every block. Now: no historical states (the
 * indexer reads balances at the head; the API reads state at the head), a dump a minute, and only
 * the last `keepBlocks` blocks' transactions kept (and, at each start, only those blocks:
 * devnetState.ts), so the file and each dump stay small however old the chain (bench/README.md,
 * devnet ageing). The explorer serves older blocks from its database; on the same data the
 * indexer is never that far behind.
 */
export function stateArgs(
  stateFile: string,
  opts: Pick<DevnetOptions, 'persist' | 'stateIntervalSec' | 'keepBlocks' | 'historicalStates' | 'pruneHistory'>,
): string[] {
  // Benchmarks (persist: false) seed chains far longer than any keeper, and index all of it.
  if (opts.persist === false) return [];
  const args: string[] = [];
  const keep = opts.keepBlocks ?? DEVNET_KEEP_BLOCKS_DEFAULT;
  if (keep > 0) args.push('--transaction-block-keeper', String(keep));
  args.push('--state', stateFile, '--state-interval', String(opts.stateIntervalSec ?? DEVNET_STATE_INTERVAL_DEFAULT));
  if (opts.historicalStates) args.push('--preserve-historical-states');
  if (opts.pruneHistory !== undefined) args.push('--prune-history', String(opts.pruneHistory));
  return args;
}
const STDERR_KEEP = 4_000;

export async function startDevnet(opts: DevnetOptions): Promise<Devnet> {
  const bin = anvilBinaryPath();
  const dir = path.join(opts.dataDir, 'devnet');
  await fs.mkdir(dir, { recursive: true });
  const stateFile = path.join(dir, 'state.json');
  // An anvil a crashed run of this data folder left behind goes first (it holds the state file).
  const stale = await stopStaleAnvil(opts.dataDir, opts.log ?? (() => {}));
  if (opts.persist !== false) await compact(stateFile, opts);
  // Its socket may take a moment to go; a port held by anyone else is refused at once.
  if (opts.port !== 0 && !(await waitPortFree(opts.port, stale === null ? 0 : 2_000))) {
    throw new StartupError(portInUseMessage('DEVNET_PORT', opts.port));
  }
  // A free port picked here can be taken by someone else before anvil binds it: retry then.
  const attempts = opts.port === 0 ? 3 : 1;
  let lastError: unknown;
  for (let i = 0; i < attempts; i++) {
    const port = opts.port === 0 ? await freePort() : opts.port;
    try {
      return await launch(bin, port, stateFile, opts);
    } catch (err) {
      lastError = err;
      if (!(err instanceof StartupError) || !/in use/i.test(err.message)) break;
    }
  }
  throw lastError;
}

/** The state file trimmed to the blocks anvil keeps (devnetState.ts); a failure leaves it to anvil. */
async function compact(stateFile: string, opts: DevnetOptions): Promise<void> {
  const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;
  try {
    const done = await compactStateFile(stateFile, opts.keepBlocks ?? DEVNET_KEEP_BLOCKS_DEFAULT);
    if (done)
      opts.log?.(
        `devnet: state file compacted from ${mb(done.beforeBytes)} to ${mb(done.afterBytes)} (${done.droppedBlocks} old blocks left to the database)`,
      );
  } catch (err) {
    opts.log?.(`devnet: state file not compacted (${err instanceof Error ? err.message : String(err)}); anvil loads it as it is`);
  }
}

async function launch(bin: string, port: number, stateFile: string, opts: DevnetOptions): Promise<Devnet> {
  const log = opts.log ?? (() => {});
  const args = ['--chain-id', String(opts.chainId), '--host', '127.0.0.1', '--port', String(port)];
  if (opts.blockTime > 0) args.push('--block-time', String(opts.blockTime));
  args.push(...stateArgs(stateFile, opts), '--silent');

  // `npm start` fixes glibc's mmap threshold for its own (Node) heap; anvil keeps its default.
  const { MALLOC_MMAP_THRESHOLD_: _ownMallocSetting, ...env } = process.env;
  // Its own process group: a Ctrl-C in the terminal (SIGINT to the whole foreground group) must
  // reach only us, so anvil is stopped in its turn (after the indexer), not at the same moment.
  const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'], env, detached: true });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-STDERR_KEEP);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  let exitInfo: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  let stopping = false;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      exitInfo = { code, signal };
      process.off('exit', onParentExit);
      if (!stopping) log(`anvil exited unexpectedly (code ${code}, signal ${signal}): ${output.trim()}`);
      resolve(exitInfo);
    });
  });
  child.once('error', (err) => keep(Buffer.from(`\n${err.message}`)));
  const watchdog = child.pid !== undefined && opts.watchdog !== false ? startWatchdog(child.pid, log) : null;
  if (child.pid !== undefined) {
    writePidFile(opts.dataDir, {
      pid: child.pid,
      port,
      startTime: processStartTime(child.pid),
      stateFile,
      owner: { pid: process.pid, startTime: processStartTime(process.pid) },
    });
  }
  void exited.then(() => {
    watchdog?.dismiss();
    removePidFile(opts.dataDir, child.pid);
  });
  // Synchronous by necessity ('exit' handlers cannot await): SIGTERM still lets anvil dump state.
  // With a watchdog alive it sends that SIGTERM itself once our end of its pipe closes (one
  // SIGTERM, not two: a second one could cut anvil's state dump short).
  const onParentExit = () => {
    if (!exitInfo && !watchdog?.alive()) child.kill('SIGTERM');
  };
  process.on('exit', onParentExit);

  const url = `http://127.0.0.1:${port}`;
  let stopPromise: Promise<void> | null = null;
  const stop = (stopOpts?: { killAfterMs?: number }): Promise<void> => {
    stopPromise ??= (async () => {
      stopping = true;
      if (exitInfo) return;
      child.kill('SIGTERM');
      const killAfterMs = stopOpts?.killAfterMs ?? KILL_AFTER_MS;
      const timer = setTimeout(() => {
        log(`anvil did not exit within ${killAfterMs} ms of SIGTERM; killing it`);
        child.kill('SIGKILL');
      }, killAfterMs);
      await exited;
      clearTimeout(timer);
    })();
    return stopPromise;
  };

  try {
    await waitReady(
      url,
      opts.chainId,
      opts.startTimeoutMs ?? 60_000,
      () => exitInfo,
      () => output,
    );
    // Whatever answered must be our child, not a process that took the port first.
    const holder = portHolder(port);
    if (holder && holder.pid !== child.pid) throw new StartupError(portInUseMessage('DEVNET_PORT', port));
  } catch (err) {
    await stop();
    throw err;
  }
  log(
    `devnet: anvil on ${url}, chain id ${opts.chainId}, ${opts.blockTime > 0 ? `a block every ${opts.blockTime} s` : 'automine'}, state ${stateFile}`,
  );
  return { url, port, stateFile, pid: child.pid, exited, stop };
}

async function waitReady(
  url: string,
  chainId: number,
  timeoutMs: number,
  exitInfo: () => { code: number | null; signal: NodeJS.Signals | null } | null,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const exit = exitInfo();
    if (exit && /address already in use/i.test(output()))
      throw new StartupError(portInUseMessage('DEVNET_PORT', Number(new URL(url).port)));
    if (exit) {
      throw new Error(`anvil exited (code ${exit.code}, signal ${exit.signal}) before answering: ${output().trim() || '(no output)'}`);
    }
    const answer = await chainIdOf(url);
    if (answer !== null) {
      if (answer !== chainId) throw new Error(`anvil at ${url} answers chain id ${answer}, expected ${chainId}`);
      return;
    }
    if (Date.now() > deadline) {
      throw new Error(`anvil did not answer eth_chainId at ${url} within ${timeoutMs} ms: ${output().trim() || '(no output)'}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The chain id the node answers, or null while it is not listening yet. */
async function chainIdOf(url: string): Promise<number | null> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(2_000),
    });
    const body = (await res.json()) as { result?: string };
    return typeof body.result === 'string' ? Number(BigInt(body.result)) : null;
  } catch {
    return null;
  }
}

/** Waits (a stale anvil's socket may linger a moment) until 127.0.0.1:port can be bound. */
async function waitPortFree(port: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!(await portFree('127.0.0.1', port))) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
  return true;
}

/** A TCP port free on 127.0.0.1 right now (someone else may take it before it is used). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
