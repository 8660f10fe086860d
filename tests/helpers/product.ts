/**
 * The real product for end-to-end tests, started the way the README does
 * (`node --import tsx server/main.ts start` on a built dist/), on free ports, with a fresh data
 * folder and a block every second. Its processes run as a process group (processGroup.ts), so
 * stop() reaches everything it started.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../../server/paths';
import { ensureDistBuilt } from './distBuild';
import { keepCompileCache, seedCompileCache } from './compileCache';
import { spawnGroup, tail, type GroupProcess, type StopResult } from './processGroup';
import { apiPaths } from '../../common/api/paths';

export const REPO_ROOT = PROJECT_ROOT;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Every configuration variable of server/config.ts, dropped from the inherited environment. */
const PRODUCT_VARS =
  /^(PORT|HOST|DATA_DIR|RUBY_RPC_URL|DATABASE_URL|CHAIN_ID|DEVNET_PORT|DEVNET_BLOCK_TIME|TRAFFIC|TRAFFIC_SEED|TRAFFIC_VERIFY|INDEXER_[A-Z_]+|RUBY_PRICE_[A-Z_]+|RUBY_TOTAL_SUPPLY|JWT_[A-Z_]+|AUTH_LIMIT_[A-Z_0-9]+|RATE_LIMIT_[A-Z_]+|TRUST_PROXY|HSTS|CSP_CONNECT_SRC|READY_MAX_LAG_BLOCKS|METRICS_TOKEN|NAME_TAGS_FILE|LOG_LEVEL)$/;

/** The inherited environment without the product's configuration (a developer's shell may set some). */
export function cleanProductEnv(base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(base)) if (!PRODUCT_VARS.test(k)) env[k] = v;
  return env;
}

export interface IndexingStatus {
  indexedBlock: number | null;
  head: number;
  percent: number;
  catchingUp: boolean;
}

/** The traffic generator's deployment file (DATA_DIR/devnet/traffic.json), the fields used here. */
export interface TrafficDeployment {
  /** The account that deployed the contracts (a wallet with transactions, tokens and approvals). */
  deployer: string;
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

/** What a test reads of a running product, whether it started it or shares one (sharedProduct.ts). */
export interface RunningProduct {
  /** http://127.0.0.1:<port> of the API and SPA. */
  url: string;
  /**
   * JSON-RPC URL of the devnet's anvil itself (its private port: anvil_* and evm_* answer there, as
   * the test drives the chain); DEVNET_PORT's public front answers standard methods only.
   */
  rpcUrl: string;
  dataDir: string;
  /** Null when started with waitForTraffic: false. */
  deployment: TrafficDeployment | null;
  indexingStatus(): Promise<IndexingStatus>;
  /** GET {url}/api{apiPath} as JSON; null on a non-2xx answer or a non-JSON body. */
  api<T = unknown>(apiPath: string): Promise<T | null>;
  rpc<T = unknown>(method: string, params?: unknown[]): Promise<T>;
}

/** A product this test process started (and stops). */
export interface Product extends RunningProduct {
  process: GroupProcess;
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
export async function pollUntil(
  ok: () => Promise<boolean>,
  timeoutMs: number,
  describe: () => string,
  stillAlive?: () => string | null,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await ok()) return;
    const dead = stillAlive?.();
    if (dead) throw new Error(dead);
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms: ${describe()}`);
    await sleep(500);
  }
}

/** Where a running product is: what a test needs to reach it (sharedProduct.ts passes it between processes). */
export interface ProductAddress {
  url: string;
  rpcUrl: string;
  dataDir: string;
  deployment: TrafficDeployment | null;
}

/** The product at `at`, with the readers every test uses. */
export function runningProduct(at: ProductAddress): RunningProduct {
  return {
    ...at,
    indexingStatus: async () => {
      const s = await readIndexingStatus(at.url);
      if (!s) throw new Error('GET /api/indexing-status failed');
      return s;
    },
    api: <T>(apiPath: string) => getJson<T>(`${at.url}/api${apiPath}`),
    rpc: <T>(method: string, params: unknown[] = []) => rpcCall<T>(at.rpcUrl, method, params),
  };
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
    // The samples' verification compiles nine contracts in the background: off unless a test asks
    // for it, so pages show the same status on every run (tests/server/api/trafficVerify.test.ts covers it).
    TRAFFIC_VERIFY: 'false',
    ...opts.env,
  };
  seedCompileCache(dataDir);
  const proc = spawnGroup(process.execPath, ['--import', 'tsx', 'server/main.ts', 'start'], {
    cwd: REPO_ROOT,
    env,
    logName: label,
    stopSignal: opts.stopSignal,
    signalTarget: opts.signalTarget,
  });

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
    const rpcUrl = opts.env?.RUBY_RPC_URL ?? (await proc.waitForOutput(/anvil itself on (http:\/\/[^\s,()]+)/, remaining()))[1] ?? '';
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
      keepCompileCache(dataDir);
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
    return { ...runningProduct({ url, rpcUrl, dataDir, deployment }), process: proc, stop };
  } catch (err) {
    await stop().catch(() => undefined);
    throw err;
  }
}
