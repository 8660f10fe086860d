import { TEST_MNEMONIC, devWallets } from '../../helpers/devKeys';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Interface, id } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet, type Devnet } from '../../../server/chain/devnet';
import { RpcClient, hexToBigInt, hexToNumber } from '../../../server/chain/rpc';
import { TrafficGenerator, type Deployment, type SentRecord } from '../../../server/chain/traffic';

interface Tx {
  hash: string;
  from: string;
  to: string | null;
  value: string;
  input: string;
  nonce: string;
}
interface Receipt {
  transactionHash: string;
  status: string;
  logs: { address: string; topics: string[] }[];
}
interface Trace {
  type: string;
  traceAddress: number[];
  transactionHash: string;
  action: { value?: string; callType?: string };
}

const TRANSFER = id('Transfer(address,address,uint256)');
const SWAP = new Interface(['function swapExactTokensForTokens(uint256,uint256,address[],address)']);
const ROUNDS = 8;
const dirs: string[] = [];
const devnets: Devnet[] = [];

/** A fresh devnet that mines only on evm_mine, so each step lands in exactly one block. */
async function manualChain(): Promise<{ devnet: Devnet; rpc: RpcClient; dir: string }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ruby-traffic-'));
  dirs.push(dir);
  const devnet = await startDevnet({ dataDir: dir, mnemonic: TEST_MNEMONIC, port: 0, chainId: 18215, blockTime: 0 });
  devnets.push(devnet);
  const rpc = new RpcClient(devnet.url);
  await rpc.call('evm_setAutomine', [false]);
  return { devnet, rpc, dir };
}

/** step() + evm_mine, `rounds` times; returns each round's block transactions. */
async function run(gen: TrafficGenerator, rpc: RpcClient, rounds: number) {
  const out: { records: SentRecord[]; txs: Tx[]; receipts: Receipt[]; block: number }[] = [];
  for (let i = 0; i < rounds; i++) {
    const hashes = await gen.step();
    expect(hashes.length).toBeGreaterThanOrEqual(5);
    expect(hashes.length).toBeLessThanOrEqual(26);
    await rpc.call('evm_mine');
    const block = hexToNumber(await rpc.call<string>('eth_blockNumber'));
    const tag = `0x${block.toString(16)}`;
    const [full, receipts] = await rpc.batch<{ transactions: Tx[] } | Receipt[]>([
      { method: 'eth_getBlockByNumber', params: [tag, true] },
      { method: 'eth_getBlockReceipts', params: [tag] },
    ]);
    out.push({ records: gen.lastStep, txs: (full as { transactions: Tx[] }).transactions, receipts: receipts as Receipt[], block });
  }
  return out;
}

const canonical = (txs: Tx[]) =>
  txs
    .map((t) => ({
      from: t.from.toLowerCase(),
      nonce: hexToNumber(t.nonce),
      to: t.to?.toLowerCase() ?? null,
      value: t.value,
      input: t.input,
    }))
    .sort((a, b) => (a.from === b.from ? a.nonce - b.nonce : a.from < b.from ? -1 : 1));

let cacheDir: string;
let chain: Awaited<ReturnType<typeof manualChain>>;
let deployment: Deployment;
let rounds: Awaited<ReturnType<typeof run>>;
const seed = 18215;

beforeAll(async () => {
  cacheDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ruby-solc-cache-'));
  dirs.push(cacheDir);
  chain = await manualChain();
  const gen = new TrafficGenerator({
    rpcUrl: chain.devnet.url,
    accounts: chain.devnet.accounts,
    seed,
    cacheDir,
    stateFile: path.join(chain.dir, 'devnet', 'traffic.json'),
  });
  deployment = await gen.setup();
  rounds = await run(gen, chain.rpc, ROUNDS);
});

afterAll(async () => {
  await Promise.all(devnets.splice(0).map((d) => d.stop()));
  await Promise.all(dirs.splice(0).map((d) => fs.rm(d, { recursive: true, force: true })));
});

