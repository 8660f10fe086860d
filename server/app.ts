/**
 * The all-in-one product: devnet (when no node is configured) + traffic + indexer worker +
 * API/SPA server, started in that order and stopped in reverse.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config';
import { startDevnet, type Devnet } from './chain/devnet';
import { TrafficGenerator } from './chain/traffic';
import { openDatabase, type Database } from './db/database';
import { LocalBus, PgBus, type EventBus } from './events';
import { startIndexerWorker, type IndexerHandle } from './indexer/runWorker';
import { startApiServer, type ApiServer } from './api/server';

export interface App {
  url: string;
  rpcUrl: string;
  stop(): Promise<void>;
}

export type Log = (msg: string) => void;

export async function startDevnetAndTraffic(config: Config, log: Log): Promise<{ rpcUrl: string; devnet: Devnet | null; traffic: TrafficGenerator | null }> {
  fs.mkdirSync(config.dataDir, { recursive: true });
  let devnet: Devnet | null = null;
  let rpcUrl = config.rpcUrl;
  if (rpcUrl === null) {
    devnet = await startDevnet({ dataDir: config.dataDir, port: config.devnet.port, chainId: config.chainId, blockTime: config.devnet.blockTime, log });
    rpcUrl = devnet.url;
    log(`devnet: anvil on ${rpcUrl} (chain id ${config.chainId}, a block every ${config.devnet.blockTime} s)`);
  }
  let traffic: TrafficGenerator | null = null;
  if (config.traffic.enabled) {
    traffic = new TrafficGenerator({
      rpcUrl, seed: config.traffic.seed, log,
      stateFile: path.join(config.dataDir, 'devnet', 'traffic.json'),
      cacheDir: path.join(config.dataDir, 'cache'),
    });
    const t = traffic;
    // Deploying waits for blocks; the rest of the product does not wait for it.
    void t.setup().then(() => t.start()).catch((err: unknown) => log(`traffic: setup failed: ${err instanceof Error ? err.message : String(err)}`));
  }
  return { rpcUrl, devnet, traffic };
}

export async function startApp(config: Config, log: Log): Promise<App> {
  const { rpcUrl, devnet, traffic } = await startDevnetAndTraffic(config, log);
  let indexer: IndexerHandle | null = null;
  let db: Database;
  let bus: EventBus | null = null;
  let api: ApiServer | null = null;
  try {
    indexer = await startIndexerWorker({
      rpcUrl, databaseUrl: config.databaseUrl, dataDir: config.dataDir, indexerEnabled: true, indexer: config.indexer,
    }, log);
    db = indexer.remoteDb ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: null, migrate: false }));
    bus = new LocalBus();
    const b = bus;
    indexer.onBatch((e) => b.publish({ type: 'blocks', ...e }));
    const ix = indexer;
    api = await startApiServer({ config, db, bus, rpcUrl, indexerStatus: () => ix.status(), log });
    log(`Ruby Explorer: ${api.url}  (database: ${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`})`);
  } catch (err) {
    await api?.close().catch(() => {});
    await bus?.close().catch(() => {});
    await indexer?.stop().catch(() => {});
    await traffic?.stop();
    await devnet?.stop().catch(() => {});
    throw err;
  }
  const handles = { api, bus, indexer, db };
  return {
    url: api.url,
    rpcUrl,
    async stop() {
      await traffic?.stop();
      await handles.api.close().catch(() => {});
      await handles.bus.close().catch(() => {});
      if (handles.db !== handles.indexer.remoteDb) await handles.db.close().catch(() => {});
      await handles.indexer.stop().catch(() => {});
      await devnet?.stop().catch(() => {});
    },
  };
}

export { PgBus };
