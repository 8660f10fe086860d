/**
 * Memory and CPU of process groups from /proc (Linux): every process whose group id is the
 * group's, summed (nginx's master and workers; an API replica's node process).
 */
import fs from 'node:fs';

/** Linux's USER_HZ, the unit of /proc's CPU times. */
const CLOCK_TICKS = 100;

export interface Usage {
  rssMb: number;
  cpuMs: number;
}

export interface GroupStats {
  replicas: Usage[];
  nginx: Usage;
}

function processesOf(pgid: number): number[] {
  const out: number[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(rest[2]) === pgid) out.push(Number(name));
    } catch {
      // The process ended while listed.
    }
  }
  return out;
}

export function usageOf(pgid: number): Usage {
  return usageOfPids(processesOf(pgid));
}

/** The processes' summed memory and CPU. */
export function usageOfPids(pids: number[]): Usage {
  let rssKb = 0;
  let ticks = 0;
  for (const pid of pids) {
    try {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      rssKb += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(rest[11]) + Number(rest[12]);
    } catch {
      // Gone meanwhile.
    }
  }
  return { rssMb: Math.round(rssKb / 1024), cpuMs: (ticks * 1000) / CLOCK_TICKS };
}

export function groupStats(pids: { replicas: number[]; nginx: number }): GroupStats {
  return { replicas: pids.replicas.map(usageOf), nginx: usageOf(pids.nginx) };
}
