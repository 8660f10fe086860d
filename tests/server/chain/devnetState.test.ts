/**
 * Issue #38, defect 7: the bundled devnet's state file stays bounded however old the chain
 * (server/chain/devnet.ts stateArgs, server/chain/devnetState.ts). With the traffic generator's
 * mix, once the chain is longer than `keepBlocks`: the file holds no historical states, only the
 * last `keepBlocks` blocks' transactions, and after a restart only those blocks; it then grows no
 * more however many blocks follow; and the chain goes on from the same head and hashes.
 */
import { TEST_MNEMONIC } from '../../helpers/devKeys';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { RpcClient } from '../../../server/chain/rpc';
import { startDevnet, type Devnet } from '../../../server/chain/devnet';
import { TrafficGenerator } from '../../../server/chain/traffic';
import { TEST_COMPILE_CACHE_DIR } from '../../helpers/compileCache';

const KEEP = 8;
let dir: string;
let devnet: Devnet | null = null;

interface StateFile {
  best_block_number: number | string;
  blocks: Array<{ header: { number: number | string } }>;
  transactions: Array<{ block_number: number | string }>;
  historical_states: unknown;
}
const num = (v: number | string) => (typeof v === 'string' ? Number(BigInt(v)) : v);
const readState = async (): Promise<StateFile> =>
  JSON.parse(await fs.readFile(path.join(dir, 'devnet', 'state.json'), 'utf8')) as StateFile;
const start = () => startDevnet({ dataDir: dir, mnemonic: TEST_MNEMONIC, port: 0, chainId: 18215, blockTime: 0, keepBlocks: KEEP });

/** `blocks` blocks of the traffic generator's mix, one step each. */
async function grow(d: Devnet, blocks: number): Promise<void> {
  const rpc = new RpcClient(d.url);
  await rpc.call('evm_setAutomine', [false]);
  const traffic = new TrafficGenerator({
    rpcUrl: d.url,
    accounts: d.accounts,
    seed: 38,
    cacheDir: TEST_COMPILE_CACHE_DIR,
    stateFile: path.join(dir, 'devnet', 'traffic.json'),
  });
  await traffic.setup();
  for (let i = 0; i < blocks; i++) {
    await traffic.step();
    await rpc.call('evm_mine', []);
  }
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ruby-devnet-state-'));
});
afterAll(async () => {
  await devnet?.stop();
  await fs.rm(dir, { recursive: true, force: true });
});

it('keeps the state file bounded: no historical states, the last blocks only, the chain unbroken', async () => {
  devnet = await start();
  await grow(devnet, 3 * KEEP);
  await devnet.stop();
  const first = await readState();
  const head = num(first.best_block_number);
  expect(head).toBeGreaterThan(3 * KEEP);
  expect(first.historical_states ?? null, 'historical states dumped').toBeNull();
  const txBlocks = new Set(first.transactions.map((t) => num(t.block_number)));
  expect(Math.min(...txBlocks), 'transactions of old blocks kept').toBeGreaterThan(head - KEEP);

  devnet = await start();
  const rpc = new RpcClient(devnet.url);
  expect(Number(BigInt(await rpc.call<string>('eth_blockNumber', [])))).toBe(head);
  const headHash = (await rpc.call<{ hash: string }>('eth_getBlockByNumber', [`0x${head.toString(16)}`, false])).hash;
  await grow(devnet, 3 * KEEP);
  const next = await rpc.call<{ parentHash: string }>('eth_getBlockByNumber', [`0x${(head + 1).toString(16)}`, false]);
  expect(next.parentHash, 'the chain goes on from the same head').toBe(headHash);
  await devnet.stop();
  const sizeAt = async () => (await fs.stat(path.join(dir, 'devnet', 'state.json'))).size;
  const grown = await sizeAt();

  devnet = await start(); // compacts
  await devnet.stop();
  const second = await readState();
  expect(second.blocks.length, 'blocks kept in the file').toBeLessThanOrEqual(KEEP + 1);
  expect(num(second.best_block_number)).toBeGreaterThanOrEqual(head + 3 * KEEP);
  // Twice the chain, not twice the file: bounded by the kept blocks, not the chain's age.
  expect(await sizeAt()).toBeLessThan(grown);
}, 300_000);

it('a save cut short (anvil stopped while writing) is replaced by the previous good one; with none, a new chain starts', async () => {
  const stateFile = path.join(dir, 'devnet', 'state.json');
  // The last start kept a copy of the save it loaded; the one after it is cut short, as by a kill mid-save.
  const kept = JSON.parse(await fs.readFile(path.join(dir, 'devnet', 'state.prev.json'), 'utf8')) as StateFile;
  const text = await fs.readFile(stateFile, 'utf8');
  await fs.writeFile(stateFile, text.slice(0, Math.floor(text.length / 2)));
  const lines: string[] = [];
  const startLogged = () =>
    startDevnet({
      dataDir: dir,
      mnemonic: TEST_MNEMONIC,
      port: 0,
      chainId: 18215,
      blockTime: 0,
      keepBlocks: KEEP,
      log: (m) => lines.push(m),
    });
  devnet = await startLogged();
  expect(lines.join('\n')).toMatch(/state file was cut short .*previous good save/);
  const rpc = new RpcClient(devnet.url);
  expect(Number(BigInt(await rpc.call<string>('eth_blockNumber', [])))).toBe(num(kept.best_block_number));
  await devnet.stop();

  // Both cut short: set aside, and the devnet starts a new chain instead of refusing to start.
  await fs.writeFile(stateFile, '');
  await fs.writeFile(path.join(dir, 'devnet', 'state.prev.json'), '{"blo');
  lines.length = 0;
  devnet = await startLogged();
  expect(lines.join('\n')).toMatch(/no good save was kept: set aside as .*state\.broken-\d+\.json; a new chain starts/);
  expect(Number(BigInt(await new RpcClient(devnet.url).call<string>('eth_blockNumber', [])))).toBe(0);
  await devnet.stop();
}, 120_000);
