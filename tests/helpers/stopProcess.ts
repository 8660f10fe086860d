/**
 * SIGSTOP / SIGCONT of a process for outage tests (the node "hangs": its port still accepts
 * connections, nothing answers). kill() only queues the signal: a thread already running can
 * answer one more request, so stop() returns once /proc says the process is stopped.
 */
import fs from 'node:fs';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The state letter of /proc/<pid>/stat ('T' = stopped), or null where there is no /proc. */
function procState(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (2nd field) is in parentheses and may hold spaces: the state follows the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0] ?? null;
  } catch {
    return null;
  }
}

export async function stopProcess(pid: number, timeoutMs = 5_000): Promise<void> {
  process.kill(pid, 'SIGSTOP');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = procState(pid);
    if (state === null || state === 'T' || state === 't') break;
    if (Date.now() > deadline) throw new Error(`process ${pid} not stopped after ${timeoutMs} ms (state ${state})`);
    await sleep(10);
  }
  // Every thread: one still on its way into the stop could finish a reply; give it a moment.
  await sleep(50);
}

export function continueProcess(pid: number): void {
  process.kill(pid, 'SIGCONT');
}
