/**
 * The product growing old (issue #38, defect 7; `npm run test:soak`): the whole product with its
 * bundled devnet at a block a second and the traffic generator, for SOAK_BLOCKS blocks (default
 * 8,640: a day of the default 10-second blocks, about 2.5 hours), then:
 * - the same latencies as a young product's (pages, API answers that read the node, the node
 *   itself): at the end a second product starts on a new chain and the two are asked in turn, so
 *   the machine's load at that moment weighs on both (the start's figures are logged beside them);
 * - the API's node breaker never opened ("node: not answering" never logged);
 * - the devnet's state file bounded: no larger than SOAK_MAX_STATE_MB, no historical states, the
 *   transactions kept about as many at the end as half-way (anvil's transaction-block keeper), and
 *   each new block adding only its header (stateParts.ts tells the parts). A start trims the file
 *   to the kept blocks (devnetState.ts), so a restart brings it back down.
 * A short run (SOAK_BLOCKS=600, about 12 minutes) checks the same on a younger chain.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { paths } from '../../common/api/paths';
import { startProduct, type Product } from '../helpers/product';
import { stateParts, type StateParts } from './stateParts';

const BLOCKS = Number(process.env.SOAK_BLOCKS ?? 8_640);
const MAX_STATE_MB = Number(process.env.SOAK_MAX_STATE_MB ?? 64);
const SAMPLES = 15;

let product: Product | null = null;
let young: Product | null = null;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const log = (m: string) => console.log(`${new Date().toISOString().slice(11, 19)} soak: ${m}`);

beforeAll(async () => {
  product = await startProduct({ label: 'soak', env: { DEVNET_BLOCK_TIME: '1' }, startTimeoutMs: 300_000 });
}, 320_000);
afterAll(async () => {
  await Promise.all([product?.stop(), young?.stop()]);
}, 60_000);

/** Median time (ms) of each request, asked SAMPLES times a second apart (of each product in turn). */
async function latencies(...ps: Product[]): Promise<Array<Record<string, number>>> {
  const times = ps.map(() => ({}) as Record<string, number[]>);
  for (let i = 0; i < SAMPLES; i++) {
    for (const [j, p] of ps.entries()) {
      for (const [name, send] of Object.entries(requestsOf(p))) {
        const t0 = performance.now();
        const res = await send();
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${name}: HTTP ${res.status}`);
        (times[j]![name] ??= []).push(performance.now() - t0);
      }
    }
    await sleep(1_000);
  }
  return times.map((t) => Object.fromEntries(Object.entries(t).map(([k, v]) => [k, Math.round(median(v))])));
}

function requestsOf(p: Product): Record<string, () => Promise<Response>> {
  return {
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
}

const head = async (p: Product) => Number(BigInt(await p.rpc<string>('eth_blockNumber')));
const stateFile = (p: Product) => path.join(p.dataDir, 'devnet', 'state.json');
const stateMb = (p: Product) => fs.statSync(stateFile(p), { throwIfNoEntry: false })?.size ?? 0;
const mb = (bytes: number) => Math.round(bytes / 1e5) / 10;

/** The state file's parts; anvil rewrites it in place, so a read during a save is tried again. */
async function partsOf(p: Product): Promise<StateParts> {
  for (let i = 0; ; i++) {
    try {
      return stateParts(fs.readFileSync(stateFile(p), 'utf8'));
    } catch (err) {
      if (i >= 20) throw err;
      await sleep(500);
    }
  }
}
const partsText = (s: StateParts) =>
  `${mb(s.bytes)} MB: ${s.blocks.count} blocks ${mb(s.blocks.bytes)} MB, ${s.transactions.count} transactions ${mb(s.transactions.bytes)} MB, ` +
  `${s.accounts.count} accounts ${mb(s.accounts.bytes)} MB (${s.accounts.storageSlots} slots), ${s.historicalStates} historical states`;

it(`after ${BLOCKS} blocks a second apart: the same latencies, no breaker opening, a bounded state file`, async () => {
  const p = product!;
  const start = await head(p);
  const [before] = await latencies(p);
  log(`block ${start}: latencies ${JSON.stringify(before)}`);
  let half: StateParts | null = null;
  for (let now = start; now < start + BLOCKS; now = await head(p)) {
    await sleep(Math.min(60_000, Math.max(5_000, (BLOCKS * 1000) / 40)));
    const status = await p.indexingStatus();
    log(`block ${await head(p)}: state ${mb(stateMb(p))} MB, indexed ${status.indexedBlock}`);
    if (!half && (await head(p)) >= start + BLOCKS / 2) {
      half = await partsOf(p);
      log(`half-way: state ${partsText(half)}`);
    }
  }
  const last = await partsOf(p);
  log(`the end: state ${partsText(last)}`);
  young = await startProduct({ label: 'soak-young', env: { DEVNET_BLOCK_TIME: '1' }, startTimeoutMs: 300_000 });
  await sleep(60_000); // its setup done, a few blocks and traffic steps on the new chain, as the old one had at the start
  const [after, fresh] = await latencies(p, young);
  log(`block ${await head(p)}: latencies ${JSON.stringify(after)}; a young product's meanwhile ${JSON.stringify(fresh)}`);
  const slower = Object.entries(after!).filter(([k, ms]) => ms > Math.max(2 * fresh![k]!, fresh![k]! + 50));
  expect(slower, `latencies of the old chain ${JSON.stringify(after)}, of a young one meanwhile ${JSON.stringify(fresh)}`).toEqual([]);
  const opened = p.process.output().match(/node: not answering[^\n]*/g) ?? [];
  expect(opened, 'the node breaker opened').toEqual([]);
  expect(mb(last.bytes), 'state file MB').toBeLessThanOrEqual(MAX_STATE_MB);
  expect(last.historicalStates, 'historical states in the state file').toBe(0);
  // The chain's state grows with the traffic's new accounts, token balances and NFTs, as any
  // chain's does. The history may not: transactions beyond the keeper's blocks are dropped, so
  // their part stays about the same; anvil keeps every block's header (no transactions, about
  // 1.6 KB), which the next start trims to the kept blocks (devnetState.ts).
  expect(last.transactions.count, `transactions kept; half-way ${partsText(half!)}; at the end ${partsText(last)}`).toBeLessThanOrEqual(
    Math.max(2_000, 1.5 * half!.transactions.count),
  );
  const perBlock = (last.blocks.bytes - half!.blocks.bytes) / Math.max(1, last.blocks.count - half!.blocks.count);
  expect(Math.round(perBlock), 'bytes a block adds to the blocks part in the last half').toBeLessThanOrEqual(2_500);
  const status = await p.indexingStatus();
  expect(status.indexedBlock ?? 0, 'the indexer keeps up').toBeGreaterThanOrEqual((await head(p)) - 5);
});
