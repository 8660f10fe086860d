/**
 * Issue #40 item 3: /getTransactionCallTree/{hash} against the devnet. The frames equal the node's
 * callTracer (types, from/to, value, gasUsed, nesting) for the fixture's nested calls and the
 * busiest traffic transaction; a reverted inner call of a verified contract names the source line
 * the compiler's source map gives (the fixture's marked line); a node that does not trace gets the
 * tree from the indexed internal calls; bad and unknown hashes answer 400 and 404.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Interface, Wallet } from 'ethers';
import { sql } from 'kysely';
import { toRubyAddress } from '../../../common/address';
import type { CallFrame, CallTreeResponse } from '../../../common/api/callTree';
import { apiPaths, rawApiPath } from '../../../common/api/paths';
import { compileSolidity, DEFAULT_SETTINGS, type Artifact } from '../../../server/chain/compile';
import { RpcClient } from '../../../server/chain/rpc';
import type { CallFrame as NodeFrame } from '../../../server/chain/types';
import { callTree } from '../../../server/services/callTree';
import { anvilBinaryPath } from '../../../server/chain/anvilBinary';
import { launchAnvil } from '../../../server/chain/anvilProcess';
import { findRevertPcs } from '../../../server/chain/revertSteps';
import { devWallet, TEST_MNEMONIC } from '../../helpers/devKeys';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';
import { describeEachDatabase } from '../../helpers/db';
import { startPlainNode, type PlainNode } from '../../helpers/plainNode';
import { deployRaw, fundedKey, indexNow, postJson, readSol } from './deployFixture';

const SOURCE = readSol('CallTree.sol');
const lineOf = (marker: string) => SOURCE.split('\n').findIndex((l) => l.includes(marker)) + 1;
const REVERT_LINE = lineOf('// the revert line');
const SECOND_REQUIRE = lineOf('// the second require');
const OVERFLOW = lineOf('// the overflow');

let chain: IndexedChain;
let plain: PlainNode;
let wallet: Wallet;
let art: Record<string, Artifact>;
const at = { leaf: '', root: '' };
const tx = { run: '', fail: '', guard: '', bump: '' };

async function sendCall(rpc: RpcClient, from: Wallet, to: string, data: string, value = 0n): Promise<string> {
  const [chainId, nonce, gasPrice] = await Promise.all([
    rpc.call<string>('eth_chainId'),
    rpc.call<string>('eth_getTransactionCount', [from.address, 'pending']),
    rpc.call<string>('eth_gasPrice'),
  ]);
  const raw = await from.signTransaction({
    chainId: BigInt(chainId),
    nonce: Number(BigInt(nonce)),
    to,
    data,
    value,
    gasLimit: 600_000n,
    gasPrice: BigInt(gasPrice) * 2n,
    type: 0,
  });
  const hash = await rpc.call<string>('eth_sendRawTransaction', [raw]);
  for (let i = 0; i < 100; i++) {
    if (await rpc.call<unknown>('eth_getTransactionReceipt', [hash])) return hash;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${hash}: no receipt`);
}

beforeAll(async () => {
  chain = await startIndexedChain({ steps: 6 });
  await chain.rpc.call('evm_setAutomine', [true]);
  wallet = await fundedKey(chain.rpc, 100n);
  const out = await compileSolidity({ 'CallTree.sol': SOURCE });
  art = Object.fromEntries(out.artifacts.map((a) => [a.contractName, a]));
  at.leaf = await deployRaw(chain.rpc, wallet, art.Leaf!.bytecode);
  at.root = await deployRaw(
    chain.rpc,
    wallet,
    art.Root!.bytecode + new Interface(['constructor(address)']).encodeDeploy([at.leaf]).slice(2),
  );
  const root = new Interface(art.Root!.abi);
  tx.run = await sendCall(chain.rpc, wallet, at.root, root.encodeFunctionData('run', [42n]), 5n);
  tx.fail = await sendCall(chain.rpc, wallet, at.root, root.encodeFunctionData('fail', [42n]));
  const leafAbi = new Interface(art.Leaf!.abi);
  tx.guard = await sendCall(chain.rpc, wallet, at.leaf, leafAbi.encodeFunctionData('guard', [2n]));
  tx.bump = await sendCall(chain.rpc, wallet, at.leaf, leafAbi.encodeFunctionData('bump', [1n]));
  plain = await startPlainNode({ upstream: chain.devnet.url });
}, 240_000);
afterAll(async () => {
  await plain?.close();
  await chain?.stop();
});

/** The node's tree in pre-order with each frame's path, as the API lists it. */
function nodeFrames(f: NodeFrame, path: number[] = []): { path: number[]; f: NodeFrame }[] {
  return [{ path, f }, ...(f.calls ?? []).flatMap((c, i) => nodeFrames(c, [...path, i]))];
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

it('finds the same REVERTs and jumps in struct logs (a node that records steps) as with the step tracer', async () => {
  const dir = path.join(chain.dir, 'steps');
  fs.mkdirSync(path.join(dir, 'devnet'), { recursive: true });
  const anvil = await launchAnvil(
    anvilBinaryPath(),
    await freePort(),
    path.join(dir, 'state.json'),
    ['--steps-tracing'],
    { dataDir: dir, port: 0, chainId: 18215, blockTime: 0, watchdog: false },
    TEST_MNEMONIC,
  );
  try {
    const rpc = new RpcClient(anvil.url, { retries: 0 });
    const w = new Wallet(devWallet(0).privateKey);
    const leaf = await deployRaw(rpc, w, art.Leaf!.bytecode);
    const root = await deployRaw(rpc, w, art.Root!.bytecode + new Interface(['constructor(address)']).encodeDeploy([leaf]).slice(2));
    const abi = new Interface(art.Root!.abi);
    for (const data of [abi.encodeFunctionData('run', [42n]), abi.encodeFunctionData('fail', [42n])]) {
      const hash = await sendCall(rpc, w, root, data);
      const logged = await findRevertPcs(rpc, hash);
      const traced = await findRevertPcs(rpc, hash, { structLogs: false });
      expect(logged).toMatchObject({ ok: true, via: 'structLogs' });
      expect(traced).toMatchObject({ ok: true, via: 'jsTracer' });
      if (!logged.ok || !traced.ok) continue;
      expect(logged.pcs.size).toBeGreaterThan(0);
      expect([...logged.pcs]).toEqual([...traced.pcs]);
    }
  } finally {
    await anvil.stop();
  }
}, 60_000);

const shape = (f: CallFrame) => ({ path: f.path, type: f.type, from: f.from, to: f.to, value: f.valueWei, gasUsed: f.gasUsed });
const nodeShape = ({ path, f }: { path: number[]; f: NodeFrame }) => ({
  path,
  type: f.type.toUpperCase(),
  from: toRubyAddress(f.from),
  to: f.to ? toRubyAddress(f.to) : null,
  value: BigInt(f.value ?? '0x0').toString(),
  gasUsed: f.gasUsed ? BigInt(f.gasUsed).toString() : null,
});

describeEachDatabase(
  'call tree API',
  (getDb) => {
    let api: TestApi;
    beforeAll(async () => {
      api = await chain.api(getDb());
      for (const [address, name] of [
        [at.leaf, 'Leaf'],
        [at.root, 'Root'],
      ] as const) {
        const v = await postJson(api, apiPaths.verifyContract(), {
          address: toRubyAddress(address),
          contractName: name,
          source: SOURCE,
          fileName: 'CallTree.sol',
          settings: DEFAULT_SETTINGS,
        });
        expect(v.statusCode, JSON.stringify(v.body)).toBe(200);
      }
      await indexNow(api);
    }, 120_000);
    afterAll(() => api?.close());

    const treeOf = async (hash: string) => {
      const res = await api.get<CallTreeResponse>(apiPaths.txCallTree(hash));
      expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
      return res.body.result;
    };
    const traceOf = (hash: string) => chain.rpc.call<NodeFrame>('debug_traceTransaction', [hash, { tracer: 'callTracer' }]);

    it("lists the node's frames, decoded, and the line the caught inner revert happened on", async () => {
      const tree = await treeOf(tx.run);
      expect(tree.origin).toBe('node');
      expect(tree.frames.map(shape)).toEqual(nodeFrames(await traceOf(tx.run)).map(nodeShape));
      expect(tree.frames.map((f) => f.type)).toEqual(['CALL', 'STATICCALL', 'DELEGATECALL', 'CALL', 'CREATE', 'CALL']);
      const [top, peek, ping, check] = tree.frames;
      expect(top).toMatchObject({ toName: 'Root', call: { function: 'run', source: 'verified' }, error: null });
      expect(peek).toMatchObject({ toName: 'Leaf', call: { function: 'peek' }, outputDecoded: [{ type: 'uint256', value: '0' }] });
      expect(ping).toMatchObject({ call: { function: 'ping' }, outputDecoded: [{ value: '7' }] });
      expect(check).toMatchObject({
        error: 'execution reverted',
        revert: {
          kind: 'custom',
          name: 'TooBig',
          args: [
            { name: 'given', value: '42' },
            { name: 'limit', value: '10' },
          ],
        },
        revertSource: { file: 'CallTree.sol', line: REVERT_LINE, contractName: 'Leaf', address: toRubyAddress(at.leaf) },
      });
      expect(check?.revertSource?.text).toContain('revert TooBig(x, 10);');
    }, 120_000);

    it('marks every frame of a failed transaction, with the bubbled custom error decoded at the top', async () => {
      const tree = await treeOf(tx.fail);
      expect(tree.frames.map(shape)).toEqual(nodeFrames(await traceOf(tx.fail)).map(nodeShape));
      expect(tree.frames.map((f) => [f.path, f.revert?.name, f.revertSource?.contractName])).toEqual([
        [[], 'TooBig', 'Root'],
        [[0], 'TooBig', 'Leaf'],
      ]);
      expect(tree.frames[1]?.revertSource?.line).toBe(REVERT_LINE);
    }, 60_000);

    it('names the require() that failed when the optimizer merged the revert blocks of two', async () => {
      const [top] = (await treeOf(tx.guard)).frames;
      expect(top?.revert).toEqual({ kind: 'error', message: 'Leaf: two' });
      expect(top?.revertSource).toMatchObject({ line: SECOND_REQUIRE, text: 'require(x != 2, "Leaf: two"); // the second require' });
    }, 60_000);

    it("names the expression a Panic came from (the jump into the compiler's checked arithmetic)", async () => {
      const [top] = (await treeOf(tx.bump)).frames;
      expect(top?.revert).toEqual({ kind: 'panic', code: 0x11 });
      expect(top?.revertSource).toMatchObject({ line: OVERFLOW, text: 'return sum + x; // the overflow' });
    }, 60_000);

    it("equals the node's callTracer for the traffic's busiest transaction", async () => {
      const busiest = await sql<{ tx_hash: string }>`SELECT tx_hash FROM internal_transactions
        GROUP BY tx_hash ORDER BY count(*) DESC, tx_hash LIMIT 1`.execute(api.ctx.db);
      const hash = busiest.rows[0]!.tx_hash;
      const tree = await treeOf(hash);
      expect(tree.frames.length).toBeGreaterThan(2);
      expect(tree.frames.some((f) => f.path.length > 1)).toBe(true);
      expect(tree.frames.map(shape)).toEqual(nodeFrames(await traceOf(hash)).map(nodeShape));
    }, 60_000);

    it('falls back to the indexed internal calls on a node that does not trace', async () => {
      const tree = await callTree({ ...api.ctx, visitorRpc: new RpcClient(plain.url, { retries: 0 }) }, tx.run);
      expect(tree?.origin).toBe('index');
      expect(tree?.revertSourceNote).toMatch(/^the node did not trace this transaction \(.*is not available.*\): the tree is rebuilt/);
      const node = nodeFrames(await traceOf(tx.run)).map(nodeShape);
      // The index keeps the same frames; the top frame's gas is the receipt's (the node's counts from after the intrinsic gas).
      expect(tree?.frames.map((f) => ({ ...shape(f), gasUsed: null }))).toEqual(node.map((n) => ({ ...n, gasUsed: null })));
      expect(tree?.frames[3]).toMatchObject({ call: { function: 'check' }, error: expect.any(String) as unknown });
    }, 60_000);

    it('answers 400 for a malformed hash and 404 for an unknown one', async () => {
      expect((await api.get(rawApiPath('txCallTree', '0x1234'))).statusCode).toBe(400);
      const unknown = await api.get<{ status: boolean; message: string }>(apiPaths.txCallTree(`0x${'ab'.repeat(32)}`));
      expect(unknown.statusCode).toBe(404);
      expect(unknown.body).toEqual({ status: false, message: `Transaction 0x${'ab'.repeat(32)} not found` });
    });
  },
  { kinds: ['pglite'] },
);
