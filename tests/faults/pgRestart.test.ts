/**
 * Fault: PostgreSQL restarted once (stopped, 5 s down, started) under a split `indexer` process
 * and an `api` process. A private cluster (privatePg.ts), never the machine's shared server.
 * During the outage every API request must end within 6 s with 503 JSON (or 200 from a cache),
 * afterwards 200 again; neither process may die; the indexer catches up by itself; a socket
 * client connected before the restart gets new blocks again (LISTEN/NOTIFY re-established on
 * both sides); the database then equals the node.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { SOCKET_PATH, type ClientToServerEvents, type ServerToClientEvents } from '../../common/api/socket';
import { freePort } from '../../server/chain/devnet';
import { openDatabase } from '../../server/db/database';
import { isCI } from '../helpers/pg';
import { spawnGroup, type GroupProcess } from '../helpers/processGroup';
import { cleanProductEnv, readIndexingStatus, REPO_ROOT } from '../helpers/product';
import { compareWithNode, logComparison } from '../helpers/verifyIndex';
import { sleep, startFaultChain, waitFor, type FaultChain } from './chain';
import { privatePgUnavailable, startPrivatePg, type PrivatePg } from './privatePg';
import { apiPaths } from '../../common/api/paths';

const DOWN_MS = 5_000;
const REQUEST_BOUND_MS = 6_000;
const why = privatePgUnavailable();
if (why && isCI()) throw new Error(`CI is set but a private PostgreSQL cluster cannot run: ${why}`);
if (why) console.log(`[faults] PostgreSQL restart skipped: ${why}`);

let chain: FaultChain;
let pg: PrivatePg;
const procs: GroupProcess[] = [];

beforeAll(async () => {
  if (why) return;
  pg = await startPrivatePg();
  chain = await startFaultChain(61, 30);
});

afterAll(async () => {
  for (const p of procs) await p.stop();
  await pg?.destroy();
  await chain?.stop();
});

interface Sample {
  at: number;
  status: number;
  ms: number;
  json: boolean;
}

async function probe(url: string): Promise<Sample> {
  const t = Date.now();
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(REQUEST_BOUND_MS + 4_000) });
    const body = (await res.json().catch(() => null)) as { status?: unknown; message?: unknown } | null;
    const json = res.status === 200 ? body?.status === true : body?.status === false && typeof body.message === 'string';
    return { at: t, status: res.status, ms: Date.now() - t, json };
  } catch {
    return { at: t, status: 0, ms: Date.now() - t, json: false };
  }
}

it.skipIf(why !== null)(
  'PostgreSQL restarted under the indexer and the API: 503 JSON during it, everything back by itself after',
  async () => {
    const port = await freePort();
    const env = {
      ...cleanProductEnv(),
      RUBY_RPC_URL: chain.devnet.url,
      DATABASE_URL: pg.url,
      INDEXER_POLL_MS: '200',
      JWT_SECRET: 'faults-test-secret-faults-test-secret',
    };
    const indexer = spawnGroup(process.execPath, ['--import', 'tsx', 'server/main.ts', 'indexer'], {
      cwd: REPO_ROOT,
      env,
      logName: 'faults-pg-restart-indexer',
    });
    procs.push(indexer);
    const base = `http://127.0.0.1:${port}`;
    const indexed = async () => (await readIndexingStatus(base))?.indexedBlock ?? -1;
    await indexer.waitForOutput(/indexer: following/, 120_000); // migrated: the API process does not migrate
    const api = spawnGroup(process.execPath, ['--import', 'tsx', 'server/main.ts', 'api'], {
      cwd: REPO_ROOT,
      env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
      logName: 'faults-pg-restart-api',
    });
    procs.push(api);
    await waitFor(
      async () => (await indexed()) === (await chain.head()),
      180_000,
      () => `${api.output().slice(-1500)}\n${indexer.output().slice(-1500)}`,
    );

    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connect(base, { path: SOCKET_PATH, transports: ['websocket'] });
    let pushedBlock = -1;
    socket.on('getblock-update', (p) => {
      pushedBlock = Math.max(pushedBlock, p.blockdata[0]?.blockNumber ?? -1);
    });
    socket.emit('getblock');

    // Requests every 250 ms and a block every second, before, during and after the outage.
    const samples: Sample[] = [];
    let polling = true;
    const poller = (async () => {
      while (polling) {
        samples.push(await probe(`${base}${apiPaths.blocks({ page: 1, size: 10 })}`));
        await sleep(250);
      }
    })();
    const miner = (async () => {
      while (polling) {
        await chain.grow(1);
        await sleep(1000);
      }
    })();
    await sleep(3_000);
    const downAt = Date.now();
    await pg.restart(DOWN_MS);
    const upAt = Date.now();
    await waitFor(
      async () => samples.some((s) => s.at > upAt && s.status === 200),
      60_000,
      () => `no 200 after the restart: ${JSON.stringify(samples.slice(-5))}`,
    );
    const recoveredMs = (samples.find((s) => s.at > upAt && s.status === 200) as Sample).at - upAt;
    await sleep(3_000);
    polling = false;
    await Promise.all([poller, miner]);

    const head = await chain.head();
    await waitFor(
      async () => (await indexed()) === head,
      120_000,
      () => `indexer did not catch up to ${head}:\n${indexer.output().slice(-2000)}`,
    );
    await waitFor(
      async () => pushedBlock >= head,
      30_000,
      () => `no socket push of block ${head} after the restart (last ${pushedBlock}):\n${api.output().slice(-1500)}`,
    );
    socket.close();

    const during = samples.filter((s) => s.at >= downAt && s.at <= upAt);
    const unavailable = samples.filter((s) => s.status === 503);
    const slowest = Math.max(...samples.map((s) => s.ms));
    console.log(
      `[faults] PostgreSQL restart (${DOWN_MS / 1000} s down, restart took ${((upAt - downAt) / 1000).toFixed(1)} s): ${samples.length} requests, ${during.length} during the outage, ` +
        `${unavailable.length} answered 503 JSON, other statuses ${JSON.stringify([...new Set(samples.map((s) => s.status))])}, slowest ${slowest} ms, first 200 ${recoveredMs} ms after the start; socket push of block ${pushedBlock} after it`,
    );
    expect(api.exitInfo()).toBeNull();
    expect(indexer.exitInfo()).toBeNull();
    expect(samples.every((s) => s.status === 200 || s.status === 503)).toBe(true);
    expect(samples.every((s) => s.json)).toBe(true);
    expect(slowest).toBeLessThan(REQUEST_BOUND_MS);
    expect(unavailable.length).toBeGreaterThan(0);
    expect(samples.at(-1)?.status).toBe(200);

    for (const p of procs.splice(0)) expect((await p.stop()).forced).toBe(false);
    const database = await openDatabase({ databaseUrl: pg.url, dataDir: null, migrate: false });
    try {
      const c = await compareWithNode(database.db, chain.rpc);
      logComparison('PostgreSQL restarted once', c);
      expect(c.mismatches).toEqual([]);
      expect(c.blocks).toBe(head + 1);
    } finally {
      await database.close();
    }
  },
);
