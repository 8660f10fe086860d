/**
 * Child processes in their own process group, for tests that start the product or its parts.
 *
 * Invariants:
 * - Every child runs in its own process group (detached), so stop() can reach everything it
 *   started (npm, node, anvil) even when the top process is gone; stop() only returns once the
 *   whole group has exited, and a process 'exit' hook SIGKILLs any group still alive, so a
 *   failing or crashing test leaves no anvil behind.
 * - stop() sends SIGTERM first (anvil saves its state, the indexer finishes its batch), SIGKILL
 *   only after a grace period.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../server/paths';

/** Logs of the product runs (test-results/ is ignored by git). */
export const E2E_LOG_DIR = path.join(PROJECT_ROOT, 'test-results', 'e2e');

const OUTPUT_KEEP = 200_000;

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
            reject(
              new Error(`${opts.logName} exited (code ${exit?.code}, signal ${exit?.signal}) before printing ${re}:\n${tail(output)}`),
            ),
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
