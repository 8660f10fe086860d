/**
 * Worker-thread entry: the indexer runs here, off the HTTP thread. In the embedded mode this
 * thread also owns the PGlite database and answers the main thread's queries over a MessagePort
 * (PGlite blocks whatever thread it runs on while it works).
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { openDatabase } from '../db/database';
import { serveDatabase } from '../db/remote';
import { startIdleCollector } from '../memory';
import { Indexer } from './indexer';
import { SHUTDOWN_CANCEL_MESSAGE, StoppableRpcClient } from './stoppableRpc';
import type { MainMessage, WorkerInit, WorkerMessage } from './workerProtocol';

const init = workerData as WorkerInit & { dbPort?: MessagePort };
const post = (m: WorkerMessage) => parentPort?.postMessage(m);
const log = (msg: string) => post({ type: 'log', msg });

async function main(): Promise<void> {
  const database = await openDatabase({ databaseUrl: init.databaseUrl, dataDir: init.dataDir, migrate: true });
  const stopServing = init.dbPort ? serveDatabase(init.dbPort, database) : () => {};
  const rpc = new StoppableRpcClient(init.rpcUrl, { retries: 8, maxBackoffMs: 5000 });
  let stopping = false;
  const indexer = new Indexer({
    rpc,
    db: database.db,
    ...init.indexer,
    // The round that the cancelled node calls end is not an error to report ("retrying").
    log: (msg) => {
      if (!(stopping && msg.includes(SHUTDOWN_CANCEL_MESSAGE))) log(msg);
    },
    onBatch: (event) => post({ type: 'batch', event, status: indexer.status() }),
  });
  await indexer.init();
  post({ type: 'ready' });
  if (init.indexerEnabled) indexer.start();
  const statusTimer = setInterval(() => post({ type: 'status', status: indexer.status() }), 1000);
  // Once a catch-up (or a burst of the HTTP thread's queries) is over, its garbage goes back.
  const collector = startIdleCollector();

  // Shutdown in two steps, so the main thread can stop anvil between them: 'stop' ends indexing
  // (the batch being committed finishes, nothing else starts), 'close' closes the database.
  parentPort?.on('message', (m: MainMessage) => {
    if (m.type === 'stop') {
      void (async () => {
        stopping = true;
        clearInterval(statusTimer);
        collector.stop();
        rpc.cancel();
        const t = Date.now();
        await indexer.stop();
        post({ type: 'status', status: indexer.status() });
        log(`indexer: stopped at block ${indexer.status().indexedBlock ?? 'none'} (${Date.now() - t} ms)`);
        post({ type: 'indexer-stopped' });
      })();
    } else if (m.type === 'close') {
      void (async () => {
        stopServing();
        await database.close();
        post({ type: 'stopped' });
      })();
    }
  });
}

main().catch((err: unknown) => {
  post({ type: 'error', message: err instanceof Error ? (err.stack ?? err.message) : String(err) });
});
