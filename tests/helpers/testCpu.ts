/**
 * CPU seconds per test file (its own process and the processes it started and reaped: anvil, the
 * product, forge), appended to test-results/cpu.jsonl by the setup file (testSlotsSetup.ts).
 * Wall times say little on a loaded 2-core machine; CPU seconds do not depend on the load, so
 * `.ci/run` prints the costliest files from this log (tests/helpers/cpuReport.ts).
 */
import fs from 'node:fs';
import path from 'node:path';

export interface CpuMark {
  /** Seconds of this process (user + system). */
  own: number;
  /** Seconds of its reaped child processes. */
  children: number;
  at: number;
}

const TICKS = 100; // Linux's USER_HZ

/** This process's CPU so far, from /proc/self/stat (null fields off Linux: 0). */
export function cpuMark(): CpuMark {
  let own: number;
  let children = 0;
  try {
    const stat = fs.readFileSync('/proc/self/stat', 'utf8');
    // Fields after the command name in parentheses: utime stime cutime cstime are 14-17 (1-based).
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const n = (i: number) => Number(rest[i - 3] ?? 0);
    own = (n(14) + n(15)) / TICKS;
    children = (n(16) + n(17)) / TICKS;
  } catch {
    const u = process.cpuUsage();
    own = (u.user + u.system) / 1e6;
  }
  return { own, children, at: Date.now() };
}

export const CPU_LOG = path.join(process.cwd(), 'test-results', 'cpu.jsonl');

/** Appends the file's CPU since `from` (one JSON line). */
export function recordCpu(file: string, from: CpuMark): void {
  const now = cpuMark();
  const line = {
    file: path.relative(process.cwd(), file),
    cpu: Number((now.own - from.own + now.children - from.children).toFixed(2)),
    children: Number((now.children - from.children).toFixed(2)),
    wall: Number(((now.at - from.at) / 1000).toFixed(1)),
  };
  try {
    fs.mkdirSync(path.dirname(CPU_LOG), { recursive: true });
    fs.appendFileSync(CPU_LOG, `${JSON.stringify(line)}\n`);
  } catch {
    // A report, not a test: a read-only folder only loses the line.
  }
}
