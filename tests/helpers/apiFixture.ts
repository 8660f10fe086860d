/**
 * An indexed devnet and the API over it, for API tests:
 *
 *   const chain = await startIndexedChain({ steps: 10 });          // beforeAll (once per file)
 *   describeEachDatabase('blocks API', (getDb) => {
 *     let api: TestApi;
 *     beforeAll(async () => { api = await chain.api(getDb()); });  // indexes into that database
 *     afterAll(() => api.close());
 *     it('…', async () => { const res = await api.get('/api/getBlocks/1/20'); … });
 *   });
 *
 * The devnet mines only on demand (automine off, evm_mine after each traffic step), so the chain
 * is the same on every run with the same seed. `api.mine()` sends one more step of traffic, mines
 * it, indexes it and publishes the block event (as the indexer worker does in the product).
 */
import { TEST_MNEMONIC } from './devKeys';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../../server/config';
import { RpcClient } from '../../server/chain/rpc';
import { startDevnet, type Devnet } from '../../server/chain/devnet';
import { TrafficGenerator } from '../../server/chain/traffic';
import type { Database } from '../../server/db/database';
import { LocalBus } from '../../server/events';
import { Indexer } from '../../server/indexer/indexer';
import { buildApi } from '../../server/api/server';
import type { ApiContext } from '../../server/core/context';
import { TEST_COMPILE_CACHE_DIR } from './compileCache';

export interface IndexedChain {
  devnet: Devnet;
  rpc: RpcClient;
  traffic: TrafficGenerator;
  dir: string;
  /** Indexes the chain into this database and builds the API on it. */
  api(database: Database, overrides?: Partial<Config>, opts?: { distDir?: string; log?: (message: string) => void }): Promise<TestApi>;
  stop(): Promise<void>;
}

export interface TestApi {
  app: FastifyInstance;
  ctx: ApiContext;
  indexer: Indexer;
  bus: LocalBus;
  /** GET a path; returns the status code and the parsed JSON body. */
  get<T = Record<string, unknown>>(url: string): Promise<{ statusCode: number; body: T }>;
  /** One more traffic step, mined, indexed and announced. Returns the new block number. */
  mine(): Promise<number>;
  close(): Promise<void>;
}

export async function startIndexedChain(opts: { steps?: number; seed?: number } = {}): Promise<IndexedChain> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ruby-api-'));
  const devnet = await startDevnet({ dataDir: dir, mnemonic: TEST_MNEMONIC, port: 0, chainId: 18215, blockTime: 0 });
  const rpc = new RpcClient(devnet.url, { retries: 1, backoffMs: 50 });
  await rpc.call('evm_setAutomine', [false]);
  const traffic = new TrafficGenerator({
    rpcUrl: devnet.url,
    accounts: devnet.accounts,
    seed: opts.seed ?? 7,
    cacheDir: TEST_COMPILE_CACHE_DIR,
  });
  await traffic.setup();
  for (let i = 0; i < (opts.steps ?? 10); i++) {
    await traffic.step();
    await rpc.call('evm_mine', []);
  }
  return {
    devnet,
    rpc,
    traffic,
    dir,
    async api(database, overrides = {}, opts = {}) {
      // No compiler downloads in tests unless a test serves its own sources (tests/helpers/solcSources.ts).
      const config: Config = {
        ...loadConfig({ DATA_DIR: dir, RUBY_RPC_URL: devnet.url, SOLC_BINARIES_URL: 'off', SOLC_NPM_REGISTRY: 'off' }),
        ...overrides,
      };
      const indexer = new Indexer({ rpc, db: database.db, batchSize: 10, concurrency: 2 });
      await indexer.init();
      await indexer.runOnce();
      const bus = new LocalBus();
      const { app, ctx } = await buildApi({
        config,
        db: database,
        bus,
        rpcUrl: devnet.url,
        indexerStatus: () => indexer.status(),
        log: opts.log ?? (() => {}),
        // No SPA unless the test serves one (its pages' statuses: tests/server/api/pageStatus.test.ts).
        distDir: opts.distDir ?? path.join(dir, 'no-dist'),
      });
      await app.ready();
      return {
        app,
        ctx,
        indexer,
        bus,
        async get<T>(url: string) {
          const res = await app.inject({ method: 'GET', url });
          let body: unknown;
          try {
            body = res.json();
          } catch {
            body = res.body;
          }
          return { statusCode: res.statusCode, body: body as T };
        },
        async mine() {
          await traffic.step();
          await rpc.call('evm_mine', []);
          await indexer.runOnce();
          const st = indexer.status();
          const to = st.indexedBlock ?? 0;
          bus.publish({ type: 'blocks', from: to, to, hash: '', head: st.head, txCount: 0 });
          return to;
        },
        async close() {
          await app.close();
          await bus.close();
        },
      };
    },
    async stop() {
      await traffic.stop();
      await devnet.stop();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
