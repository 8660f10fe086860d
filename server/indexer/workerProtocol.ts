/** Messages between the main thread and the indexer worker. */
import type { BatchEvent, IndexerStatus } from './indexer';

export interface WorkerInit {
  rpcUrl: string;
  databaseUrl: string | null;
  dataDir: string | null;
  indexerEnabled: boolean;
  indexer: { startBlock: number; batchSize: number; batchTxs?: number; concurrency: number; pollMs: number; newHeads?: boolean };
}

export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'log'; msg: string }
  | { type: 'batch'; event: BatchEvent; status: IndexerStatus }
  | { type: 'status'; status: IndexerStatus }
  | { type: 'error'; message: string }
  /** Indexing has ended (the last batch committed or abandoned); the database is still open. */
  | { type: 'indexer-stopped' }
  /** The database is closed too; the thread may be terminated. */
  | { type: 'stopped' };

/** Main thread → worker: 'stop' ends indexing, then 'close' closes the database. */
export type MainMessage = { type: 'stop' } | { type: 'close' };
