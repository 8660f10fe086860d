/**
 * The pid file of our anvil (<dataDir>/devnet/anvil.pid), so a start after a crash (kill -9 of
 * the product) stops the anvil the crashed run left behind instead of colliding with it.
 *
 * Invariant: a process is only signalled when it is provably the anvil we started: same pid AND
 * same start time (from /proc/<pid>/stat, or `ps -o lstart` where there is no /proc) AND a command
 * line naming anvil and our port. A recycled pid of a foreign process fails the start-time test.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { processCmdline, StartupError } from '../ports';

export interface AnvilRecord {
  pid: number;
  port: number;
  /** Process start time (clock ticks since boot on Linux, `ps` lstart text elsewhere); null if unknown. */
  startTime: string | null;
  stateFile: string;
  /** The process that started it (the product), to tell an orphan from a running product's anvil. */
  owner?: { pid: number; startTime: string | null };
}

export function pidFilePath(dataDir: string): string {
  return path.join(dataDir, 'devnet', 'anvil.pid');
}

/** Start time of a process, or null when it is gone (a zombie counts as gone) or cannot be read. */
export function processStartTime(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): state is field 3, starttime field 22.
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (rest[0] === 'Z' || rest[0] === 'X') return null;
    return rest[19] ?? null;
  } catch {
    if (process.platform === 'linux') return null;
  }
  try {
    const out = execFileSync('ps', ['-o', 'stat=,lstart=', '-p', String(pid)], { encoding: 'utf8' }).trim();
    return out && !out.startsWith('Z') ? out.slice(out.indexOf(' ') + 1).trim() : null;
  } catch {
    return null;
  }
}

/** True while `pid` exists and is not a zombie. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // A zombie (dead, not yet reaped: e.g. an orphan under an init that does not reap) is gone.
  return process.platform !== 'linux' || processStartTime(pid) !== null;
}

export function writePidFile(dataDir: string, record: AnvilRecord): void {
  fs.writeFileSync(pidFilePath(dataDir), `${JSON.stringify(record)}\n`);
}

export function readPidFile(dataDir: string): AnvilRecord | null {
  try {
    const r = JSON.parse(fs.readFileSync(pidFilePath(dataDir), 'utf8')) as Partial<AnvilRecord>;
    if (typeof r.pid !== 'number' || typeof r.port !== 'number' || typeof r.stateFile !== 'string') return null;
    const owner =
      r.owner && typeof r.owner.pid === 'number'
        ? { pid: r.owner.pid, startTime: typeof r.owner.startTime === 'string' ? r.owner.startTime : null }
        : undefined;
    return { pid: r.pid, port: r.port, startTime: typeof r.startTime === 'string' ? r.startTime : null, stateFile: r.stateFile, owner };
  } catch {
    return null;
  }
}

/** Removes the pid file if it still describes `pid` (a newer run's file is left alone). */
export function removePidFile(dataDir: string, pid?: number): void {
  const r = readPidFile(dataDir);
  if (pid !== undefined && r && r.pid !== pid) return;
  fs.rmSync(pidFilePath(dataDir), { force: true });
}

/** Is the process the record describes still running, and is it that anvil (not a recycled pid)? */
export function isOurAnvil(r: AnvilRecord): boolean {
  if (!processAlive(r.pid)) return false;
  const start = processStartTime(r.pid);
  const cmd = processCmdline(r.pid);
  // Where the command line can be read it must name anvil and our port.
  const cmdOk = cmd === '' || (/anvil/.test(cmd) && cmd.includes(`--port ${r.port}`));
  if (r.startTime !== null && start !== null) return cmdOk && start === r.startTime;
  // No start time to compare: only a command line holding our own state file will do.
  return cmd !== '' && cmdOk && cmd.includes(r.stateFile);
}

/** Is the product that started the recorded anvil still running (same pid and start time)? */
export function ownerRunning(r: AnvilRecord): boolean {
  if (!r.owner || !processAlive(r.owner.pid)) return false;
  const start = processStartTime(r.owner.pid);
  return r.owner.startTime !== null && start === r.owner.startTime;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitGone(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (processAlive(pid)) {
    if (Date.now() > deadline) return false;
    await sleep(50);
  }
  return true;
}

/**
 * Stops the anvil an earlier run of this data folder left behind (SIGTERM, so it saves its state;
 * SIGKILL after `graceMs`) and removes the stale pid file. Returns the stopped pid, or null.
 */
export async function stopStaleAnvil(dataDir: string, log: (m: string) => void, graceMs = 5_000): Promise<number | null> {
  const r = readPidFile(dataDir);
  if (!r) return null;
  if (!isOurAnvil(r)) {
    removePidFile(dataDir, r.pid);
    return null;
  }
  if (ownerRunning(r) && r.owner?.pid !== process.pid) {
    throw new StartupError(
      `DATA_DIR ${dataDir} is in use by a running Ruby Explorer (pid ${r.owner?.pid}, its anvil pid ${r.pid}): stop it first, or set DATA_DIR to another folder`,
    );
  }
  log(`devnet: stopping the anvil an earlier run left behind (pid ${r.pid}, port ${r.port})`);
  process.kill(r.pid, 'SIGTERM');
  if (!(await waitGone(r.pid, graceMs))) {
    log(`devnet: the stale anvil (pid ${r.pid}) did not exit within ${graceMs} ms of SIGTERM; killing it`);
    try {
      process.kill(r.pid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
    if (!(await waitGone(r.pid, 5_000))) throw new Error(`the stale anvil (pid ${r.pid}) survived SIGKILL`);
  }
  removePidFile(dataDir, r.pid);
  return r.pid;
}
