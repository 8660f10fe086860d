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
import type { WorkerInit, WorkerMessage } from './workerProtocol';

export interface IndexerHandle {
  /** The main thread's database handle when the worker owns PGlite; null in PostgreSQL mode. */
  remoteDb: Database | null;
  status(): IndexerStatus;
  onBatch(fn: (e: BatchEvent, s: IndexerStatus) => void): () => void;
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
  let stopped: (() => void) | null = null;

  await new Promise<void>((resolve, reject) => {
    worker.on('message', (m: WorkerMessage) => {
      switch (m.type) {
        case 'ready': resolve(); break;
        case 'log': log(m.msg); break;
        case 'status': status = m.status; break;
        case 'batch':
          status = m.status;
          for (const fn of listeners) fn(m.event, m.status);
          break;
        case 'error': log(`indexer worker failed: ${m.message}`); reject(new Error(m.message)); break;
        case 'stopped': stopped?.(); break;
      }
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`indexer worker exited with code ${code}`)));
  });

  const remoteDb = channel ? openRemoteDatabase(channel.port1) : null;
  return {
    remoteDb,
    status: () => status,
    onBatch(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    async kill() {
      await worker.terminate();
    },
    async stop() {
      const done = new Promise<void>((r) => { stopped = r; });
      worker.postMessage({ type: 'stop' });
      await Promise.race([done, new Promise((r) => setTimeout(r, 10_000))]);
      channel?.port1.close();
      await worker.terminate();
    },
  };
}
