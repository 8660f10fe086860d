/**
 * The real product for end-to-end tests, started the way the README does
 * (`node --import tsx server/main.ts start` on a built dist/), on free ports, with a fresh data
 * folder and a block every second.
 *
 * Invariants:
 * - Every child runs in its own process group (detached), so stop() can reach everything it
 *   started (npm, node, anvil) even when the top process is gone; stop() only returns once the
 *   whole group has exited, and a process 'exit' hook SIGKILLs any group still alive, so a
 *   failing or crashing test leaves no anvil behind.
 * - stop() sends SIGTERM first (anvil saves its state, the indexer finishes its batch), SIGKILL
 *   only after a grace period.
 * - Values for the route walk come from the product's API when the endpoint exists, else from
 *   the devnet's JSON-RPC and the traffic generator's deployment file, never made up.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isAddress, toHexAddress, toRubyAddress } from '../../common/address';
import { PROJECT_ROOT } from '../../server/paths';
import { apiPaths, paths as relPaths } from '../../common/api/paths';

export const REPO_ROOT = PROJECT_ROOT;
/** Logs of the product runs (test-results/ is ignored by git). */
export const E2E_LOG_DIR = path.join(REPO_ROOT, 'test-results', 'e2e');

const OUTPUT_KEEP = 200_000;

// ---------------------------------------------------------------------------------------------
// Process groups

export interface StopResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** SIGKILL was needed (the group did not exit within the grace period after SIGTERM). */
  forced: boolean;
}

export interface GroupProcess {
  child: ChildProcess;
  /** Process group id (= the leader's pid). */
  pgid: number;
  /** Everything the group wrote to stdout and stderr so far (the last OUTPUT_KEEP characters). */
  output(): string;
  /** Resolves with the first match of `re` in the output; rejects on exit or time-out. */
  waitForOutput(re: RegExp, timeoutMs: number): Promise<RegExpMatchArray>;
  /** Exit of the leader, null while it runs. */
  exitInfo(): { code: number | null; signal: NodeJS.Signals | null } | null;
  /** The stop signal to `signalTarget`, SIGKILL to the whole group after `graceMs`; resolves when the whole group is gone. */
  stop(graceMs?: number): Promise<StopResult>;
}

