/**
 * Solidity compilation off the request thread. solc is synchronous asm.js that blocks its thread
 * for seconds, so the API hands each job to one worker thread, one job at a time (the machine is
 * small; two solc runs at once would only halve each other's speed).
 *
 * Invariants:
 * - A job that uses more than its time limit of the compiler thread's own CPU (threadCpu.ts; the
 *   wall clock where /proc is missing), or runs WALL_LIMIT_FACTOR times its limit in all, ends the
 *   worker (terminate() stops a busy thread); the next job starts a fresh one. The thread runs at
 *   a low priority, so on a busy machine it waits: that wait does not count against the job.
 *   A crashed worker fails only the job it was running.
 * - At most MAX_QUEUE jobs wait; more are refused at once (CompilerBusyError) instead of piling up.
 * - The worker is unref'd and ends itself after IDLE_MS without work: an idle API holds no 10 MB
 *   compiler in memory, and a test process can exit.
 */
import os from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { workerEntry } from '../paths';
import { loadSolcFile } from './solcLoader';
import { compileStandardJson, type CompileOptions, type CompileResult, type StandardJsonInput } from './compile';
import { ownThreadId, threadCpuMs } from './threadCpu';

export const DEFAULT_COMPILE_TIMEOUT_MS = 30_000;
/** However little CPU a job was given, it is stopped after this many times its limit in wall time. */
export const WALL_LIMIT_FACTOR = 10;
/** The compile thread's nice value (0 = the API's; 19 = the lowest). */
export const COMPILE_THREAD_NICE = 10;
const MAX_QUEUE = 8;
const IDLE_MS = 60_000;
/**
 * Compilers other than the bundled one a worker may hold (each 100-250 MB): a job for another one
 * recycles the worker first, so memory stays bounded however many versions are asked for.
 */
export const MAX_LOADED_COMPILERS = 2;

interface JobRequest {
  id: number;
  input: StandardJsonInput;
  soljson?: string;
  options?: CompileOptions;
}
type JobReply = { id: number; ok: true; result: CompileResult } | { id: number; ok: false; message: string };
/** The worker's first message: its thread id, for the CPU-time limit. */
type WorkerHello = { tid: number | null };

export class CompileTimeoutError extends Error {
  constructor(ms: number) {
    super(`Compilation took longer than ${Math.round(ms / 1000)} s and was stopped`);
    this.name = 'CompileTimeoutError';
  }
}

export class CompilerBusyError extends Error {
  constructor() {
    super('The compiler is busy with other contracts. Try again in a minute.');
    this.name = 'CompilerBusyError';
  }
}

interface Pending {
  input: StandardJsonInput;
  soljson?: string;
  options?: CompileOptions;
  timeoutMs: number;
  resolve: (r: CompileResult) => void;
  reject: (e: Error) => void;
}

export class CompilerPool {
  private worker: Worker | null = null;
  private queue: Pending[] = [];
  private running: Pending | null = null;
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | null = null;
  /** The soljson files the current worker has loaded. */
  private loaded = new Set<string>();
  /** The current worker's thread id (its hello message), null until then or without /proc. */
  private workerTid: number | null = null;

  constructor(private readonly opts: { wallLimitFactor?: number } = {}) {}

  /**
   * Compiles `input`; `soljson` is another compiler's file (server/verify/solcStore.ts); `options`
   * asks for source maps, or for the storage layouts alone (the artifacts then carry no code).
   */
  compile(
    input: StandardJsonInput,
    timeoutMs: number = DEFAULT_COMPILE_TIMEOUT_MS,
    soljson?: string,
    options?: CompileOptions,
  ): Promise<CompileResult> {
    if (this.queue.length >= MAX_QUEUE) return Promise.reject(new CompilerBusyError());
    return new Promise((resolve, reject) => {
      this.queue.push({ input, timeoutMs, resolve, reject, ...(soljson ? { soljson } : {}), ...(options ? { options } : {}) });
      this.pump();
    });
  }

