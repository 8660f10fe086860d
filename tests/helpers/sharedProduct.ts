/**
 * One product for the browser files that only need a running explorer (tests/e2e/README.md): the
 * first file of a vitest run that asks starts it, the others reuse it, and it stops when the run
 * ends. Starting a product costs about a minute (a block a second while the traffic generator
 * deploys its contracts) and 15 s of CPU; twelve files started one each.
 *
 * How: the product runs in a host process of its own (sharedProductHost.ts, detached), because a
 * test file's worker process ends with its file. Per vitest run (the workers' parent pid, as in
 * testSlots.ts) a folder holds `lock/` (made by the one file that starts the host), `host.pid`,
 * and `product.json` once the product is up, or `error.txt`. The host stops the product when the
 * run's main process is gone or `stop` appears in the folder (the e2e global teardown writes it).
 *
 * A shared product's state is shared: a file must not stop it, restart it, or depend on being the
 * only one to log in, deploy or send (every file uses its own accounts, as the walks already do).
 * It allows 1,000 log-ins a minute from one address (the files all log in from loopback; the
 * per-address limit of 30 is tested in tests/server/auth).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../../server/paths';
import { pollUntil, runningProduct, type ProductAddress, type RunningProduct } from './product';

export const SHARED_PRODUCT_ENV: Record<string, string> = { AUTH_LIMIT_PER_IP_PER_MINUTE: '1000' };

/** The shared product's folder for the vitest run whose main process is `runPid`. */
export const sharedProductDir = (runPid: number): string => path.join(os.tmpdir(), `ruby-shared-product-${runPid}`);

const HOST = path.join(PROJECT_ROOT, 'tests', 'helpers', 'sharedProductHost.ts');
const START_BUDGET_MS = 420_000;

let mine: Promise<RunningProduct> | null = null;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function startHost(dir: string, runPid: number): void {
  const log = fs.openSync(path.join(dir, 'host.log'), 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', HOST, dir, String(runPid)], {
    cwd: PROJECT_ROOT,
    detached: true,
    stdio: ['ignore', log, log],
    env: process.env,
  });
  fs.writeFileSync(path.join(dir, 'host.pid'), String(child.pid));
  child.unref();
  fs.closeSync(log);
}

async function connect(): Promise<RunningProduct> {
  const runPid = process.ppid;
  const dir = sharedProductDir(runPid);
  fs.mkdirSync(dir, { recursive: true });
  try {
    fs.mkdirSync(path.join(dir, 'lock'));
    startHost(dir, runPid);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const infoFile = path.join(dir, 'product.json');
  const errorFile = path.join(dir, 'error.txt');
  const hostGone = (): string | null => {
    if (fs.existsSync(errorFile)) return `the shared product did not start:\n${fs.readFileSync(errorFile, 'utf8')}`;
    const pid = Number(fs.existsSync(path.join(dir, 'host.pid')) ? fs.readFileSync(path.join(dir, 'host.pid'), 'utf8') : NaN);
    if (Number.isInteger(pid) && !alive(pid) && !fs.existsSync(infoFile))
      return `the shared product's host (pid ${pid}) exited: see ${dir}/host.log`;
    return null;
  };
  await pollUntil(
    async () => fs.existsSync(infoFile),
    START_BUDGET_MS,
    () => `the shared product did not start (${dir})`,
    hostGone,
  );
  return runningProduct(JSON.parse(fs.readFileSync(infoFile, 'utf8')) as ProductAddress);
}

/** The run's shared product, started by the first file that asks. Never stop it from a test. */
export function sharedProduct(): Promise<RunningProduct> {
  mine ??= connect();
  return mine;
}

/** The shared product's log so far (what `Product.process.output()` gives for an own product). */
export function sharedProductLog(): string {
  const file = path.join(sharedProductDir(process.ppid), 'product.log');
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
}

/** For the e2e global teardown (in the run's main process): stop the host and wait for it. */
export async function stopSharedProduct(runPid: number = process.pid): Promise<void> {
  const dir = sharedProductDir(runPid);
  if (!fs.existsSync(dir)) return;
  fs.writeFileSync(path.join(dir, 'stop'), '');
  const pidFile = path.join(dir, 'host.pid');
  const pid = fs.existsSync(pidFile) ? Number(fs.readFileSync(pidFile, 'utf8')) : NaN;
  const deadline = Date.now() + 30_000;
  while (Number.isInteger(pid) && alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
  fs.rmSync(dir, { recursive: true, force: true });
}