const liveGroups = new Set<number>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // Last resort (a crashed worker, an unhandled error): 'exit' handlers must be synchronous.
  process.on('exit', () => {
    for (const pgid of liveGroups) {
      try {
        process.kill(-pgid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  });
}

/** True while any process of the group exists (zombies of our own children excepted once reaped). */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Pids (with command lines) still in the process group, for error messages. */
export function groupMembers(pgid: number): string[] {
  try {
    const out = execFileSync('ps', ['-eo', 'pid=,pgid=,args='], { encoding: 'utf8' });
    return out
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l.split(/\s+/)[1] === String(pgid));
  } catch {
    return [];
  }
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

async function waitGroupGone(pgid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (groupAlive(pgid)) {
    if (Date.now() > deadline) return false;
    await sleep(100);
  }
  return true;
}

export interface SpawnGroupOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Name of the log file under test-results/e2e (the output is also kept in memory). */
  logName: string;
  /**
   * 'leader': stop() sends SIGTERM to the leader only and lets it stop its children (the
   * product does that with anvil). 'group': SIGTERM to every process of the group at once
   * (npm does not reliably pass signals on to its script).
   */
  signalTarget?: 'leader' | 'group';
  /** First signal of stop(): SIGTERM (default), or SIGINT to act as Ctrl-C in a terminal. */
  stopSignal?: NodeJS.Signals;
}

export function spawnGroup(command: string, args: string[], opts: SpawnGroupOptions): GroupProcess {
  installExitHook();
  fs.mkdirSync(E2E_LOG_DIR, { recursive: true });
  const logFile = path.join(E2E_LOG_DIR, `${opts.logName}.log`);
  const logStream = fs.createWriteStream(logFile);
  const child = spawn(command, args, { cwd: opts.cwd, env: opts.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  if (child.pid === undefined) throw new Error(`could not start ${command}`);
  const pgid = child.pid;
  liveGroups.add(pgid);

  let output = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    const s = chunk.toString('utf8');
    logStream.write(s);
    output = (output + s).slice(-OUTPUT_KEEP);
    for (const l of listeners) l();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);

  let exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exit = { code, signal };
      for (const l of listeners) l();
      resolve();
    });
  });
  child.once('error', (err) => onData(Buffer.from(`\n[spawn error] ${err.message}\n`)));

  const waitForOutput = (re: RegExp, timeoutMs: number): Promise<RegExpMatchArray> =>
    new Promise((resolve, reject) => {
      const check = () => {
        const m = output.match(re);
        if (m) return done(() => resolve(m));
        if (exit) {
          return done(() =>
            reject(new Error(`${opts.logName} exited (code ${exit?.code}, signal ${exit?.signal}) before printing ${re}:\n${tail(output)}`)),
          );
        }
      };
      const timer = setTimeout(
        () => done(() => reject(new Error(`${opts.logName} did not print ${re} within ${timeoutMs} ms:\n${tail(output)}`))),
        timeoutMs,
      );
      const done = (fn: () => void) => {
        clearTimeout(timer);
        listeners.delete(check);
        fn();
      };
      listeners.add(check);
      check();
    });

  let stopping: Promise<StopResult> | null = null;
  const stop = (graceMs = 20_000): Promise<StopResult> => {
    stopping ??= (async () => {
      let forced = false;
      const target = opts.signalTarget === 'group' ? -pgid : pgid;
      try {
        process.kill(target, opts.stopSignal ?? 'SIGTERM');
      } catch {
        // the leader (or the group) is already gone
      }
      // The leader first (it stops its own children), then whatever is left in the group.
      const leaderDone = await Promise.race([exited.then(() => true), sleep(graceMs).then(() => false)]);
      if (!leaderDone || !(await waitGroupGone(pgid, 5_000))) {
        forced = true;
        try {
          process.kill(-pgid, 'SIGKILL');
        } catch {
          // gone in the meantime
        }
        await waitGroupGone(pgid, 10_000);
      }
      await exited;
      liveGroups.delete(pgid);
      await new Promise<void>((r) => logStream.end(r));
      if (groupAlive(pgid)) throw new Error(`process group ${pgid} still alive after SIGKILL: ${groupMembers(pgid).join('; ')}`);
      const e = exit as { code: number | null; signal: NodeJS.Signals | null } | null;
      return { code: e?.code ?? null, signal: e?.signal ?? null, forced };
    })();
    return stopping;
  };

  return { child, pgid, output: () => output, waitForOutput, exitInfo: () => exit, stop };
}

export function tail(text: string, lines = 40): string {
  return text.trimEnd().split('\n').slice(-lines).join('\n');
}

// ---------------------------------------------------------------------------------------------
// The built SPA

const SPA_INPUTS = ['src', 'common', 'index.html', 'vite.config.ts', 'package-lock.json', 'public'];

function newestMtime(p: string): number {
  let st: fs.Stats;
  try {
    st = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const name of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, name)));
  return newest;
}

/** True when dist/index.html is newer than every input of the SPA build. */
export function distUpToDate(root = REPO_ROOT): boolean {
  const built = newestMtime(path.join(root, 'dist', 'index.html'));
  if (built === 0) return false;
  return SPA_INPUTS.every((p) => newestMtime(path.join(root, p)) <= built);
}

/** Builds dist/ with `vite build` (what `npm run build` runs) unless it is up to date. */
export function ensureDistBuilt(root = REPO_ROOT): 'reused' | 'built' {
  if (distUpToDate(root)) return 'reused';
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  try {
    execFileSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'pipe', encoding: 'utf8' });
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string; message: string };
    throw new Error(`vite build failed: ${e.message}\n${e.stdout ?? ''}\n${e.stderr ?? ''}`, { cause: err });
  }
  return 'built';
}

// ---------------------------------------------------------------------------------------------
// Environment