  /** Ends the worker (pending jobs fail). */
  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    for (const p of this.queue.splice(0)) p.reject(new Error('compiler closed'));
    if (w) await w.terminate();
  }

  private spawn(): Worker {
    const entry = workerEntry('chain/compileWorker');
    // 4 GB old space: solc's asm.js heap grows with big inputs; the default limit is lower.
    const w = new Worker(entry.file, {
      workerData: { compileWorker: true, tsEntry: entry.tsEntry },
      resourceLimits: { maxOldGenerationSizeMb: 4096 },
    });
    this.workerTid = null;
    w.on('message', (m: JobReply | WorkerHello) => {
      if ('tid' in m && this.worker === w) this.workerTid = m.tid;
    });
    w.unref();
    return w;
  }

  private pump(): void {
    if (this.running || this.queue.length === 0) return;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const job = this.queue.shift();
    if (!job) return;
    this.running = job;
    if (job.soljson && !this.loaded.has(job.soljson) && this.loaded.size >= MAX_LOADED_COMPILERS && this.worker) {
      void this.worker.terminate();
      this.worker = null;
    }
    if (!this.worker) this.loaded = new Set();
    const worker = (this.worker ??= this.spawn());
    if (job.soljson) this.loaded.add(job.soljson);
    const id = this.nextId++;
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      this.running = null;
      fn();
      this.pump();
      this.scheduleIdle();
    };
    const drop = () => {
      if (this.worker === worker) this.worker = null;
    };
    const onMessage = (m: JobReply | WorkerHello) => {
      if (!('id' in m) || m.id !== id) return;
      finish(() => (m.ok ? job.resolve(m.result) : job.reject(new Error(m.message))));
    };
    const onError = (err: Error) => {
      drop();
      finish(() => job.reject(new Error(`The compiler failed: ${err.message}`)));
    };
    const onExit = (code: number) => {
      drop();
      finish(() => job.reject(new Error(`The compiler stopped unexpectedly (exit code ${code})`)));
    };
    // The thread's CPU at the start (a new worker's thread has used next to none yet).
    const cpuAtStart = this.workerTid === null ? 0 : (threadCpuMs(this.workerTid) ?? 0);
    const startedAt = Date.now();
    const stop = () => {
      drop();
      void worker.terminate();
      finish(() => job.reject(new CompileTimeoutError(job.timeoutMs)));
    };
    const check = () => {
      const cpu = this.workerTid === null ? null : threadCpuMs(this.workerTid);
      const left = cpu === null ? 0 : job.timeoutMs - (cpu - cpuAtStart);
      const wallLeft = job.timeoutMs * (this.opts.wallLimitFactor ?? WALL_LIMIT_FACTOR) - (Date.now() - startedAt);
      if (left <= 0 || wallLeft <= 0) stop();
      else timer = setTimeout(check, Math.max(250, Math.min(left, wallLeft)));
    };
    let timer = setTimeout(check, job.timeoutMs);
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    worker.postMessage({
      id,
      input: job.input,
      ...(job.soljson ? { soljson: job.soljson } : {}),
      ...(job.options ? { options: job.options } : {}),
    } satisfies JobRequest);
  }

  private scheduleIdle(): void {
    if (this.running || this.queue.length > 0 || !this.worker) return;
    this.idleTimer = setTimeout(() => {
      const w = this.worker;
      this.worker = null;
      if (w) void w.terminate();
    }, IDLE_MS);
    this.idleTimer.unref();
  }
}

let shared: CompilerPool | null = null;
/** The process-wide compiler (one worker for every API route that compiles). */
export function sharedCompiler(): CompilerPool {
  return (shared ??= new CompilerPool());
}

// ---- inside the worker thread ----
if (!isMainThread && (workerData as { compileWorker?: boolean } | null)?.compileWorker && parentPort) {
  const port = parentPort;
  // Below the API's and the indexer's threads: on Linux a nice value is per thread, and 0 names
  // the calling one, so a compile takes only the CPU they leave (a flood of compiles, answered one
  // at a time, must not slow every visitor's pages). Refused elsewhere: then it runs as before.
  try {
    os.setPriority(COMPILE_THREAD_NICE);
  } catch {
    // not permitted or not supported: same priority as the API
  }
  port.postMessage({ tid: ownThreadId() } satisfies WorkerHello);
  port.on('message', (m: JobRequest) => {
    // A compiler that fails to load (a damaged cache file) fails this job only.
    Promise.resolve()
      .then(() => compileStandardJson(m.input, m.soljson ? loadSolcFile(m.soljson) : undefined, m.options))
      .then(
        (result) => port.postMessage({ id: m.id, ok: true, result } satisfies JobReply),
        (err: unknown) =>
          port.postMessage({ id: m.id, ok: false, message: err instanceof Error ? err.message : String(err) } satisfies JobReply),
      );
  });
}
