/**
 * The bundled devnet: anvil as a child process (anvilProcess.ts) on a private loopback port, its
 * state kept in <dataDir>/devnet/state.json, its keys in <dataDir>/devnet/keys.json (devnetKeys.ts),
 * and a JSON-RPC front of ours (rpcFront.ts) on DEVNET_PORT for everyone else.
 *
 * Invariants:
 * - Only the product talks to anvil's own port (`url`): anvil_*, evm_* and the other node-control
 *   methods are reachable there only. DEVNET_PORT (`publicUrl`) forwards the allowed methods.
 * - The funded accounts are the data folder's own (a random mnemonic made on its first start,
 *   given to anvil with `--mnemonic`), never anvil's public test keys.
 * - anvil loads the state file at start and writes it every stateIntervalSec (60 s) and on SIGTERM,
 *   so stop() always sends SIGTERM first (SIGKILL only after a grace period) to keep the last blocks.
 * - The child never outlives this process: a process 'exit' hook sends it SIGTERM; if this
 *   process dies by SIGKILL, a watchdog (anvilWatchdog.ts) notices its pipe close and stops anvil;
 *   and whatever still survives is stopped by the next start through the pid file
 *   (anvilPidFile.ts) before a new anvil is launched.
 * - A DEVNET_PORT held by anything else is a StartupError naming the port and the holder.
 * - The state file holds only the last keepBlocks blocks with their transactions (devnetState.ts): an
 *   empty database cannot be rebuilt from it, so keep the database next to the state file.
 */
import fs from 'node:fs/promises';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { listenError, portFree, portInUseMessage, StartupError } from '../ports';
import { anvilBinaryPath } from './anvilBinary';
import { stopStaleAnvil } from './anvilPidFile';
import { launchAnvil, type AnvilProcess } from './anvilProcess';
import { DEV_ACCOUNT_COUNT, type DevAccounts } from './devAccounts';
import { devnetKeys } from './devnetKeys';
import { DEVNET_KEEP_BLOCKS_DEFAULT, DEVNET_STATE_INTERVAL_DEFAULT, prepareStateFile, previousStateFile } from './devnetState';
import { startRpcFront, type RpcFront } from './rpcFront';

export { DEVNET_KEEP_BLOCKS_DEFAULT, DEVNET_STATE_INTERVAL_DEFAULT };

export interface DevnetOptions {
  dataDir: string;
  /** The public JSON-RPC port (DEVNET_PORT); 0 = pick a free port. anvil's own port is always picked free. */
  port: number;
  /**
   * The accounts' mnemonic, for tests on temporary data folders; unset (the product) = the data
   * folder's keys file, made with a random mnemonic on its first start.
   */
  mnemonic?: string;
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
  /** anvil's own (private) URL: for the product's indexer, API and traffic, and for tests. */
  url: string;
  port: number;
  /** The public JSON-RPC front (DEVNET_PORT): standard methods only (rpcFrontPolicy.ts). */
  publicUrl: string;
  publicPort: number;
  /** The funded accounts (their mnemonic and keys are in keysFile). */
  accounts: DevAccounts;
  keysFile: string;
  stateFile: string;
  /** anvil's process id (a benchmark pins it to a core). */
  pid: number | undefined;
  /** Resolves when anvil exits, for whatever reason (a supervisor can watch it). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM (anvil saves its state), SIGKILL after killAfterMs (default 5 s); idempotent. */
  stop(opts?: { killAfterMs?: number }): Promise<void>;
}