/** Every configuration variable of server/config.ts, dropped from the inherited environment. */
const PRODUCT_VARS = /^(PORT|HOST|DATA_DIR|RUBY_RPC_URL|DATABASE_URL|CHAIN_ID|DEVNET_PORT|DEVNET_BLOCK_TIME|TRAFFIC|TRAFFIC_SEED|INDEXER_[A-Z_]+|RUBY_PRICE_[A-Z_]+|RUBY_TOTAL_SUPPLY|JWT_[A-Z_]+|AUTH_LIMIT_[A-Z_0-9]+|RATE_LIMIT_[A-Z_]+|TRUST_PROXY|HSTS|CSP_CONNECT_SRC|READY_MAX_LAG_BLOCKS|METRICS_TOKEN|LOG_LEVEL)$/;

/** The inherited environment without the product's configuration (a developer's shell may set some). */
export function cleanProductEnv(base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(base)) if (!PRODUCT_VARS.test(k)) env[k] = v;
  return env;
}

// ---------------------------------------------------------------------------------------------
// The product

export interface IndexingStatus {
  indexedBlock: number | null;
  head: number;
  percent: number;
  catchingUp: boolean;
}

/** The traffic generator's deployment file (DATA_DIR/devnet/traffic.json), the fields used here. */
export interface TrafficDeployment {
  deployedAtBlock: number;
  tokens: { name: string; symbol: string; address: string }[];
  router: string;
  splitter: string;
  nft?: string;
}

export interface ProductOptions {
  /** Names the log file test-results/e2e/<label>.log. */
  label?: string;
  /** Extra environment (wins over the defaults below). */
  env?: Record<string, string>;
  /** Wait until the indexer has stored at least this block. Default 5. */
  minIndexedBlock?: number;
  /** Wait until the traffic generator has deployed its contracts and they are indexed. Default true. */
  waitForTraffic?: boolean;
  /** Budget for the whole start-up. Default 180 s. */
  startTimeoutMs?: number;
  /**
   * Data folder to use (a restart on the same data); the caller owns it and stop() leaves it.
   * Default: a fresh temporary folder that stop() removes.
   */
  dataDir?: string;
  /** How stop() signals (spawnGroup's options): e.g. SIGINT to the whole group, as Ctrl-C in a terminal does. */
  stopSignal?: NodeJS.Signals;
  signalTarget?: 'leader' | 'group';
}

export interface Product {
  /** http://127.0.0.1:<port> of the API and SPA. */
  url: string;
  /** JSON-RPC URL of the devnet. */
  rpcUrl: string;
  dataDir: string;
  /** Null when started with waitForTraffic: false. */
  deployment: TrafficDeployment | null;
  process: GroupProcess;
  indexingStatus(): Promise<IndexingStatus>;
  /** GET {url}/api{apiPath} as JSON; null on a non-2xx answer or a non-JSON body. */
  api<T = unknown>(apiPath: string): Promise<T | null>;
  rpc<T = unknown>(method: string, params?: unknown[]): Promise<T>;
  /** Stops the product (SIGTERM, then SIGKILL) and removes its data folder unless the caller gave it. Idempotent. */
  stop(): Promise<StopResult>;
}

export async function getJson<T>(url: string, init?: RequestInit): Promise<T | null> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
    if (!res.ok) return null;
    return (await res.json()) as T;
  } catch {
    return null;
  }
}

