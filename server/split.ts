/**
 * The scale-out mode: one `indexer` process and any number of stateless `api` processes on one
 * PostgreSQL server, new-block events between them through LISTEN/NOTIFY.
 */
import type { Config } from './config';
import { RpcClient } from './chain/rpc';
import { openDatabase } from './db/database';
import { PgBus } from './events';
import { Indexer, type IndexerStatus } from './indexer/indexer';
import { startApiServer } from './api/server';

export async function startSplitProcess(command: 'api' | 'indexer', config: Config, log: (m: string) => void): Promise<() => Promise<void>> {
  if (!config.databaseUrl) throw new Error(`"${command}" runs against PostgreSQL: set DATABASE_URL (use "start" for the embedded mode)`);
  if (!config.rpcUrl) throw new Error(`"${command}" needs RUBY_RPC_URL (run "devnet" for a local chain)`);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: null, migrate: command === 'indexer' });
  const bus = new PgBus(config.databaseUrl, log);
  await bus.waitReady();
  if (command === 'indexer') {
    // On this process's main thread: nothing else runs here, and in the benchmark the indexer
    // took about a fifth less CPU on a main thread than on a worker (bench/README.md).
    const indexer = new Indexer({ rpc: new RpcClient(config.rpcUrl), db: database.db, ...config.indexer, log, onBatch: (e) => bus.publish({ type: 'blocks', ...e }) });
    await indexer.init();
    indexer.start();
    log(`indexer: following ${config.rpcUrl}`);
    return async () => {
      await indexer.stop();
      await bus.close();
      await database.close();
    };
  }
  // API process: the indexer's progress comes from the checkpoint row it keeps.
  let status: IndexerStatus = { indexedBlock: null, head: 0, percent: 0, catchingUp: true };
  const refresh = async () => {
    const st = await database.db.selectFrom('indexer_state').selectAll().where('id', '=', 1).executeTakeFirst();
    if (!st) return;
    const done = st.last_block === null ? 0 : st.last_block - st.start_block + 1;
    const total = Math.max(1, st.node_head - st.start_block + 1);
    const caught = st.last_block !== null && st.last_block >= st.node_head;
    status = { indexedBlock: st.last_block, head: st.node_head, percent: caught ? 100 : Math.floor((done / total) * 1000) / 10, catchingUp: !caught };
  };
  await refresh();
  const timer = setInterval(() => void refresh().catch(() => {}), 1000);
  const api = await startApiServer({ config, db: database, bus, rpcUrl: config.rpcUrl, indexerStatus: () => status, log });
  log(`api: ${api.url}`);
  return async () => {
    clearInterval(timer);
    await api.close();
    await bus.close();
    await database.close();
  };
}
