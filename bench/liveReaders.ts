/**
 * Live readers through nginx and API replicas: how many socket.io clients following the home page
 * the scale-out deployment holds, and how late each new block reaches them.
 *
 * The deployment is the scale-out suite's (tests/scaleout/cluster.ts: a devnet the bench mines,
 * PostgreSQL, one indexer process, BENCH_REPLICAS API processes, nginx with the operator's site
 * file in front). BENCH_LOADERS child processes (bench/lib/socketLoader.ts) open BENCH_CLIENTS
 * WebSocket clients through nginx in all (BENCH_CLIENT: `wire`, socket.io's protocol spoken light,
 * bench/lib/wireClient.ts; or `socketio`, socket.io-client parsing every push), BENCH_RAMP connections a second, each asking for the
 * home data, the latest blocks and the latest transactions, as the home page does. Then for
 * BENCH_SECONDS the bench mines a block with traffic every BENCH_BLOCK_MS; a block's "mined" time
 * is when the node announced it (newHeads). Per block: the time from mined to each client's
 * `getblock-update` push with that block on top (all clients pooled: median, p95, max) and the
 * clients that never got it (skipped). Blocks of the last 5 s are left out. Bytes: what each reader
 * was sent per block mined (every message after the mining began, framing included, by event:
 * `bytesPerReaderPerBlock`), beside the size of the first answers (`answerBytesPerClient`, whole
 * lists). Memory (VmRSS) and CPU of each replica and of nginx are read from /proc. Loopback only; the count and the time
 * are bounded by the environment (defaults: 10,000 clients, 2 replicas, 60 s).
 *
 *   npx tsx bench/liveReaders.ts   (needs nginx and PostgreSQL: TEST_DATABASE_URL or the local server)
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { HeadSubscription } from '../server/chain/headSubscription';
import { wsTwin } from '../server/chain/wsProbe';
import { startCluster } from '../tests/scaleout/cluster';
import { findNginx } from '../tests/scaleout/nginx';
import { percentile } from './liveLatency';
import { groupStats, usageOfPids, type GroupStats } from './lib/procStats';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10_000);
const REPLICAS = Number(process.env.BENCH_REPLICAS ?? 2);
const LOADERS = Number(process.env.BENCH_LOADERS ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const BLOCK_MS = Number(process.env.BENCH_BLOCK_MS ?? 2_000);
const RAMP = Number(process.env.BENCH_RAMP ?? 1_000);
/** 'wire': the light wire-protocol reader (default); 'socketio': socket.io-client, parsing every push. */
const CLIENT = process.env.BENCH_CLIENT === 'socketio' ? 'socketio' : 'wire';
const SETTLE_MS = 5_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Loader {
  child: ChildProcess;
  ask<T>(message: unknown, reply: string): Promise<T>;
}

