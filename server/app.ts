/**
 * The all-in-one product: devnet (when no node is configured) + traffic + indexer worker +
 * API/SPA server, started in that order.
 *
 * Shutdown order (shutdownSteps, run by shutdown.ts within 10 s): HTTP server and sockets (no new
 * requests, socket.io clients told), traffic generator, indexer (its batch in commit finishes,
 * nothing else starts), anvil (SIGTERM: it saves its state), database. The indexer stops before
 * anvil so it never fails mid-batch on a vanished node; the database closes last.
 */
import { apiPaths } from '../common/api/paths';
import { verifySamples, type EtherscanPost } from './chain/trafficVerify';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config';
import { startDevnet, type Devnet } from './chain/devnet';
import { TrafficGenerator } from './chain/traffic';
import type { DevAccounts } from './chain/devAccounts';
import { keysFilePath, readDevnetAccounts } from './chain/devnetKeys';
import { openDatabase, type Database } from './db/database';
import { LocalBus, type EventBus } from './events';
import { startIndexerWorker, type IndexerHandle } from './indexer/runWorker';
import { startApiServer, type ApiServer } from './api/server';
import { assertPortFree, listenError } from './ports';
import { runShutdown, type ShutdownStep } from './shutdown';

export interface App {
  url: string;
  rpcUrl: string;
  /** The ordered shutdown (see the header). */
  shutdownSteps(): ShutdownStep[];
  /** Runs shutdownSteps (within the 10 s deadline, logging each step). */
  stop(): Promise<void>;
}

export type Log = (msg: string) => void;

/** Closes the HTTP server: in-flight requests get until shortly before `budgetMs`, then their connections are cut. */
export async function closeHttp(api: ApiServer, budgetMs: number): Promise<void> {
  const closing = api.close();
  let timer: NodeJS.Timeout | undefined;
  const inTime = await Promise.race([
    closing.then(() => true),
    new Promise<boolean>((r) => {
      timer = setTimeout(() => r(false), Math.max(0, budgetMs - 500));
    }),
  ]);
  clearTimeout(timer);
  if (!inTime) {
    api.app.server.closeAllConnections();
    await closing;
  }
}

/** Shutdown steps of the devnet and the traffic generator (the `devnet` command's whole shutdown). */
export function trafficStep(traffic: TrafficGenerator | null): ShutdownStep[] {
  return traffic ? [{ name: 'traffic generator', maxMs: 2_000, run: () => traffic.stop() }] : [];
}

export function devnetStep(devnet: Devnet | null): ShutdownStep[] {
  // SIGKILL shortly before the budget ends: a state dump cut short loses the last seconds, a
  // process outliving the product would be worse.
  return devnet ? [{ name: 'devnet (anvil)', run: (budget) => devnet.stop({ killAfterMs: Math.max(200, budget - 700) }) }] : [];
}

export async function startDevnetAndTraffic(
  config: Config,
  log: Log,
): Promise<{ rpcUrl: string; devnet: Devnet | null; traffic: TrafficGenerator | null }> {
  fs.mkdirSync(config.dataDir, { recursive: true });
  let devnet: Devnet | null = null;
  let rpcUrl = config.rpcUrl;
  if (rpcUrl === null) {
    devnet = await startDevnet({
      dataDir: config.dataDir,
      port: config.devnet.port,
      chainId: config.chainId,
      blockTime: config.devnet.blockTime,
      stateIntervalSec: config.devnet.stateIntervalSec,
      keepBlocks: config.devnet.keepBlocks,
      log,
    });
    rpcUrl = devnet.url;
  }
  let traffic: TrafficGenerator | null = null;
  const accounts = config.traffic.enabled ? trafficAccounts(config, devnet, log) : null;
  if (accounts) {
    traffic = new TrafficGenerator({
      rpcUrl,
      seed: config.traffic.seed,
      accounts,
      log,
      stateFile: path.join(config.dataDir, 'devnet', 'traffic.json'),
      cacheDir: path.join(config.dataDir, 'cache'),
    });
    const t = traffic;
    // Deploying waits for blocks; the rest of the product does not wait for it.
    void t
      .setup()
      .then(() => t.start())
      .catch((err: unknown) => log(`traffic: setup failed: ${err instanceof Error ? err.message : String(err)}`));
  }
  return { rpcUrl, devnet, traffic };
}

