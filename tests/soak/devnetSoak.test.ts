/**
 * The product growing old (issue #38, defect 7; `npm run test:soak`): the whole product with its
 * bundled devnet at a block a second and the traffic generator, for SOAK_BLOCKS blocks (default
 * 8,640: a day of the default 10-second blocks, about 2.5 hours), then:
 * - the same latencies as at the start (pages, API answers that read the node, the node itself);
 * - the API's node breaker never opened ("node: not answering" never logged);
 * - the devnet's state file bounded: no larger than SOAK_MAX_STATE_MB, and in the last half of
 *   the run growing by at most a tenth of its size at the half-way point.
 * A short run (SOAK_BLOCKS=600, about 12 minutes) checks the same on a younger chain.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { paths } from '../../common/api/paths';
import { startProduct, type Product } from '../helpers/product';

const BLOCKS = Number(process.env.SOAK_BLOCKS ?? 8_640);
const MAX_STATE_MB = Number(process.env.SOAK_MAX_STATE_MB ?? 64);
const SAMPLES = 15;

let product: Product | null = null;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const log = (m: string) => console.log(`${new Date().toISOString().slice(11, 19)} soak: ${m}`);

beforeAll(async () => {
  product = await startProduct({ label: 'soak', env: { DEVNET_BLOCK_TIME: '1' }, startTimeoutMs: 300_000 });
}, 320_000);
afterAll(async () => {
  await product?.stop();
}, 60_000);

/** Median time (ms) of each request, asked SAMPLES times a second apart. */
async function latencies(p: Product): Promise<Record<string, number>> {
  const requests: Record<string, () => Promise<Response>> = {
    'page /': () => fetch(`${p.url}/`),
    'api home screen': () => fetch(`${p.url}/api${paths.homeScreen()}`),
    'api pending (node)': () => fetch(`${p.url}/api${paths.pendingTx()}`),
    'api gas tracker (node)': () => fetch(`${p.url}/api${paths.gasTracker()}`),
    'node eth_blockNumber': () =>
      fetch(p.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
      }),
  };
  const times: Record<string, number[]> = {};
  for (let i = 0; i < SAMPLES; i++) {
    for (const [name, send] of Object.entries(requests)) {
      const t0 = performance.now();
      const res = await send();
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${name}: HTTP ${res.status}`);
      (times[name] ??= []).push(performance.now() - t0);
    }
    await sleep(1_000);
  }
  return Object.fromEntries(Object.entries(times).map(([k, v]) => [k, Math.round(median(v))]));
}

const head = async (p: Product) => Number(BigInt(await p.rpc<string>('eth_blockNumber')));
const stateMb = (p: Product) => fs.statSync(path.join(p.dataDir, 'devnet', 'state.json'), { throwIfNoEntry: false })?.size ?? 0;

it(`after ${BLOCKS} blocks a second apart: the same latencies, no breaker opening, a bounded state file`, async () => {
  const p = product!;
  const start = await head(p);
  const before = await latencies(p);
  log(`block ${start}: latencies ${JSON.stringify(before)}`);
  const sizes: Array<{ block: number; mb: number }> = [];
  for (let now = start; now < start + BLOCKS; now = await head(p)) {
    await sleep(Math.min(60_000, Math.max(5_000, (BLOCKS * 1000) / 40)));
    const mb = Math.round(stateMb(p) / 1e5) / 10;
    const status = await p.indexingStatus();
    sizes.push({ block: await head(p), mb });
    log(`block ${sizes.at(-1)!.block}: state ${mb} MB, indexed ${status.indexedBlock}`);
  }
  const after = await latencies(p);
  log(`block ${await head(p)}: latencies ${JSON.stringify(after)}`);
  const slower = Object.entries(after).filter(([k, ms]) => ms > Math.max(2 * before[k]!, before[k]! + 50));
  expect(slower, `latencies at the start ${JSON.stringify(before)}, at the end ${JSON.stringify(after)}`).toEqual([]);
  const opened = p.process.output().match(/node: not answering[^\n]*/g) ?? [];
  expect(opened, 'the node breaker opened').toEqual([]);
  const last = sizes.at(-1)!.mb;
  const half = sizes[Math.floor(sizes.length / 2)]!.mb;
  expect(last, 'state file MB').toBeLessThanOrEqual(MAX_STATE_MB);
  expect(last - half, `state file MB at the half-way point ${half}, at the end ${last}`).toBeLessThanOrEqual(Math.max(1, half / 10));
  const status = await p.indexingStatus();
  expect(status.indexedBlock ?? 0, 'the indexer keeps up').toBeGreaterThanOrEqual((await head(p)) - 5);
});
