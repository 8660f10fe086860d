/**
 * The scale-out deployment on loopback ports: a devnet the test mines (tests/faults/chain.ts),
 * a PostgreSQL database of its own, one indexer and N API processes (`server/main.ts indexer` /
 * `api`, run as the operator runs them), and nginx in front (nginx.ts).
 */
import { freePort } from '../../server/chain/devnet';
import { createTestPgDatabase, type TestPgDatabase } from '../helpers/pg';
import { ensureDistBuilt } from '../helpers/distBuild';
import { spawnGroup, type GroupProcess } from '../helpers/processGroup';
import { cleanProductEnv, getJson, REPO_ROOT } from '../helpers/product';
import path from 'node:path';
import { startFaultChain, waitFor, type FaultChain } from '../faults/chain';
import { startNginx, type Nginx, type NginxCapacity } from './nginx';
import { apiPaths } from '../../common/api/paths';

export interface Replica {
  port: number;
  url: string;
  proc: GroupProcess;
}

export interface Cluster {
  chain: FaultChain;
  db: TestPgDatabase;
  indexer: GroupProcess;
  replicas: Replica[];
  nginx: Nginx;
  /** Resolves once the API (through nginx) reports block `n` indexed. */
  indexedAt(n: number, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

const JWT_SECRET = 'scaleout-test-secret-0123456789abcdef0123456789abcdef';

export async function startCluster(opts: {
  nginxBin: string;
  replicas: number;
  initialBlocks: number;
  env?: NodeJS.ProcessEnv;
  nginxCapacity?: NginxCapacity;
}): Promise<Cluster> {
  ensureDistBuilt();
  const db = await createTestPgDatabase();
  if (!db) throw new Error('no PostgreSQL server (TEST_DATABASE_URL)');
  const started: { stop(): Promise<unknown> }[] = [];
  try {
    const chain = await startFaultChain(18, opts.initialBlocks);
    started.push(chain);
    const base = {
      ...cleanProductEnv(),
      RUBY_RPC_URL: chain.devnet.url,
      DATABASE_URL: db.url,
      JWT_SECRET,
      TRUST_PROXY: 'loopback',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...opts.env,
    };
    const indexer = spawnGroup(process.execPath, ['--import', 'tsx', 'server/main.ts', 'indexer'], {
      cwd: REPO_ROOT,
      logName: 'scaleout-indexer',
      env: { ...base, INDEXER_POLL_MS: '100' },
    });
    started.push(indexer);
    await indexer.waitForOutput(/indexer: following/, 120_000);
    const replicas: Replica[] = [];
    for (let i = 0; i < opts.replicas; i++) {
      const port = await freePort();
      const proc = spawnGroup(process.execPath, ['--import', 'tsx', 'server/main.ts', 'api'], {
        cwd: REPO_ROOT,
        logName: `scaleout-api-${i + 1}`,
        env: { ...base, PORT: String(port), DATA_DIR: path.join(chain.dir, `api-${i + 1}`) },
      });
      started.push(proc);
      replicas.push({ port, url: `http://127.0.0.1:${port}`, proc });
    }
    await Promise.all(replicas.map((r) => r.proc.waitForOutput(/api: http/, 120_000)));
    const nginx = await startNginx(opts.nginxBin, {
      port: await freePort(),
      replicas: replicas.map((r) => r.port),
      dist: path.join(REPO_ROOT, 'dist'),
      capacity: opts.nginxCapacity,
    });
    started.push(nginx);
    const indexedAt = (n: number, timeoutMs = 60_000) =>
      waitFor(
        async () => {
          const s = await getJson<{ result?: { indexedBlock?: number | null } }>(`${nginx.url}${apiPaths.indexingStatus()}`);
          return (s?.result?.indexedBlock ?? -1) >= n;
        },
        timeoutMs,
        () => `block ${n} not indexed:\n${indexer.output().slice(-1500)}`,
      );
    return {
      chain,
      db,
      indexer,
      replicas,
      nginx,
      indexedAt,
      async stop() {
        for (const s of started.reverse()) await s.stop().catch(() => undefined);
        await db.drop();
      },
    };
  } catch (err) {
    for (const s of started.reverse()) await s.stop().catch(() => undefined);
    await db.drop();
    throw err;
  }
}