async function rpcCall<T>(rpcUrl: string, method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

export async function readIndexingStatus(url: string): Promise<IndexingStatus | null> {
  const body = await getJson<{ status: boolean; result: IndexingStatus }>(`${url}${apiPaths.indexingStatus()}`);
  return body?.status ? body.result : null;
}

/** Polls until `ok` returns true; throws with `describe()` after `timeoutMs`. */
export async function pollUntil(ok: () => Promise<boolean>, timeoutMs: number, describe: () => string, stillAlive?: () => string | null): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await ok()) return;
    const dead = stillAlive?.();
    if (dead) throw new Error(dead);
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms: ${describe()}`);
    await sleep(500);
  }
}

export async function startProduct(opts: ProductOptions = {}): Promise<Product> {
  ensureDistBuilt();
  const label = opts.label ?? 'product';
  const minIndexed = opts.minIndexedBlock ?? 5;
  const waitForTraffic = opts.waitForTraffic ?? true;
  const budget = opts.startTimeoutMs ?? 180_000;
  const started = Date.now();
  const remaining = () => Math.max(1_000, budget - (Date.now() - started));

  const ownDataDir = opts.dataDir === undefined;
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'ruby-e2e-'));
  const env: NodeJS.ProcessEnv = {
    ...cleanProductEnv(),
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEVNET_PORT: '0',
    DEVNET_BLOCK_TIME: '1',
    ...opts.env,
  };
  const proc = spawnGroup(process.execPath, ['--import', 'tsx', 'server/main.ts', 'start'], { cwd: REPO_ROOT, env, logName: label, stopSignal: opts.stopSignal, signalTarget: opts.signalTarget });

  let stopped: Promise<StopResult> | null = null;
  const stop = (): Promise<StopResult> => {
    stopped ??= proc.stop().finally(() => {
      if (ownDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    });
    return stopped;
  };
  const deadProcess = () => {
    const e = proc.exitInfo();
    return e ? `the product exited (code ${e.code}, signal ${e.signal}):\n${tail(proc.output())}` : null;
  };

  try {
    // With RUBY_RPC_URL the product starts no devnet of its own (and prints no devnet line).
    const rpcUrl = opts.env?.RUBY_RPC_URL ?? (await proc.waitForOutput(/devnet: anvil on (http:\/\/[^\s,()]+)/, remaining()))[1] ?? '';
    const url = (await proc.waitForOutput(/Ruby Explorer: (http:\/\/[^\s,()]+)/, remaining()))[1] ?? '';
    let deployment: TrafficDeployment | null = null;
    let needBlock = minIndexed;
    if (waitForTraffic) {
      const stateFile = path.join(dataDir, 'devnet', 'traffic.json');
      await pollUntil(
        async () => fs.existsSync(stateFile),
        remaining(),
        () => `the traffic generator did not deploy its contracts (${stateFile} missing):\n${tail(proc.output())}`,
        () => deadProcess() ?? (/traffic: setup failed/.test(proc.output()) ? `traffic setup failed:\n${tail(proc.output())}` : null),
      );
      deployment = JSON.parse(fs.readFileSync(stateFile, 'utf8')) as TrafficDeployment;
      // The file is written after the last set-up round is mined: the head now covers all of it.
      const head = Number.parseInt(await rpcCall<string>(rpcUrl, 'eth_blockNumber'), 16);
      needBlock = Math.max(needBlock, head);
    }
    let last: IndexingStatus | null = null;
    await pollUntil(
      async () => {
        last = await readIndexingStatus(url);
        return last !== null && last.indexedBlock !== null && last.indexedBlock >= needBlock;
      },
      remaining(),
      () => `indexer did not reach block ${needBlock} (last status ${JSON.stringify(last)}):\n${tail(proc.output())}`,
      deadProcess,
    );
    return {
      url,
      rpcUrl,
      dataDir,
      deployment,
      process: proc,
      indexingStatus: async () => {
        const s = await readIndexingStatus(url);
        if (!s) throw new Error('GET /api/indexing-status failed');
        return s;
      },
      api: <T>(apiPath: string) => getJson<T>(`${url}/api${apiPath}`),
      rpc: <T>(method: string, params: unknown[] = []) => rpcCall<T>(rpcUrl, method, params),
      stop,
    };
  } catch (err) {
    await stop().catch(() => undefined);
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------
// Real values for routes

export type ValueSource = 'api' | 'rpc' | 'traffic deployment';

export interface RealValues {
  blockNumber: number;
  blockHash: string;
  txHash: string;
  /** r… address of an account that sent a transaction. */
  address: string;
  /** r… address of an RBC20 token contract. */
  token: string;
  /** r… address of a DApp contract. */
  dapp: string;
  /** Where each value came from (the API once its endpoint exists). */
  sources: Record<Exclude<keyof RealValues, 'sources'>, ValueSource>;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): Obj[] => {
  if (isObj(v) && Array.isArray(v.result)) return v.result.filter(isObj);
  return [];
};
const hash32 = (v: unknown): v is string => typeof v === 'string' && /^0x[0-9a-fA-F]{64}$/.test(v);
const addr = (v: unknown): v is string => typeof v === 'string' && isAddress(v);

interface RpcBlock {
  number: string;
  hash: string;
  transactions: { hash: string; from: string }[];
}

/**
 * A block with transactions, one of its transactions, its sender, a token and a DApp, all indexed
 * by the product. The API answers first; JSON-RPC and the deployment file fill what it lacks.
 */
export async function realValues(product: Product): Promise<RealValues> {
  const status = await product.indexingStatus();
  const indexed = status.indexedBlock ?? 0;
  const sources = {} as RealValues['sources'];

  let blockNumber: number | null = null;
  let blockHash: string | null = null;
  const apiBlock = list(await product.api(relPaths.blocks({ page: 1, size: 20 }))).find(
    (b) => typeof b.blockNumber === 'number' && b.blockNumber <= indexed && typeof b.Trx === 'number' && b.Trx > 0 && hash32(b.blockHash),
  );
  if (apiBlock) {
    blockNumber = apiBlock.blockNumber as number;
    blockHash = apiBlock.blockHash as string;
    sources.blockNumber = sources.blockHash = 'api';
  }

  let txHash: string | null = null;
  let address: string | null = null;
  const apiTx = list(await product.api(relPaths.allTx({ page: 1, size: 20 }))).find((t) => hash32(t.hash) && addr(t.from));
  if (apiTx) {
    txHash = apiTx.hash as string;
    address = toRubyAddress(apiTx.from as string);
    sources.txHash = sources.address = 'api';
  }

  if (blockNumber === null || txHash === null) {
    // Newest indexed block with transactions, straight from the node.
    let rpcBlock: RpcBlock | null = null;
    for (let n = indexed; n >= 0 && !rpcBlock; n--) {
      const b = await product.rpc<RpcBlock | null>('eth_getBlockByNumber', [`0x${n.toString(16)}`, true]);
      if (b && b.transactions.length > 0) rpcBlock = b;
    }
    if (!rpcBlock) throw new Error(`no indexed block up to ${indexed} has a transaction`);
    const tx = rpcBlock.transactions[0];
    if (blockNumber === null) {
      blockNumber = Number.parseInt(rpcBlock.number, 16);
      blockHash = rpcBlock.hash;
      sources.blockNumber = sources.blockHash = 'rpc';
    }
    if (txHash === null && tx) {
      txHash = tx.hash;
      address = toRubyAddress(tx.from);
      sources.txHash = sources.address = 'rpc';
    }
  }

  // From the API lists, preferring the traffic generator's named tokens and its coin-splitting
  // DApp (the lists also hold DEX pair tokens and the NFT).
  const dep = product.deployment;
  const preferred = (candidates: string[], wanted: string[]): string | null => {
    const w = new Set(wanted.map((a) => a.toLowerCase()));
    return candidates.find((c) => w.has(toHexAddress(c))) ?? candidates[0] ?? null;
  };
  let token: string | null = null;
  const apiTokens = list(await product.api(relPaths.tokensPage({ page: 1, size: 20 }))).map((t) => t.contract_address).filter(addr);
  const apiToken = preferred(apiTokens, dep?.tokens.map((t) => t.address) ?? []);
  if (apiToken) {
    token = toRubyAddress(apiToken);
    sources.token = 'api';
  }
  let dapp: string | null = null;
  const apiDapps = list(await product.api(relPaths.contracts()))
    .filter((c) => typeof c.contractType === 'string' && c.contractType.toLowerCase() === 'dapp')
    .map((c) => c.contract_address)
    .filter(addr);
  const apiDapp = preferred(apiDapps, dep ? [dep.splitter] : []);
  if (apiDapp) {
    dapp = toRubyAddress(apiDapp);
    sources.dapp = 'api';
  }
  if (token === null && dep?.tokens[0]) {
    token = toRubyAddress(dep.tokens[0].address);
    sources.token = 'traffic deployment';
  }
  if (dapp === null && dep) {
    dapp = toRubyAddress(dep.splitter);
    sources.dapp = 'traffic deployment';
  }

  if (blockNumber === null || blockHash === null || txHash === null || address === null || token === null || dapp === null) {
    throw new Error(`could not find real values: ${JSON.stringify({ blockNumber, blockHash, txHash, address, token, dapp })}`);
  }
  return { blockNumber, blockHash, txHash, address, token, dapp, sources };
}
