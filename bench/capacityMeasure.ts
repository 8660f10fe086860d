/**
 * Latency of a real API process (`server/main.ts api`) against the capacity plan's synthetic
 * database (bench/capacity.ts): address page 1 and page 1,000 of the hot address, page 1 of an
 * ordinary one, transaction detail over many hashes, and the Etherscan-style getLogs by contract
 * and by event over 1,000 blocks (one range, then a different range each request) and by event over
 * 10,000 blocks. autocannon (--connections, default 4) after a 2 s warm-up; a devnet is started
 * only because the API process wants a node (the pages measured never ask it).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Request as CannonRequest } from 'autocannon';
import pg from 'pg';
import { freePort, startDevnet } from '../server/chain/devnet';
import { population, TRANSFER_TOPIC } from './capacityRows';
import { apiPaths } from '../common/api/paths';

const SEED = 'ruby-capacity-1';

interface Row {
  name: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
}

export async function measure(databaseUrl: string, opts: { seconds: number; connections: number }): Promise<string> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  const pop = population(SEED, 1_000_000);
  let hashes: string[];
  let head: number;
  let hotCount: number;
  let ordinary: string;
  try {
    hashes = (await c.query<{ hash: string }>('SELECT hash FROM transactions TABLESAMPLE SYSTEM (0.01) LIMIT 2000')).rows.map(
      (r) => r.hash,
    );
    head = Number((await c.query<{ n: string }>('SELECT max(number) AS n FROM blocks')).rows[0]?.n ?? 0);
    hotCount = Number((await c.query<{ n: string }>('SELECT tx_count AS n FROM addresses WHERE address = $1', [pop.hot])).rows[0]?.n ?? 0);
    // An address the chain has seen (one it has not is answered from the node, which here is an
    // empty devnet without the indexed blocks).
    ordinary =
      (
        await c.query<{ address: string }>('SELECT address FROM addresses WHERE tx_count BETWEEN 2 AND 100 AND address <> $1 LIMIT 1', [
          pop.hot,
        ])
      ).rows[0]?.address ?? pop.hot;
  } finally {
    await c.end();
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ruby-capacity-'));
  const devnet = await startDevnet({ dataDir: dir, port: 0, chainId: 18215, blockTime: 0, persist: false });
  const port = await freePort();
  const api = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', 'api'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      RUBY_RPC_URL: devnet.url,
      PORT: String(port),
      DATA_DIR: dir,
      RATE_LIMIT_ANONYMOUS: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  api.stdout.on('data', (d: Buffer) => {
    out += d.toString();
  });
  api.stderr.on('data', (d: Buffer) => {
    out += d.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; !/api: http/.test(out); i++) {
      if (i > 3000 || api.exitCode !== null) throw new Error(`api did not start:\n${out}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const from = Math.max(0, head - 50_000);
    const token = pop.tokens[7] as string;
    let h = 0;
    let shift = 0;
    const cases: { name: string; paths: () => string }[] = [
      {
        name: `address page 1 (hot address, ${hotCount.toLocaleString('en-US')} transactions)`,
        paths: () => apiPaths.userTx({ address: pop.hot, page: 1, size: 20 }),
      },
      { name: 'address page 1,000 (the same)', paths: () => apiPaths.userTx({ address: pop.hot, page: 1000, size: 20 }) },
      { name: 'address page 1 (an ordinary address)', paths: () => apiPaths.userTx({ address: ordinary, page: 1, size: 20 }) },
      {
        name: `transaction detail (${hashes.length} different hashes)`,
        paths: () => apiPaths.txData(hashes[h++ % hashes.length]!),
      },
      {
        name: 'getLogs by contract, 1,000 blocks',
        paths: () =>
          apiPaths.etherscan({
            module: 'logs',
            action: 'getLogs',
            address: token,
            fromBlock: from,
            toBlock: from + 999,
            page: 1,
            offset: 100,
          }),
      },
      {
        name: 'getLogs by topic0 + contract, 1,000 blocks',
        paths: () =>
          apiPaths.etherscan({
            module: 'logs',
            action: 'getLogs',
            address: token,
            topic0: TRANSFER_TOPIC,
            fromBlock: from,
            toBlock: from + 999,
            page: 1,
            offset: 100,
          }),
      },
      {
        // The two above repeat one range, which the API answers from its getLogs cache after the
        // first request; here each request asks a range starting one block later (always read).
        name: 'getLogs by topic0 + contract, 1,000 blocks, a different range each request',
        paths: () =>
          apiPaths.etherscan({
            module: 'logs',
            action: 'getLogs',
            address: token,
            topic0: TRANSFER_TOPIC,
            fromBlock: from + (shift % 10_000),
            toBlock: from + (shift++ % 10_000) + 999,
            page: 1,
            offset: 100,
          }),
      },
      {
        name: 'getLogs by topic0, 10,000 blocks, 1,000 per page, a different range each request',
        paths: () =>
          apiPaths.etherscan({
            module: 'logs',
            action: 'getLogs',
            topic0: TRANSFER_TOPIC,
            fromBlock: from + (shift % 10_000),
            toBlock: from + (shift++ % 10_000) + 9_999,
            page: 1,
            offset: 1000,
          }),
      },
    ];
    const rows: Row[] = [];
    for (const cse of cases) {
      const first = await fetch(`${url}${cse.paths()}`);
      const body = await first.text();
      if (first.status !== 200) throw new Error(`${cse.name}: ${first.status} ${body.slice(0, 300)}`);
      const requests = [{ method: 'GET' as const, setupRequest: (req: CannonRequest) => ({ ...req, path: cse.paths() }) }];
      await autocannon({ url, connections: opts.connections, duration: 2, requests });
      const r = await autocannon({ url, connections: opts.connections, duration: opts.seconds, requests });
      rows.push({
        name: cse.name,
        reqPerSec: Math.round(r.requests.average),
        p50: r.latency.p50,
        p99: r.latency.p99,
        max: r.latency.max,
        non2xx: r.non2xx,
      });
      console.log(`[measure] ${cse.name}: ${JSON.stringify(rows.at(-1))}`);
    }
    return [
      `| request | req/s | p50 ms | p99 ms | max ms | non-2xx |`,
      '|---|---:|---:|---:|---:|---:|',
      ...rows.map((r) => `| ${r.name} | ${r.reqPerSec} | ${r.p50} | ${r.p99} | ${r.max} | ${r.non2xx} |`),
    ].join('\n');
  } finally {
    api.kill('SIGTERM');
    await new Promise((r) => api.once('exit', r));
    await devnet.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
