/**
 * Worker-thread entry: the indexer runs here, off the HTTP thread. In the embedded mode this
 * thread also owns the PGlite database and answers the main thread's queries over a MessagePort
 * (PGlite blocks whatever thread it runs on while it works).
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { RpcClient } from '../chain/rpc';
import { openDatabase } from '../db/database';
import { serveDatabase } from '../db/remote';
import { startIdleCollector } from '../memory';
import { Indexer } from './indexer';
import type { WorkerInit, WorkerMessage } from './workerProtocol';

const init = workerData as WorkerInit & { dbPort?: MessagePort };
const post = (m: WorkerMessage) => parentPort?.postMessage(m);
const log = (msg: string) => post({ type: 'log', msg });

async function main(): Promise<void> {
  const database = await openDatabase({ databaseUrl: init.databaseUrl, dataDir: init.dataDir, migrate: true });
  const stopServing = init.dbPort ? serveDatabase(init.dbPort, database) : () => {};
  const rpc = new RpcClient(init.rpcUrl, { retries: 8, maxBackoffMs: 5000 });
  const indexer = new Indexer({
    rpc, db: database.db, ...init.indexer, log,
    onBatch: (event) => post({ type: 'batch', event, status: indexer.status() }),
  });
  await indexer.init();
  post({ type: 'ready' });
  if (init.indexerEnabled) indexer.start();
  const statusTimer = setInterval(() => post({ type: 'status', status: indexer.status() }), 1000);
  // Once a catch-up (or a burst of the HTTP thread's queries) is over, its garbage goes back.
  const collector = startIdleCollector();

  parentPort?.on('message', (m: { type: string }) => {
    if (m.type !== 'stop') return;
    void (async () => {
      clearInterval(statusTimer);
      collector.stop();
      await indexer.stop();
      stopServing();
      await database.close();
      post({ type: 'stopped' });
    })();
  });
}

main().catch((err: unknown) => {
  post({ type: 'error', message: err instanceof Error ? (err.stack ?? err.message) : String(err) });
});
