/**
 * The scale-out mode: one `indexer` process and any number of stateless `api` processes on one
 * PostgreSQL server, new-block events between them through LISTEN/NOTIFY.
 */
import type { Config } from './config';
import { closeHttp } from './app';
import { openDatabase } from './db/database';
import { PgBus, type EventBus } from './events';
import { ReplicaGatedBus } from './db/replicaBus';
import { Indexer, type IndexerStatus } from './indexer/indexer';
import { SHUTDOWN_CANCEL_MESSAGE, StoppableRpcClient } from './indexer/stoppableRpc';
import { startApiServer } from './api/server';
import { assertPortFree, listenError } from './ports';
import type { ShutdownStep } from './shutdown';

/**
 * Starts the process; returns its shutdown steps (run by shutdown.ts within 10 s). indexer: the
 * indexer (its batch in commit finishes), then the database. api: HTTP server and sockets, then
 * the database.
 */
export async function startSplitProcess(
  command: 'api' | 'indexer',
  config: Config,
  log: (m: string) => void,
): Promise<() => ShutdownStep[]> {
  if (!config.databaseUrl) throw new Error(`"${command}" runs against PostgreSQL: set DATABASE_URL (use "start" for the embedded mode)`);
  if (!config.rpcUrl) throw new Error(`"${command}" needs RUBY_RPC_URL (run "devnet" for a local chain)`);
  if (command === 'api') await assertPortFree('PORT', config.host, config.port);
  // DATABASE_READ_URL: the API reads from the replica; the indexer writes, so it ignores it.
  const readUrl = command === 'api' ? config.databaseReadUrl : null;
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: null,
    migrate: command === 'indexer',
    readUrl,
    // The API's reads are cut short (API_STATEMENT_TIMEOUT_MS); the indexer keeps the long default.
    ...(command === 'api' ? { statementTimeoutMs: config.apiStatementTimeoutMs } : {}),
  });
  const pgBus = new PgBus(config.databaseUrl, log);
  await pgBus.waitReady();
  const bus: EventBus = readUrl === null ? pgBus : new ReplicaGatedBus(pgBus, database.db, log);
  if (readUrl !== null) log('api: reads from DATABASE_READ_URL, writes and events on DATABASE_URL');
  if (command === 'indexer') {
    // On this process's main thread: nothing else runs here, and in the benchmark the indexer
    // took about a fifth less CPU on a main thread than on a worker (bench/README.md).
    // Cancellable node calls: a shutdown does not wait for a whole catch-up round (stoppableRpc.ts).
    const rpc = new StoppableRpcClient(config.rpcUrl);
    let stopping = false;
    const quiet = (msg: string) => {
      if (!(stopping && msg.includes(SHUTDOWN_CANCEL_MESSAGE))) log(msg);
    };
    const indexer = new Indexer({
      rpc,
      db: database.db,
      ...config.indexer,
      log: quiet,
      onBatch: (e) => bus.publish({ type: 'blocks', ...e }),
    });
    await indexer.init();
    indexer.start();
    log(`indexer: following ${config.rpcUrl}`);
    return () => [
      {
        // Past its budget the process exits with the transaction open: PostgreSQL rolls it back.
        name: 'indexer',
        maxMs: 6_000,
        run: async () => {
          stopping = true;
          rpc.cancel();
          await indexer.stop();
          log(`indexer: stopped at block ${indexer.status().indexedBlock ?? 'none'}`);
        },
      },
      {
        name: 'database',
        run: async () => {
          await bus.close();
          await database.close();
        },
      },
    ];
  }
  // API process: the indexer's progress comes from the checkpoint row it keeps.
  let status: IndexerStatus = { indexedBlock: null, head: 0, percent: 0, catchingUp: true };
  const refresh = async () => {
    const st = await database.db.selectFrom('indexer_state').selectAll().where('id', '=', 1).executeTakeFirst();
    if (!st) return;
    const done = st.last_block === null ? 0 : st.last_block - st.start_block + 1;
    const total = Math.max(1, st.node_head - st.start_block + 1);
    const caught = st.last_block !== null && st.last_block >= st.node_head;
    status = {
      indexedBlock: st.last_block,
      head: st.node_head,
      percent: caught ? 100 : Math.floor((done / total) * 1000) / 10,
      catchingUp: !caught,
    };
  };
  await refresh();
  const timer = setInterval(() => void refresh().catch(() => {}), 1000);
  const api = await startApiServer({ config, db: database, bus, rpcUrl: config.rpcUrl, indexerStatus: () => status, log }).catch(
    async (err: unknown) => {
      clearInterval(timer);
      await bus.close().catch(() => {});
      await database.close().catch(() => {});
      throw listenError(err, 'PORT', config.port);
    },
  );
  log(`api: ${api.url}`);
  return () => [
    {
      name: 'HTTP server and sockets',
      maxMs: 5_000,
      run: (budget) => {
        clearInterval(timer);
        return closeHttp(api, budget);
      },
    },
    {
      name: 'database',
      run: async () => {
        await bus.close();
        await database.close();
      },
    },
  ];
}
