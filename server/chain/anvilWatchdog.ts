/**
 * A watchdog that stops anvil when this process dies, even by SIGKILL (no 'exit' hook runs then,
 * and anvil has no parent-death option).
 *
 * How: a tiny `sh` whose stdin is a pipe from us. We never write to it; when this process dies
 * the kernel closes our end, `read` returns at end of file, and the shell sends anvil SIGTERM (it
 * saves its state), then SIGKILL if it is still there 10 s later. On a clean stop anvil exits
 * first and we kill the watchdog (dismiss), so it never signals a pid that may have been reused.
 * No watchdog on Windows (no sh): the pid file (anvilPidFile.ts) still cleans up at the next start.
 */
import { spawn, type ChildProcess } from 'node:child_process';

export interface Watchdog {
  /** True while the watchdog process runs. */
  alive(): boolean;
  /** Ends the watchdog without touching anvil (anvil has exited). */
  dismiss(): void;
}

// $1 = anvil's pid. `kill -0` fails once anvil is gone (or is a zombie no one reaps: harmless).
const SCRIPT = `read _unused
kill -TERM "$1" 2>/dev/null || exit 0
i=0
while [ "$i" -lt 100 ] && kill -0 "$1" 2>/dev/null; do sleep 0.1; i=$((i + 1)); done
kill -KILL "$1" 2>/dev/null
exit 0`;

export function startWatchdog(anvilPid: number, log: (m: string) => void): Watchdog | null {
  if (process.platform === 'win32') return null;
  let child: ChildProcess;
  try {
    // Detached like anvil: a signal to our process group (Ctrl-C, a supervisor's SIGKILL of the
    // group) must not take the watchdog down with us before it has stopped anvil.
    child = spawn('sh', ['-c', SCRIPT, 'anvil-watchdog', String(anvilPid)], { stdio: ['pipe', 'ignore', 'ignore'], detached: true });
  } catch (err) {
    log(`devnet: no watchdog for anvil (${err instanceof Error ? err.message : String(err)}); the pid file still covers a crash`);
    return null;
  }
  let running = child.pid !== undefined;
  child.once('exit', () => {
    running = false;
  });
  child.once('error', (err) => {
    running = false;
    log(`devnet: no watchdog for anvil (${err.message}); the pid file still covers a crash`);
  });
  // Our end of the pipe must not keep the event loop (or a test run) alive.
  child.stdin?.on('error', () => {});
  (child.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  child.unref();
  return {
    alive: () => running,
    dismiss() {
      if (!running) return;
      // SIGKILL: a shell blocked in `read` may not act on SIGTERM before its read returns.
      child.kill('SIGKILL');
    },
  };
}
