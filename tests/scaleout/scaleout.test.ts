/**
 * Scale-out for real (issue #18): PostgreSQL + devnet + one indexer + two API processes behind
 * nginx (deploy/nginx/ruby-explorer.conf, rendered for loopback ports). Through nginx: the route
 * walk, the SPA's hashed files from dist/ (gzip, a year's cache), the live channel on WebSocket
 * and on long-polling; on each replica: every socket request/update pair, every new block pushed
 * once; autocannon through nginx reaches both replicas; one replica killed, no page lost.
 */
import fs from 'node:fs';
import nodePath from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_EVENTS, SOCKET_PATH } from '../../common/api/socket';
import { pgAvailable } from '../helpers/db';
import { isCI } from '../helpers/pg';
import { startCluster, type Cluster } from './cluster';
import { findNginx } from './nginx';
import { apiPaths } from '../../common/api/paths';

const nginxBin = findNginx();
if (!nginxBin) {
  if (isCI()) throw new Error("CI is set but nginx is missing (.ci/run installs Debian's nginx)");
  console.warn('[scaleout] skipped: nginx is not installed (apt-get install nginx)');
}
const enabled = nginxBin !== null && pgAvailable;

/** The spec's routes (section 2), with real values where they take one. */
const ROUTES = (v: { block: number; tx: string; address: string }) => [
  '/',
  '/Alltransactions',
  '/Allblock',
  '/AllBlock',
  `/Block/${v.block}`,
  `/block/${v.block}`,
  `/transaction/${v.tx}`,
  `/address/${v.address}`,
  '/Topaccounts',
  '/Tokens',
  '/VerifiedRuby',
  '/Deploycontract',
  '/rubyWeb3Docs',
  '/Chart',
  '/Api',
  '/Account',
  '/Signup',
  '/Dashboard',
  '/IssueForm',
  '/Featurerequest',
  '/TermsAndConditions',
  '/PrivacyPolicy',
  '/Invalidinput',
  '/aa',
];
const CALLS = (v: { block: number; tx: string; address: string }) => [
  apiPaths.rubyPrice(),
  apiPaths.homeData(),
  apiPaths.allTx({ page: 1, size: 20 }),
  apiPaths.blocks({ page: 1, size: 20 }),
  apiPaths.block(v.block),
  apiPaths.txData(v.tx),
  apiPaths.userTx({ address: v.address, page: 1, size: 20 }),
  apiPaths.topAccountsPage({ page: 1, size: 20 }),
  apiPaths.tokensPage({ page: 1, size: 20 }),
  apiPaths.contracts(),
  apiPaths.transactionGraph(),
  apiPaths.blockChart(),
  apiPaths.searchContract(),
  apiPaths.indexingStatus(),
];

let cluster: Cluster;
let values: { block: number; tx: string; address: string };

beforeAll(async () => {
  if (!enabled) return;
  cluster = await startCluster({ nginxBin: nginxBin as string, replicas: 2, initialBlocks: 20 });
  await cluster.indexedAt(await cluster.chain.head(), 120_000);
  const txs = (await (await fetch(`${cluster.nginx.url}${apiPaths.allTx({ page: 1, size: 20 })}`)).json()) as {
    result: { hash: string; from: string; blockNumber: number }[];
  };
  const tx = txs.result[0];
  if (!tx) throw new Error('no transaction indexed');
  values = { block: tx.blockNumber, tx: tx.hash, address: tx.from };
});

afterAll(async () => {
  await cluster?.stop();
});

/** Requests served by a replica so far (its /metrics). */
async function served(url: string): Promise<number> {
  const text = await (await fetch(`${url}${apiPaths.metrics()}`)).text();
  let n = 0;
  for (const m of text.matchAll(/^ruby_http_request_duration_seconds_count\{[^}]*\} (\d+)/gm)) n += Number(m[1]);
  return n;
}

