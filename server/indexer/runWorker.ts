/**
 * Main-thread handle on the indexer worker: starts it, relays its events, stops it cleanly.
 * In the embedded mode it also hands back the main thread's connection to the database, which
 * lives in the worker.
 */
import { MessageChannel, Worker } from 'node:worker_threads';
import { openRemoteDatabase } from '../db/remote';
import { workerEntry } from '../paths';
import type { Database } from '../db/database';
import type { BatchEvent, IndexerStatus } from './indexer';
import type { MainMessage, WorkerInit, WorkerMessage } from './workerProtocol';

export interface IndexerHandle {
  /** The main thread's database handle when the worker owns PGlite; null in PostgreSQL mode. */
  remoteDb: Database | null;
  status(): IndexerStatus;
  onBatch(fn: (e: BatchEvent, s: IndexerStatus) => void): () => void;
  /**
   * Ends indexing: the batch being committed finishes, nothing else starts. If that takes over
   * `budgetMs`, the thread is terminated (its open transaction is then never committed: PostgreSQL
   * rolls it back when the connection drops, PGlite recovers from its log at the next open) and
   * this resolves false.
   */
  stopIndexer(budgetMs?: number): Promise<boolean>;
  /** Closes the worker's database and ends the thread (after stopIndexer). */
  closeDatabase(budgetMs?: number): Promise<void>;
  /** stopIndexer, then closeDatabase. */
  stop(): Promise<void>;
  /** Ends the thread at once, mid-batch if it is in one (crash tests). */
  kill(): Promise<void>;
}

/**
 * The young generation of the indexer thread that owns PGlite, in MB (V8 sizes the semi-spaces at
 * a third of it). Left to itself V8 grows it to 32 MB on this allocation-heavy thread, and the old
 * generation and the C heap grow with it: with 12 MB the all-in-one process holds about 100 MB
 * less after a 20,000-transaction catch-up, and the PGlite catch-up rate did not change. On
 * PostgreSQL the indexer thread spent about a tenth more CPU with it, so that mode sets no limit
 * (bench/README.md, memory). A --max-semi-space-size flag on the command line (npm start has
 * one) overrides both: V8 flags apply to every isolate of the process, worker threads included,
 * and take precedence over a worker's resourceLimits.
 */
const EMBEDDED_YOUNG_GENERATION_MB = 12;

export async function startIndexerWorker(init: WorkerInit, log: (m: string) => void): Promise<IndexerHandle> {
  const embedded = init.databaseUrl === null;
  const channel = embedded ? new MessageChannel() : null;
  const entry = workerEntry('indexer/worker');
  const worker = new Worker(entry.file, {
    workerData: { ...init, dbPort: channel?.port2, tsEntry: entry.tsEntry },
    transferList: channel ? [channel.port2] : [],
    ...(embedded ? { resourceLimits: { maxYoungGenerationSizeMb: EMBEDDED_YOUNG_GENERATION_MB } } : {}),
  });
  let status: IndexerStatus = { indexedBlock: null, head: 0, percent: 0, catchingUp: true };
  const listeners = new Set<(e: BatchEvent, s: IndexerStatus) => void>();
  let indexerStopped: (() => void) | null = null;
  let stopped: (() => void) | null = null;

  await new Promise<void>((resolve, reject) => {
    worker.on('message', (m: WorkerMessage) => {
      switch (m.type) {
        case 'ready':
          resolve();
          break;
        case 'log':
          log(m.msg);
          break;
        case 'status':
          status = m.status;
          break;
        case 'batch':
          status = m.status;
          for (const fn of listeners) fn(m.event, m.status);
          break;
        case 'error':
          log(`indexer worker failed: ${m.message}`);
          reject(new Error(m.message));
          break;
        case 'indexer-stopped':
          indexerStopped?.();
          break;
        case 'stopped':
          stopped?.();
          break;
      }
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`indexer worker exited with code ${code}`)));
  });

  const remoteDb = channel ? openRemoteDatabase(channel.port1) : null;
  let terminated = false;
  let stopIndexerPromise: Promise<boolean> | null = null;
  const send = (m: MainMessage) => worker.postMessage(m);
  const terminate = async () => {
    if (terminated) return;
    terminated = true;
    channel?.port1.close();
    await worker.terminate();
  };
  const handle: IndexerHandle = {
    remoteDb,
    status: () => status,
    onBatch(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    async kill() {
      await terminate();
    },
    stopIndexer(budgetMs = 10_000) {
      stopIndexerPromise ??= (async () => {
        const done = new Promise<void>((r) => {
          indexerStopped = r;
        });
        send({ type: 'stop' });
        if (await within(done, budgetMs)) return true;
        log(`indexer: did not stop within ${budgetMs} ms; ending its thread (an open batch is not committed)`);
        await terminate();
        return false;
      })();
      return stopIndexerPromise;
    },
    async closeDatabase(budgetMs = 5_000) {
      if (!terminated) {
        const done = new Promise<void>((r) => {
          stopped = r;
        });
        send({ type: 'close' });
        if (!(await within(done, budgetMs))) log(`indexer: the database did not close within ${budgetMs} ms; ending the thread`);
      }
      await terminate();
    },
    async stop() {
      await handle.stopIndexer();
      await handle.closeDatabase();
    },
  };
  return handle;
}

/** True if `p` settled within `ms`. */
async function within(p: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const r = await Promise.race([
    p.then(() => true),
    new Promise<boolean>((res) => {
      timer = setTimeout(() => res(false), ms);
    }),
  ]);
  clearTimeout(timer);
  return r;
}
