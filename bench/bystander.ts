/**
 * A bystander under one caller's flood (issue #45, "abuse that cannot starve"): the product as the
 * e2e tests start it (devnet with traffic, PGlite, all-in-one), one client flooding the expensive
 * calls (compile, CSV export, getLogs over random topics) while another reads the home page's
 * data, as the SPA does, a request every 100 ms. Quiet first (the reference), then under the
 * flood; medians, p99 and max of the bystander, and the flood's answers by status.
 *
 * The two clients are told apart as behind nginx: the product trusts X-Forwarded-For from
 * loopback (TRUST_PROXY=loopback), so each has its own address and the flooder meets the per-caller
 * budgets a remote caller meets. Target: the bystander's p99 ≤ 100 ms under the flood.
 *
 *   npm run build && npx tsx bench/bystander.ts   (BENCH_SECONDS per phase, default 30;
 *   BENCH_FLOOD per kind, default 6 concurrent loops; BENCH_KINDS a regex picking the floods)
 */
import fs from 'node:fs';
import path from 'node:path';
import { apiPaths } from '../common/api/paths';
import { REPO_ROOT, startProduct } from '../tests/helpers/product';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const FLOOD = Number(process.env.BENCH_FLOOD ?? 6);
/** Which floods run (a regex over compile, export, getLogs). */
const KINDS = new RegExp(process.env.BENCH_KINDS ?? '.');
const BYSTANDER = '198.51.100.9';
const FLOODER = '203.0.113.7';
const ETHERSCAN_REFUSAL = 'Max rate limit reached';

const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};
const ms = (n: number) => `${n.toFixed(0)} ms`;
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));
const randomHex = (bytes: number) =>
  `0x${Array.from({ length: bytes }, () =>
    Math.floor(Math.random() * 256)
      .toString(16)
      .padStart(2, '0'),
  ).join('')}`;

interface Samples {
  times: number[];
  failed: number;
}

/** The bystander: GET home data every 100 ms until `until`. */
async function bystander(base: string, until: number): Promise<Samples> {
  const out: Samples = { times: [], failed: 0 };
  while (Date.now() < until) {
    const t0 = performance.now();
    try {
      const res = await fetch(`${base}${apiPaths.homeData()}`, { headers: { 'x-forwarded-for': BYSTANDER } });
      await res.arrayBuffer();
      if (res.ok) out.times.push(performance.now() - t0);
      else out.failed++;
    } catch {
      out.failed++;
    }
    await sleep(Math.max(0, 100 - (performance.now() - t0)));
  }
  return out;
}

/** One flood loop: the same call again and again until `until`, counting answers by status. */
async function floodLoop(until: number, call: () => Promise<Response>, statuses: Map<string, number>, kind: string): Promise<void> {
  while (Date.now() < until) {
    let key: string;
    try {
      const res = await call();
      const text = await res.text();
      // The Etherscan-style API refuses as Etherscan does: HTTP 200 with status "0" and this result.
      key = `${kind} ${res.status === 200 && text.includes(ETHERSCAN_REFUSAL) ? '429 (as Etherscan: 200 NOTOK)' : res.status}`;
      // A refused caller is told when to come back; a polite flooder would wait, this one does not.
    } catch (err) {
      key = `${kind} ${err instanceof Error ? err.name : 'error'}`;
    }
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
  }
}

function compileCall(base: string): () => Promise<Response> {
  const source = fs.readFileSync(path.join(REPO_ROOT, 'tests/fixtures/sol/GoldToken.sol'));
  return () => {
    const form = new FormData();
    form.set('contractName', 'GoldToken');
    form.set('contractType', 'RBC20');
    form.set('solFile', new Blob([source]), 'GoldToken.sol');
    return fetch(`${base}${apiPaths.compileContract()}`, { method: 'POST', body: form, headers: { 'x-forwarded-for': FLOODER } });
  };
}

function report(label: string, s: Samples): void {
  console.log(
    `${label}: ${s.times.length} answers, ${s.failed} failed; median ${ms(quantile(s.times, 0.5))}, p95 ${ms(quantile(s.times, 0.95))}, p99 ${ms(quantile(s.times, 0.99))}, max ${ms(Math.max(...s.times))}`,
  );
}

async function main(): Promise<void> {
  const product = await startProduct({ label: 'bystander', env: { TRUST_PROXY: 'loopback' } });
  try {
    const busy = product.deployment?.router ?? product.deployment?.tokens[0]?.address;
    if (!busy) throw new Error('no traffic deployment');
    console.log(`product at ${product.url}; ${SECONDS} s per phase, ${FLOOD} flood loops per kind`);
    await bystander(product.url, Date.now() + 3_000); // warm-up, not counted
    const quiet = await bystander(product.url, Date.now() + SECONDS * 1000);
    report('bystander, quiet', quiet);

    const until = Date.now() + SECONDS * 1000;
    const statuses = new Map<string, number>();
    const headers = { 'x-forwarded-for': FLOODER };
    const calls: Array<[string, () => Promise<Response>]> = [
      ['compile', compileCall(product.url)],
      ['export', () => fetch(`${product.url}${apiPaths.exportCsv({ kind: 'transactions', file: `${busy}.csv` })}`, { headers })],
      [
        'getLogs',
        () =>
          fetch(`${product.url}${apiPaths.etherscan()}?module=logs&action=getLogs&fromBlock=0&toBlock=latest&topic1=${randomHex(32)}`, {
            headers,
          }),
      ],
    ];
    const flood = calls
      .filter(([kind]) => KINDS.test(kind))
      .flatMap(([kind, call]) => Array.from({ length: FLOOD }, () => floodLoop(until, call, statuses, kind)));
    const loaded = await bystander(product.url, until);
    await Promise.all(flood);
    report('bystander, under the flood', loaded);
    console.log(
      `flood answers: ${[...statuses]
        .sort()
        .map(([k, n]) => `${k}: ${n}`)
        .join(', ')}`,
    );
    const p99 = quantile(loaded.times, 0.99);
    console.log(
      `p99 ratio flood/quiet: ${(p99 / quantile(quiet.times, 0.99)).toFixed(2)}; target p99 ≤ 100 ms: ${p99 <= 100 ? 'met' : 'NOT met'}`,
    );
  } finally {
    await product.stop();
  }
}

await main();