describe.skipIf(!enabled)('scale-out behind nginx', () => {
  it("walks every route and the pages' API calls through nginx", async () => {
    const problems: string[] = [];
    for (const route of ROUTES(values)) {
      const res = await fetch(`${cluster.nginx.url}${route}`);
      const body = await res.text();
      if (res.status !== 200 || !/text\/html/.test(res.headers.get('content-type') ?? '') || !body.includes('<script'))
        problems.push(`${route}: ${res.status}`);
      if (!res.headers.get('content-security-policy')) problems.push(`${route}: no CSP (the API's headers must pass through)`);
    }
    for (const call of CALLS(values)) {
      const res = await fetch(`${cluster.nginx.url}${call}`);
      const body = (await res.json()) as { status?: boolean };
      if (res.status !== 200 || body.status !== true) problems.push(`${call}: ${res.status} ${JSON.stringify(body).slice(0, 120)}`);
    }
    expect(problems).toEqual([]);
  });

  it("serves the SPA's hashed files from dist/ with gzip and a year's cache", async () => {
    const html = await (await fetch(`${cluster.nginx.url}/`)).text();
    const asset = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
    expect(asset).toBeDefined();
    const res = await fetch(`${cluster.nginx.url}${asset}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('server')).toMatch(/nginx/);
    // The API's own compressed answers pass through as they are (brotli here).
    const api = await fetch(`${cluster.nginx.url}${apiPaths.allTx({ page: 1, size: 20 })}`, { headers: { 'accept-encoding': 'br' } });
    expect(api.headers.get('content-encoding')).toBe('br');
  });

  it('sets X-Forwarded-For itself: a client cannot choose the address its rate limit counts', async () => {
    const spoof = { 'x-forwarded-for': '203.0.113.9' };
    // Direct to a replica from loopback (a trusted proxy address), the header is believed: the
    // caller counts as 203.0.113.9, not exempt, so the rate-limit headers appear.
    const direct = await fetch(`${cluster.replicas[0]?.url}${apiPaths.rubyPrice()}`, { headers: spoof });
    expect(direct.headers.get('x-ratelimit-limit')).not.toBeNull();
    // Through nginx the header is replaced by the peer's address (loopback here, exempt).
    const proxied = await fetch(`${cluster.nginx.url}${apiPaths.rubyPrice()}`, { headers: spoof });
    expect(proxied.status).toBe(200);
    expect(proxied.headers.get('x-ratelimit-limit')).toBeNull();
  });

  it('pushes every new block to sockets on each replica and through nginx (WebSocket and long-polling), once each', async () => {
    const targets = [
      ...cluster.replicas.map((r, i) => ({ name: `replica ${i + 1}`, url: r.url, transports: ['websocket'] })),
      { name: 'nginx websocket', url: cluster.nginx.url, transports: ['websocket'] },
      { name: 'nginx polling', url: cluster.nginx.url, transports: ['polling'] },
    ];
    const sockets: Socket[] = [];
    const seen = new Map<string, { blocks: Set<number>; pushes: Map<number, number>; answered: Set<string> }>();
    try {
      for (const t of targets) {
        const s = connect(t.url, { path: SOCKET_PATH, transports: t.transports, reconnection: false, forceNew: true });
        sockets.push(s);
        const rec = { blocks: new Set<number>(), pushes: new Map<number, number>(), answered: new Set<string>() };
        seen.set(t.name, rec);
        for (const [request, update] of Object.entries(SOCKET_EVENTS)) {
          s.on(update, (payload: { blockdata?: { blockNumber: number }[] }) => {
            rec.answered.add(request);
            if (update !== SOCKET_EVENTS.getblock) return;
            for (const b of payload.blockdata ?? []) rec.blocks.add(b.blockNumber);
            // The first update is the answer to the request; the rest are pushes, one per block.
            if (!rec.answered.has('answer')) return void rec.answered.add('answer');
            const top = payload.blockdata?.[0]?.blockNumber ?? -1;
            rec.pushes.set(top, (rec.pushes.get(top) ?? 0) + 1);
          });
        }
        await new Promise<void>((resolve, reject) => {
          s.once('connect', resolve);
          s.once('connect_error', reject);
        });
        for (const request of Object.keys(SOCKET_EVENTS)) s.emit(request as 'getblock');
      }
      const from = (await cluster.chain.head()) + 1;
      for (let i = 0; i < 6; i++) {
        await cluster.chain.grow(1);
        await cluster.indexedAt(from + i);
        await new Promise((r) => setTimeout(r, 400));
      }
      const to = from + 5;
      await new Promise((r) => setTimeout(r, 1500));
      const report: string[] = [];
      for (const [name, rec] of seen) {
        const missing = Array.from({ length: to - from + 1 }, (_, i) => from + i).filter((b) => !rec.blocks.has(b));
        if (missing.length > 0) report.push(`${name}: blocks ${missing.join(', ')} never pushed`);
        const unanswered = Object.keys(SOCKET_EVENTS).filter((r) => !rec.answered.has(r));
        if (unanswered.length > 0) report.push(`${name}: no answer to ${unanswered.join(', ')}`);
        // Through the adapter (io.to instead of io.local) every socket would get one per replica.
        const twice = [...rec.pushes].filter(([, n]) => n > 1).map(([b]) => b);
        if (twice.length > 0) report.push(`${name}: blocks pushed more than once: ${twice.join(', ')}`);
      }
      expect(report).toEqual([]);
    } finally {
      for (const s of sockets) s.disconnect();
    }
  });

  it('spreads autocannon load through nginx over both replicas', async () => {
    const before = await Promise.all(cluster.replicas.map((r) => served(r.url)));
    // What each failed request met (a reset, a timeout), for the assertion's message.
    const errors: string[] = [];
    const result = await new Promise<Result>((resolve, reject) => {
      const run = autocannon(
        { url: `${cluster.nginx.url}${apiPaths.blocks({ page: 1, size: 20 })}`, connections: 8, duration: 5 },
        (err, res) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(res)),
      );
      run.on('reqError', (err: Error) => errors.push(`${(err as { code?: string }).code ?? ''} ${err.message}`.trim()));
    });
    const after = await Promise.all(cluster.replicas.map((r) => served(r.url)));
    const per = after.map((n, i) => n - (before[i] ?? 0));
    console.log(
      `[scaleout] autocannon through nginx: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}; per replica ${per.join(' / ')}`,
    );
    expect(result.non2xx).toBe(0);
    expect(result.errors, errors.slice(0, 5).join('; ')).toBe(0);
    const total = per.reduce((a, b) => a + b, 0);
    for (const n of per) expect(n).toBeGreaterThan(total * 0.2);
  });

  it('writes no key, password or API key to the logs nginx keeps (issue #45)', async () => {
    const key = `0x${'5eC7e7'.repeat(10)}abcd`;
    const apiKey = 'S3cretApiKeyValue0123456789';
    const secrets = [key.slice(2), 'pass-in-a-url-9876', apiKey];
    const urls = [
      apiPaths.sendInPath({ privateKey: key, recipient: `r${'2'.repeat(40)}`, amount: 1 }),
      apiPaths.registerInPath({ email: 'log@example.com', password: 'pass-in-a-url-9876' }),
      `${apiPaths.etherscan()}?module=proxy&action=eth_blockNumber&apikey=${apiKey}`,
      `${apiPaths.blocks({ page: 1, size: 5 })}?APIKEY=${apiKey}`,
    ];
    for (const url of urls) expect((await fetch(`${cluster.nginx.url}${url}`)).status, url).toBeLessThan(500);
    const log = fs.readFileSync(nodePath.join(cluster.nginx.dir, 'ruby-explorer.access.log'), 'utf8');
    for (const logged of ['GET /api/send/[redacted] ', 'GET /api/registration/[redacted] ', '&apikey=[redacted] ', '?APIKEY=[redacted] ']) {
      expect(log).toContain(logged);
    }
    for (const secret of secrets) expect(log, 'access log').not.toContain(secret);
  });

  it('loses no page when one replica is killed', async () => {
    const victim = cluster.replicas[1];
    if (!victim) throw new Error('no second replica');
    process.kill(-victim.proc.pgid, 'SIGKILL');
    await victim.proc.stop(2_000);
    const failures: string[] = [];
    let ok = 0;
    for (let round = 0; round < 3; round++) {
      for (const path of [...ROUTES(values), ...CALLS(values)]) {
        const res = await fetch(`${cluster.nginx.url}${path}`);
        await res.arrayBuffer();
        if (res.status === 200) ok++;
        else failures.push(`${path}: ${res.status}`);
      }
    }
    console.log(`[scaleout] one replica killed: ${ok} requests through nginx answered 200, ${failures.length} failed`);
    expect(failures).toEqual([]);
    // New blocks still reach the surviving replica's sockets through nginx.
    const s = connect(cluster.nginx.url, { path: SOCKET_PATH, transports: ['polling'], reconnection: false, forceNew: true });
    try {
      const next = (await cluster.chain.head()) + 1;
      const got = new Promise<void>((resolve) => {
        s.on(SOCKET_EVENTS.getblock, (p: { blockdata: { blockNumber: number }[] }) => {
          if ((p.blockdata[0]?.blockNumber ?? -1) >= next) resolve();
        });
      });
      await new Promise<void>((resolve, reject) => {
        s.once('connect', resolve);
        s.once('connect_error', reject);
      });
      s.emit('getblock');
      await cluster.chain.grow(1);
      await got;
    } finally {
      s.disconnect();
    }
    // With a replica down, nginx's error log writes failed upstream calls with their request line:
    // the routes carrying a secret keep theirs out of it.
    const key = `0x${'9aB1c2'.repeat(10)}dcba`;
    for (let i = 0; i < 6; i++) {
      await fetch(`${cluster.nginx.url}${apiPaths.sendInPath({ privateKey: key, recipient: `r${'2'.repeat(40)}`, amount: 1 })}`);
      await fetch(`${cluster.nginx.url}${apiPaths.etherscan()}?module=proxy&action=eth_blockNumber&apikey=Err0rLogApiKey${i}`);
      await new Promise((r) => setTimeout(r, 1_000));
    }
    const errors = fs.readFileSync(nodePath.join(cluster.nginx.dir, 'ruby-explorer.error.log'), 'utf8');
    expect(errors, 'error log').not.toContain(key.slice(2));
    expect(errors, 'error log').not.toContain('Err0rLogApiKey');
  });
});