describe('traffic generator', () => {
  it('deploys three tokens, the DEX with three pools, the splitter and the NFT', async () => {
    expect(deployment.tokens.map((t) => t.symbol)).toEqual(['RGLD', 'RUSD', 'RSLV']);
    expect(deployment.pairs).toHaveLength(3);
    const record = JSON.parse(await fs.readFile(path.join(chain.dir, 'devnet', 'traffic.json'), 'utf8')) as Deployment;
    expect(record).toEqual(deployment);
    // The router created the pairs itself: internal contract creations in the traces.
    const blocks = new Set<number>();
    for (let b = 1; b <= deployment.deployedAtBlock + 3; b++) blocks.add(b);
    const traces = (
      await chain.rpc.batch<Trace[]>([...blocks].map((b) => ({ method: 'trace_block', params: [`0x${b.toString(16)}`] })))
    ).flat();
    expect(traces.filter((t) => t.type === 'create' && t.traceAddress.length > 0)).toHaveLength(3);
  });

  it('mines every transaction, and exactly the intended ones fail', () => {
    for (const r of rounds) {
      expect(r.receipts).toHaveLength(r.records.length);
      const status = new Map(r.receipts.map((x) => [x.transactionHash, x.status]));
      for (const rec of r.records) expect(status.get(rec.hash), `${rec.kind} ${rec.note ?? ''}`).toBe(rec.expectFail ? '0x0' : '0x1');
    }
    expect(rounds.flatMap((r) => r.receipts).filter((x) => x.status === '0x0').length).toBeGreaterThan(0);
  });

  it('sends coin, tokens, swaps of 2 and 3 hops, splitter calls and NFT mints', async () => {
    const txs = rounds.flatMap((r) => r.txs);
    const logs = rounds.flatMap((r) => r.receipts.filter((x) => x.status === '0x1').flatMap((x) => x.logs));
    const tokens = new Set(deployment.tokens.map((t) => t.address));
    expect(txs.some((t) => t.input === '0x' && hexToBigInt(t.value) > 0n)).toBe(true);
    expect(logs.some((l) => tokens.has(l.address.toLowerCase()) && l.topics[0] === TRANSFER)).toBe(true);
    const mints = logs.filter(
      (l) => l.address.toLowerCase() === deployment.nft && l.topics[0] === TRANSFER && hexToBigInt(l.topics[1]) === 0n,
    );
    expect(mints.length).toBeGreaterThan(0);
    const hops = txs
      .filter((t) => t.to?.toLowerCase() === deployment.router)
      .map((t) => (SWAP.decodeFunctionData('swapExactTokensForTokens', t.input)[2] as string[]).length);
    expect(new Set(hops)).toEqual(new Set([2, 3]));

    const splitterBlocks = rounds.filter((r) => r.txs.some((t) => t.to?.toLowerCase() === deployment.splitter));
    expect(splitterBlocks.length).toBeGreaterThan(0);
    const traces = (
      await chain.rpc.batch<Trace[]>(splitterBlocks.map((r) => ({ method: 'trace_block', params: [`0x${r.block.toString(16)}`] })))
    ).flat();
    const internalValue = traces.filter(
      (t) => t.traceAddress.length > 0 && t.action.callType === 'call' && hexToBigInt(t.action.value) > 0n,
    );
    expect(internalValue.length).toBeGreaterThan(0);
  });

  it('funds brand-new addresses that later send their own transactions', () => {
    const devs = new Set(devWallets().map((w) => w.address.toLowerCase()));
    const funded = new Map<string, number>();
    rounds.forEach((r, i) => r.records.filter((x) => x.kind === 'fund' && x.value > 0n).forEach((x) => funded.set(x.to, i)));
    expect(funded.size).toBeGreaterThan(0);
    const ownSenders = rounds.flatMap((r, i) =>
      r.txs.filter((t) => !devs.has(t.from.toLowerCase())).map((t) => ({ from: t.from.toLowerCase(), i })),
    );
    expect(ownSenders.length).toBeGreaterThan(0);
    for (const s of ownSenders) expect(funded.get(s.from)).toBeLessThan(s.i);
  });

  it('sends the same transactions for the same seed on a fresh chain', async () => {
    const other = await manualChain();
    const gen = new TrafficGenerator({ rpcUrl: other.devnet.url, accounts: other.devnet.accounts, seed, cacheDir });
    expect(await gen.setup()).toEqual(deployment);
    const again = await run(gen, other.rpc, 3);
    for (let i = 0; i < 3; i++) expect(canonical(again[i]?.txs ?? [])).toEqual(canonical(rounds[i]?.txs ?? []));

    const third = await manualChain();
    const different = new TrafficGenerator({ rpcUrl: third.devnet.url, accounts: third.devnet.accounts, seed: seed + 1, cacheDir });
    await different.setup();
    const otherSeed = await run(different, third.rpc, 1);
    expect(canonical(otherSeed[0]?.txs ?? [])).not.toEqual(canonical(rounds[0]?.txs ?? []));
  });

  it('reuses a recorded deployment, and follows the chain with start/stop', async () => {
    const head = hexToNumber(await chain.rpc.call<string>('eth_blockNumber'));
    const gen = new TrafficGenerator({
      rpcUrl: chain.devnet.url,
      accounts: chain.devnet.accounts,
      seed,
      cacheDir,
      stateFile: path.join(chain.dir, 'devnet', 'traffic.json'),
    });
    expect(await gen.setup()).toEqual(deployment);
    expect(hexToNumber(await chain.rpc.call<string>('eth_blockNumber'))).toBe(head);

    const poolSize = async () => hexToNumber((await chain.rpc.call<{ pending: string }>('txpool_status')).pending);
    const waitFor = async (ok: () => Promise<boolean>) => {
      const deadline = Date.now() + 30_000;
      while (!(await ok())) {
        if (Date.now() > deadline) throw new Error('timed out');
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    // A step is done when its record is replaced (after the node took the whole batch): waiting for
    // the first transaction in the pool instead let evm_mine seal a block with one of them (CI, loaded).
    const stepDone = async (before: unknown[]) => {
      await waitFor(async () => gen.lastStep !== before && (await poolSize()) > 0);
    };
    const initial = gen.lastStep;
    gen.start({ pollMs: 50, minIntervalMs: 0 });
    try {
      // One step on start, then one more per new block.
      await stepDone(initial);
      const first = gen.lastStep;
      await chain.rpc.call('evm_mine');
      await stepDone(first);
    } finally {
      await gen.stop();
    }
    await chain.rpc.call('evm_mine');
    const [a, b] = await chain.rpc.batch<{ transactions: string[] }>([
      { method: 'eth_getBlockByNumber', params: [`0x${(head + 1).toString(16)}`, false] },
      { method: 'eth_getBlockByNumber', params: [`0x${(head + 2).toString(16)}`, false] },
    ]);
    expect(a?.transactions.length).toBeGreaterThanOrEqual(5);
    expect(b?.transactions.length).toBeGreaterThanOrEqual(5);
  });
});