/**
 * anvil's persistence flags (a devnet that degraded with age). Once it dumped
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

export async function startDevnet(opts: DevnetOptions): Promise<Devnet> {
  const bin = anvilBinaryPath();
  const log = opts.log ?? (() => {});
  const dir = path.join(opts.dataDir, 'devnet');
  await fs.mkdir(dir, { recursive: true });
  const stateFile = path.join(dir, 'state.json');
  const stateExists = existsSync(stateFile);
  const keys = devnetKeys(opts.dataDir, { stateExists, log, ...(opts.mnemonic === undefined ? {} : { mnemonic: opts.mnemonic }) });
  // An anvil a crashed run of this data folder left behind goes first (it holds the state file).
  const stale = await stopStaleAnvil(opts.dataDir, log);
  if (opts.persist !== false) await compact(stateFile, opts);
  // Its socket may take a moment to go; a port held by anyone else is refused at once.
  if (opts.port !== 0 && !(await waitPortFree(opts.port, stale === null ? 0 : 2_000))) {
    throw new StartupError(portInUseMessage('DEVNET_PORT', opts.port));
  }
  const anvil = await launchOnFreePort(bin, stateFile, opts, keys.mnemonic);
  let front: RpcFront;
  try {
    front = await startRpcFront(opts.port, anvil.url);
  } catch (err) {
    await anvil.stop();
    throw listenError(err, 'DEVNET_PORT', opts.port);
  }
  log(
    `devnet: JSON-RPC on ${front.url} (standard methods; anvil itself on ${anvil.url} for this product only), chain id ${opts.chainId}, ` +
      `${opts.blockTime > 0 ? `a block every ${opts.blockTime} s` : 'automine'}, state ${stateFile}`,
  );
  log(
    `devnet: ${keys.created ? 'new keys made for this data folder' : 'keys of this data folder'}: ${DEV_ACCOUNT_COUNT} funded accounts ` +
      `(first ${keys.accounts.wallet(0).address}); mnemonic and private keys in ${keys.keysFile} (mode 0600)`,
  );
  let stopPromise: Promise<void> | null = null;
  return {
    url: anvil.url,
    port: anvil.port,
    publicUrl: front.url,
    publicPort: front.port,
    accounts: keys.accounts,
    keysFile: keys.keysFile,
    stateFile,
    pid: anvil.pid,
    exited: anvil.exited,
    stop(stopOpts) {
      stopPromise ??= (async () => {
        await front.close();
        await anvil.stop(stopOpts);
      })();
      return stopPromise;
    },
  };
}

/** anvil on a port picked free (someone else may take it before anvil binds it: then again). */
async function launchOnFreePort(bin: string, stateFile: string, opts: DevnetOptions, mnemonic: string): Promise<AnvilProcess> {
  let lastError: unknown;
  for (let i = 0; i < 3; i++) {
    try {
      return await launchAnvil(bin, await freePort(), stateFile, stateArgs(stateFile, opts), opts, mnemonic);
    } catch (err) {
      lastError = err;
      if (!(err instanceof StartupError) || !/in use/i.test(err.message)) break;
    }
  }
  throw lastError;
}

/**
 * The state file made loadable (a save cut short is replaced by the previous good one) and trimmed
 * to the blocks anvil keeps (devnetState.ts); a failure leaves it to anvil.
 */
async function compact(stateFile: string, opts: DevnetOptions): Promise<void> {
  const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;
  const log = opts.log ?? (() => {});
  try {
    const done = await prepareStateFile(stateFile, opts.keepBlocks ?? DEVNET_KEEP_BLOCKS_DEFAULT);
    if (done.restored)
      log(
        `devnet: the state file was cut short (${mb(done.restored.brokenBytes)}: anvil stopped while saving); the previous good save ` +
          `(${mb(done.restored.fromBytes)}, ${previousStateFile(stateFile)}) takes its place: the chain goes on from there`,
      );
    if (done.setAside)
      log(`devnet: the state file was cut short and no good save was kept: set aside as ${done.setAside}; a new chain starts`);
    const c = done.compaction;
    if (c)
      log(
        `devnet: state file compacted from ${mb(c.beforeBytes)} to ${mb(c.afterBytes)} (${c.droppedBlocks} old blocks left to the database)`,
      );
  } catch (err) {
    log(`devnet: state file not compacted (${err instanceof Error ? err.message : String(err)}); anvil loads it as it is`);
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