/**
 * Whose keys the traffic generator signs with: the bundled devnet's; with RUBY_RPC_URL (TRAFFIC=on),
 * those of DATA_DIR/devnet/keys.json (a devnet this data folder runs with `server devnet`), else none.
 */
function trafficAccounts(config: Config, devnet: Devnet | null, log: Log): DevAccounts | null {
  if (devnet) return devnet.accounts;
  if (fs.existsSync(keysFilePath(config.dataDir))) return readDevnetAccounts(config.dataDir);
  log(`traffic: off: TRAFFIC=on with RUBY_RPC_URL needs funded keys in ${keysFilePath(config.dataDir)} (the bundled devnet's)`);
  return null;
}

export async function startApp(config: Config, log: Log): Promise<App> {
  // A taken HTTP port is found before anvil and the database are started for nothing.
  await assertPortFree('PORT', config.host, config.port);
  const { rpcUrl, devnet, traffic } = await startDevnetAndTraffic(config, log);
  let indexer: IndexerHandle | null = null;
  let db: Database;
  let bus: EventBus | null = null;
  let api: ApiServer | null = null;
  try {
    indexer = await startIndexerWorker(
      {
        rpcUrl,
        databaseUrl: config.databaseUrl,
        dataDir: config.dataDir,
        indexerEnabled: true,
        indexer: config.indexer,
      },
      log,
    );
    // PostgreSQL: the API's own pool, with the API's short statement time-out (the indexer's worker has its own).
    db =
      indexer.remoteDb ??
      (await openDatabase({
        databaseUrl: config.databaseUrl,
        dataDir: null,
        migrate: false,
        statementTimeoutMs: config.apiStatementTimeoutMs,
      }));
    bus = new LocalBus();
    const b = bus;
    indexer.onBatch((e) => b.publish({ type: 'blocks', ...e }));
    const ix = indexer;
    api = await startApiServer({ config, db, bus, rpcUrl, indexerStatus: () => ix.status(), log }).catch((err: unknown) => {
      throw listenError(err, 'PORT', config.port);
    });
    log(`Ruby Explorer: ${api.url}  (database: ${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`})`);
    if (traffic && config.traffic.verify) verifyTrafficSamples(traffic, api.url, log);
  } catch (err) {
    await api?.close().catch(() => {});
    await bus?.close().catch(() => {});
    await indexer?.stop().catch(() => {});
    await traffic?.stop();
    await devnet?.stop().catch(() => {});
    throw err;
  }
  const handles = { api, bus, indexer, db };
  const shutdownSteps = (): ShutdownStep[] => [
    { name: 'HTTP server and sockets', maxMs: 3_000, run: (budget) => closeHttp(handles.api, budget) },
    ...trafficStep(traffic),
    { name: 'indexer', maxMs: 4_000, run: (budget) => handles.indexer.stopIndexer(Math.max(0, budget - 300)) },
    ...devnetStep(devnet),
    {
      name: 'database',
      run: async (budget) => {
        await handles.bus.close();
        if (handles.db !== handles.indexer.remoteDb) await handles.db.close();
        await handles.indexer.closeDatabase(Math.max(0, budget - 300));
      },
    },
  ];
  return {
    url: api.url,
    rpcUrl,
    shutdownSteps,
    async stop() {
      await runShutdown(shutdownSteps(), log);
    },
  };
}

/**
 * The traffic generator verifies its sample contracts through this product's Etherscan-style API,
 * as a deployer's tools would (server/chain/trafficVerify.ts); in the background, after its setup.
 */
function verifyTrafficSamples(traffic: TrafficGenerator, baseUrl: string, log: Log): void {
  const endpoint = new URL(apiPaths.etherscan(), baseUrl).href;
  const post: EtherscanPost = async (fields) => {
    const res = await fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(fields) });
    return (await res.json()) as Awaited<ReturnType<EtherscanPost>>;
  };
  void traffic
    .setup()
    .then((d) => verifySamples(d, { post, log }))
    .catch((err: unknown) => log(`traffic: verification failed: ${err instanceof Error ? err.message : String(err)}`));
}
