/**
 * anvil as a child process on a private loopback port (devnet.ts starts it and puts its public
 * front, rpcFront.ts, before it). See devnet.ts for the invariants of its life cycle.
 */
import { spawn } from 'node:child_process';
import { portHolder, portInUseMessage, StartupError } from '../ports';
import { processStartTime, removePidFile, writePidFile } from './anvilPidFile';
import { startWatchdog } from './anvilWatchdog';
import type { DevnetOptions } from './devnet';

/** The private port's name in messages (it is ours, picked free: never an operator's setting). */
export const PRIVATE_PORT_NAME = "the devnet's private anvil port";
const KILL_AFTER_MS = 5_000;
const STDERR_KEEP = 4_000;

export interface AnvilProcess {
  url: string;
  port: number;
  pid: number | undefined;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(opts?: { killAfterMs?: number }): Promise<void>;
}

/** Starts anvil on 127.0.0.1:port with `persistArgs` (devnet.ts's stateArgs) and waits until it answers. */
export async function launchAnvil(
  bin: string,
  port: number,
  stateFile: string,
  persistArgs: string[],
  opts: DevnetOptions,
  mnemonic: string,
): Promise<AnvilProcess> {
  const log = opts.log ?? (() => {});
  // The data folder's own accounts (never anvil's default, public test keys) and no CORS: only the
  // product calls this port. The phrase is on the command line, which local users can read; they
  // can also reach this loopback port itself, so the devnet guards against remote callers and web
  // pages, not against the machine's users (docs/decisions.md).
  const args = ['--chain-id', String(opts.chainId), '--host', '127.0.0.1', '--port', String(port), '--mnemonic', mnemonic, '--no-cors'];
  if (opts.blockTime > 0) args.push('--block-time', String(opts.blockTime));
  args.push(...persistArgs, '--silent');

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
    if (holder && holder.pid !== child.pid) throw new StartupError(portInUseMessage(PRIVATE_PORT_NAME, port));
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, port, pid: child.pid, exited, stop };
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
      throw new StartupError(portInUseMessage(PRIVATE_PORT_NAME, Number(new URL(url).port)));
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