function startLoader(): Loader {
  const child = fork(path.join(import.meta.dirname, 'lib', 'socketLoader.ts'), [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  return {
    child,
    ask: <T>(message: unknown, reply: string) =>
      new Promise<T>((resolve) => {
        const on = (m: { type: string }) => {
          if (m.type !== reply) return;
          child.off('message', on);
          resolve(m as T);
        };
        child.on('message', on);
        child.send(message as object);
      }),
  };
}

async function main(): Promise<void> {
  const nginxBin = findNginx();
  if (!nginxBin) throw new Error('nginx not found (apt-get install nginx)');
  console.log(
    `liveReaders: ${CLIENTS} clients through nginx and ${REPLICAS} replicas, ${LOADERS} loaders, a block every ${BLOCK_MS} ms for ${SECONDS} s`,
  );
  const cluster = await startCluster({
    nginxBin,
    replicas: REPLICAS,
    initialBlocks: 10,
    env: { SOCKET_MAX_PER_CLIENT: '0', LOG_LEVEL: 'warn' },
    // Two connections a proxied WebSocket (the client's and the replica's), spread over two workers.
    nginxCapacity: { workers: 2, workerConnections: CLIENTS + 2_048 },
  });
  const loaders = Array.from({ length: LOADERS }, startLoader);
  const mined = new Map<number, number>();
  const heads = new HeadSubscription({ url: wsTwin(cluster.chain.devnet.url), onHead: (n) => mined.set(n, Date.now()) });
  try {
    await cluster.indexedAt(10, 120_000);
    const pids = { replicas: cluster.replicas.map((r) => r.proc.pgid), nginx: cluster.nginx.proc.pgid };
    const idle = groupStats(pids);
    const per = Math.ceil(CLIENTS / LOADERS);
    const t0 = Date.now();
    const ups = await Promise.all(
      loaders.map((l, i) =>
        l.ask<{ count: number; failed: number; ms: number }>(
          {
            type: 'start',
            url: cluster.nginx.url,
            count: Math.min(per, CLIENTS - i * per),
            perSecond: RAMP / LOADERS,
            loader: i,
            client: CLIENT,
          },
          'connected',
        ),
      ),
    );
    const connected = ups.reduce((a, u) => a + u.count, 0);
    const failed = ups.reduce((a, u) => a + u.failed, 0);
    console.log(`liveReaders: ${connected} connected, ${failed} refused, in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    await sleep(3_000);
    const loaded = groupStats(pids);
    const loaderPids = loaders.map((l) => l.child.pid ?? 0);
    const loadersBefore = usageOfPids(loaderPids);
    heads.start();
    await sleep(1_000);
    // One block before the bytes are counted: a room's first push after its readers joined carries
    // whole lists (the replica had pushed nothing to compare with); the steady state is per block.
    await cluster.chain.grow(1);
    await sleep(Math.min(BLOCK_MS, 3_000));
    for (const l of loaders) l.child.send({ type: 'mark' });
    const start = Date.now();
    while (Date.now() - start < SECONDS * 1000) {
      const t = Date.now();
      await cluster.chain.grow(1);
      await sleep(Math.max(0, BLOCK_MS - (Date.now() - t)));
    }
    const end = Date.now() - SETTLE_MS;
    await sleep(SETTLE_MS);
    const after = groupStats(pids);
    const loadersAfter = usageOfPids(loaderPids);
    const reports = await Promise.all(
      loaders.map((l) =>
        l.ask<{
          received: Record<string, number[]>;
          clients: number;
          pushBytes: Record<string, number>;
          countedBytes: Record<string, { bytes: number; messages: number }>;
        }>({ type: 'report' }, 'report'),
      ),
    );
    const still = reports.reduce((a, r) => a + r.clients, 0);
    const lags: number[] = [];
    let skipped = 0;
    let blocks = 0;
    const perBlock: { block: number; p95: number; got: number }[] = [];
    for (const [n, at] of [...mined].sort((a, b) => a[0] - b[0])) {
      if (at < start || at > end) continue;
      blocks += 1;
      const times = reports.flatMap((r) => r.received[String(n)] ?? []);
      const own = times.map((x) => Math.max(0, x - at));
      lags.push(...own);
      skipped += Math.max(0, connected - times.length);
      perBlock.push({ block: n, p95: percentile(own, 95), got: times.length });
    }
    const summary = {
      clients: CLIENTS,
      connected,
      refused: failed,
      stillConnected: still,
      replicas: REPLICAS,
      blocks,
      deliveries: lags.length,
      skipped,
      medianMs: percentile(lags, 50),
      p95Ms: percentile(lags, 95),
      p99Ms: percentile(lags, 99),
      maxMs: lags.length ? Math.max(...lags) : NaN,
      worstBlockP95Ms: Math.max(...perBlock.map((b) => b.p95)),
      memory: describeMemory(idle, loaded, after),
      cpuPerBlockMs: {
        ...cpuPerBlock(loaded, after, blocks),
        clients: blocks ? Math.round((loadersAfter.cpuMs - loadersBefore.cpuMs) / blocks) : null,
      },
      answerBytesPerClient: reports[0]?.pushBytes,
      ...bytesPerBlock(reports, connected, [...mined.values()].filter((at) => at >= start).length),
    };
    console.log(JSON.stringify(summary, null, 2));
    const out = path.join(import.meta.dirname, '.out');
    fs.mkdirSync(out, { recursive: true });
    fs.writeFileSync(path.join(out, `liveReaders-${new Date().toISOString()}.json`), JSON.stringify({ summary, perBlock }, null, 2));
  } finally {
    heads.stop();
    for (const l of loaders) l.child.send({ type: 'stop' });
    await sleep(500);
    for (const l of loaders) l.child.kill('SIGKILL');
    await cluster.stop();
  }
}

/**
 * What each reader was sent per block mined (the messages of every event after the mining began,
 * framing included, all readers together, over readers and blocks), in all and by event.
 */
function bytesPerBlock(reports: { countedBytes: Record<string, { bytes: number; messages: number }> }[], readers: number, blocks: number) {
  const byEvent: Record<string, { bytes: number; messages: number }> = {};
  for (const r of reports)
    for (const [event, c] of Object.entries(r.countedBytes)) {
      const e = (byEvent[event] ??= { bytes: 0, messages: 0 });
      e.bytes += c.bytes;
      e.messages += c.messages;
    }
  const per = (bytes: number) => (readers && blocks ? Math.round(bytes / readers / blocks) : null);
  return {
    blocksMined: blocks,
    bytesPerReaderPerBlock: per(Object.values(byEvent).reduce((a, e) => a + e.bytes, 0)),
    bytesPerReaderPerBlockByEvent: Object.fromEntries(
      Object.entries(byEvent).map(([event, e]) => [
        event,
        { bytes: per(e.bytes), messagesPerReader: readers ? +(e.messages / readers).toFixed(1) : null },
      ]),
    ),
  };
}

function describeMemory(idle: GroupStats, loaded: GroupStats, after: GroupStats) {
  return {
    replicasMbIdle: idle.replicas.map((r) => r.rssMb),
    replicasMbLoaded: loaded.replicas.map((r) => r.rssMb),
    replicasMbAfter: after.replicas.map((r) => r.rssMb),
    nginxMbLoaded: loaded.nginx.rssMb,
  };
}

function cpuPerBlock(a: GroupStats, b: GroupStats, blocks: number) {
  if (blocks === 0) return null;
  return {
    replicas: b.replicas.map((r, i) => Math.round((r.cpuMs - (a.replicas[i]?.cpuMs ?? 0)) / blocks)),
    nginx: Math.round((b.nginx.cpuMs - a.nginx.cpuMs) / blocks),
  };
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
