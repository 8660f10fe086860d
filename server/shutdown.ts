/**
 * Orderly shutdown on SIGTERM / SIGINT: named steps run one after the other, each logged when it
 * starts and ends, within one hard deadline (10 s).
 *
 * Invariants:
 * - A step that fails or outlives its budget is logged by name and the next steps still run
 *   (anvil is stopped and the database closed even when the HTTP server hung); the exit code is
 *   then 1.
 * - Whatever happens, the process exits by the deadline: a timer logs the step it was stuck in
 *   and exits 1. A second signal during shutdown exits 1 at once.
 * - Each step is told its budget, so it can size its own fall-back (force-closing connections,
 *   terminating the indexer thread, SIGKILL for anvil) to end inside the deadline.
 */
export interface ShutdownStep {
  name: string;
  /** Most milliseconds this step may take (it also never gets more than what is left of the deadline). */
  maxMs?: number;
  run(budgetMs: number): Promise<unknown>;
}

export interface ShutdownResult {
  ok: boolean;
  /** Steps that failed or ran out of time. */
  failed: string[];
  ms: number;
}

export const SHUTDOWN_DEADLINE_MS = 10_000;
/** Kept back from the deadline for the last log line and process.exit. */
const RESERVE_MS = 300;

const describe = (err: unknown) => (err instanceof Error ? err.message : String(err));

export interface ShutdownRun {
  /** The step running now (for the deadline's message). */
  current: string | null;
}

export async function runShutdown(
  steps: ShutdownStep[],
  log: (m: string) => void,
  totalMs = SHUTDOWN_DEADLINE_MS,
  run: ShutdownRun = { current: null },
): Promise<ShutdownResult> {
  const started = Date.now();
  const failed: string[] = [];
  for (const step of steps) {
    const left = totalMs - RESERVE_MS - (Date.now() - started);
    const budget = Math.max(0, Math.min(step.maxMs ?? Number.POSITIVE_INFINITY, left));
    run.current = step.name;
    log(`shutdown: ${step.name}`);
    const t = Date.now();
    let timer: NodeJS.Timeout | undefined;
    const outcome = await Promise.race([
      step.run(budget).then(
        () => 'done' as const,
        (err: unknown) => ({ err }),
      ),
      new Promise<'timeout'>((r) => {
        timer = setTimeout(() => r('timeout'), budget);
      }),
    ]);
    clearTimeout(timer);
    if (outcome === 'done') {
      log(`shutdown: ${step.name} done (${Date.now() - t} ms)`);
    } else {
      failed.push(step.name);
      log(
        outcome === 'timeout'
          ? `shutdown: ${step.name} did not finish within ${budget} ms; going on`
          : `shutdown: ${step.name} failed: ${describe(outcome.err)}`,
      );
    }
  }
  run.current = null;
  const ms = Date.now() - started;
  log(failed.length === 0 ? `shutdown: complete in ${ms} ms` : `shutdown: finished in ${ms} ms with problems in: ${failed.join(', ')}`);
  return { ok: failed.length === 0, failed, ms };
}

export interface SignalSource {
  on(signal: 'SIGTERM' | 'SIGINT', fn: () => void): unknown;
}

export interface ShutdownOptions {
  log: (m: string) => void;
  /** The steps, built when the first signal comes (after whatever started has started). */
  steps: () => ShutdownStep[];
  deadlineMs?: number;
  /** Where signals come from (the process; tests pass an emitter). */
  signals?: SignalSource;
  exit?: (code: number) => void;
}

/** On the first SIGTERM/SIGINT runs the steps, then exits 0 (1 when a step failed). */
export function exitOnSignals(opts: ShutdownOptions): void {
  const deadline = opts.deadlineMs ?? SHUTDOWN_DEADLINE_MS;
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  const signals = opts.signals ?? process;
  const run: ShutdownRun = { current: null };
  let shuttingDown = false;
  const onSignal = (signal: string) => {
    if (shuttingDown) {
      opts.log(`${signal} again during shutdown${run.current ? ` (in: ${run.current})` : ''}: exiting now`);
      exit(1);
      return;
    }
    shuttingDown = true;
    opts.log(`${signal}: shutting down (at most ${deadline / 1000} s)`);
    const hard = setTimeout(() => {
      opts.log(`shutdown: not done within ${deadline / 1000} s${run.current ? ` (stuck in: ${run.current})` : ''}; exiting`);
      exit(1);
    }, deadline);
    void runShutdown(opts.steps(), opts.log, deadline, run).then((r) => {
      clearTimeout(hard);
      exit(r.ok ? 0 : 1);
    });
  };
  signals.on('SIGTERM', () => onSignal('SIGTERM'));
  signals.on('SIGINT', () => onSignal('SIGINT'));
}
