/**
 * The real product as a child process (tests/helpers/product.ts), one data folder and one
 * DEVNET_PORT across three runs:
 *   1. SIGTERM: the whole process group exits within 10 s with code 0, the log shows the shutdown
 *      steps in order, no anvil and no pid file remain;
 *   2. the next start carries on from the same data; kill -9 of its node process (not the group):
 *      anvil is gone within seconds (the watchdog) and so is the rest of the group;
 *   3. the next start comes back on the same port and its API agrees with the node on every block
 *      (hash, transaction count, transaction hashes and statuses) and on 30 balances; a SIGINT to
 *      the whole group (Ctrl-C) then stops it in order too.
 * Plus: a foreign process on DEVNET_PORT or on PORT is a clear start-up error, exit code 1.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { io as connect } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { SOCKET_PATH } from '../../common/api/socket';
import { toHexAddress } from '../../common/address';
import { processAlive, readPidFile } from '../../server/chain/anvilPidFile';
import { freePort } from '../../server/chain/devnet';
import { groupAlive, groupMembers, spawnGroup, tail } from '../helpers/processGroup';
import { cleanProductEnv, REPO_ROOT, startProduct, type Product } from '../helpers/product';
import { paths } from '../../common/api/paths';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ruby-lifecycle-'));
const products: Product[] = [];
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

afterAll(async () => {
  await Promise.all(products.map((p) => p.stop().catch(() => undefined)));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function waitUntil(ok: () => boolean, ms: number): Promise<number | null> {
  const t = Date.now();
  while (!ok()) {
    if (Date.now() - t > ms) return null;
    await sleep(100);
  }
  return Date.now() - t;
}

async function run(label: string, devnetPort: number, env: Record<string, string> = {}, ctrlC = false): Promise<Product> {
  const p = await startProduct({
    label,
    dataDir,
    env: { DEVNET_PORT: String(devnetPort), ...env },
    startTimeoutMs: 240_000,
    ...(ctrlC ? { stopSignal: 'SIGINT' as const, signalTarget: 'group' as const } : {}),
  });
  products.push(p);
  return p;
}

type Obj = Record<string, unknown>;

/** Every block up to the indexed one through the API against the node; 30 balances too. */
async function compareWithNode(p: Product): Promise<{ blocks: number; txs: number; balances: number; mismatches: string[] }> {
  const indexed = (await p.indexingStatus()).indexedBlock ?? -1;
  const mismatches: string[] = [];
  let txs = 0;
  for (let n = 0; n <= indexed; n++) {
    const api = await p.api<{ result: Obj; transactionData: Obj[] }>(paths.block(n));
    const node = await p.rpc<{ hash: string; transactions: string[] }>('eth_getBlockByNumber', [`0x${n.toString(16)}`, false]);
    const receipts = await p.rpc<{ transactionHash: string; status: string }[]>('eth_getBlockReceipts', [`0x${n.toString(16)}`]);
    const ours = api?.transactionData.map((t) => `${String(t.hash)}:${String(t.status)}`) ?? [];
    const theirs = receipts.map((r) => `${r.transactionHash.toLowerCase()}:${Number(BigInt(r.status))}`);
    txs += theirs.length;
    // anvil rebuilds block 0 when it reloads a state file that differs from the genesis alloc (a new
    // state root, so a new hash), while block 1 still names the original as its parent: that
    // parent link is the node's word on block 0.
    const nodeHash =
      n === 0 && indexed > 0 ? (await p.rpc<{ parentHash: string }>('eth_getBlockByNumber', ['0x1', false])).parentHash : node.hash;
    if (api?.result.hash !== nodeHash.toLowerCase()) mismatches.push(`block ${n}: hash ${String(api?.result.hash)} vs ${nodeHash}`);
    if (api?.result.totaltransaction !== node.transactions.length)
      mismatches.push(`block ${n}: ${String(api?.result.totaltransaction)} vs ${node.transactions.length} transactions`);
    if (ours.join() !== theirs.join()) mismatches.push(`block ${n}: transactions ${ours.join()} vs ${theirs.join()}`);
  }
  // Without traffic nothing moves balances any more: the node's latest is the indexed value.
  const top = (await p.api<{ result: Obj[] }>(paths.topAccountsPage({ page: 1, size: 30 })))?.result ?? [];
  for (const a of top) {
    const wei = BigInt(await p.rpc<string>('eth_getBalance', [toHexAddress(String(a.address)), 'latest'])).toString();
    if (wei !== a.balanceWei) mismatches.push(`balance of ${String(a.address)}: ${String(a.balanceWei)} vs ${wei}`);
  }
  return { blocks: indexed + 1, txs, balances: top.length, mismatches };
}

describe('product lifecycle', () => {
  it('SIGTERM stops in order within 10 s; kill -9 leaves no anvil; the next start comes back and matches the node', async () => {
    const devnetPort = await freePort();

    // 1. A clean stop.
    const first = await run('lifecycle-1', devnetPort);
    const firstAnvil = readPidFile(dataDir)?.pid as number;
    expect(processAlive(firstAnvil)).toBe(true);
    // A live socket.io client is told the server is going (not left to time out).
    const client = connect(first.url, { path: SOCKET_PATH, transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve, reject) => {
      client.once('connect', resolve);
      client.once('connect_error', reject);
    });
    const told = new Promise<string>((resolve) => client.once('disconnect', (reason) => resolve(reason)));
    const t = Date.now();
    const stopped = await first.process.stop(20_000);
    const stopMs = Date.now() - t;
    const out = first.process.output();
    expect(stopped, tail(out)).toMatchObject({ code: 0, forced: false });
    // The product's own deadline is 10 s; a little for the group to be reaped on a busy machine.
    expect(stopMs).toBeLessThan(11_000);
    const steps = [...out.slice(out.indexOf('SIGTERM: shutting down')).matchAll(/shutdown: ([^\n]+?)(?: done \(\d+ ms\))?\n/g)].map(
      (m) => m[1],
    );
    expect(steps.filter((s, i) => steps.indexOf(s) === i && !s?.startsWith('complete'))).toEqual([
      'HTTP server and sockets',
      'traffic generator',
      'indexer',
      'devnet (anvil)',
      'database',
    ]);
    expect(out).toMatch(/shutdown: complete in \d+ ms/);
    expect(await told).toBe('io server disconnect');
    client.close();
    expect(groupAlive(first.process.pgid)).toBe(false);
    expect(processAlive(firstAnvil)).toBe(false);
    expect(readPidFile(dataDir)).toBeNull();
    console.log(`SIGTERM: group gone in ${stopMs} ms; ${out.match(/shutdown: complete in \d+ ms/)?.[0]}`);

    // 2. The same data again, then kill -9 of the node process alone.
    const second = await run('lifecycle-2', devnetPort);
    expect(second.process.output()).toContain(`devnet: JSON-RPC on http://127.0.0.1:${devnetPort} `);
    const secondAnvil = readPidFile(dataDir)?.pid as number;
    await sleep(1_500); // mid-stream: traffic in every block, a batch every second
    const killedAt = (await second.indexingStatus()).indexedBlock;
    process.kill(second.process.child.pid as number, 'SIGKILL');
    const anvilGoneMs = await waitUntil(() => !processAlive(secondAnvil), 15_000);
    expect(anvilGoneMs, `anvil ${secondAnvil} outlived the product: ${groupMembers(second.process.pgid).join('; ')}`).not.toBeNull();
    expect(await waitUntil(() => !groupAlive(second.process.pgid), 15_000), groupMembers(second.process.pgid).join('; ')).not.toBeNull();
    console.log(`kill -9 at indexed block ${killedAt}: anvil gone ${anvilGoneMs} ms later`);

    // 3. Back on the same port; without traffic the balances hold still for the comparison.
    const third = await run('lifecycle-3', devnetPort, { TRAFFIC: '0' }, true);
    expect(third.process.output()).toContain(`devnet: JSON-RPC on http://127.0.0.1:${devnetPort} `);
    expect(third.process.output()).not.toMatch(/anvil exited unexpectedly/);
    const check = await compareWithNode(third);
    console.log(
      `after kill -9 and restart: ${check.blocks} blocks, ${check.txs} transactions, ${check.balances} balances compared, ${check.mismatches.length} mismatches`,
    );
    expect(check.mismatches).toEqual([]);
    expect(check.blocks).toBeGreaterThan(killedAt ?? 0);
    expect(check.txs).toBeGreaterThan(0);
    // Ctrl-C in a terminal: SIGINT to the whole group. anvil runs in a group of its own, so it is
    // stopped in its turn after the indexer, not by the SIGINT itself.
    expect((await third.stop()).code).toBe(0);
    const thirdOut = third.process.output();
    expect(thirdOut).toMatch(/SIGINT: shutting down/);
    expect(thirdOut).toMatch(/shutdown: indexer done[^]*shutdown: devnet \(anvil\) done[^]*shutdown: complete in/);
    expect(thirdOut).not.toMatch(/anvil exited unexpectedly/);
  }, 900_000);

  it.each([
    ['DEVNET_PORT', 'DEVNET_PORT'],
    ['PORT', 'PORT'],
  ])(
    'a foreign process on %s: a clear start-up error, exit code 1, nothing left running',
    async (_name, variable) => {
      const blocker = net.createServer();
      await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
      const port = (blocker.address() as net.AddressInfo).port;
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ruby-port-'));
      try {
        const env = { ...cleanProductEnv(), PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir, DEVNET_PORT: '0', [variable]: String(port) };
        const proc = spawnGroup(process.execPath, ['--import', 'tsx', 'server/main.ts', 'start'], {
          cwd: REPO_ROOT,
          env,
          logName: `lifecycle-${variable}-in-use`,
        });
        await waitUntil(() => proc.exitInfo() !== null, 120_000);
        const result = await proc.stop(5_000);
        const out = proc.output();
        expect(result.code, out).toBe(1);
        expect(out).toMatch(
          new RegExp(
            `cannot start: ${variable} ${port} is in use by another process \\(pid ${process.pid}, [^)]*\\): stop it or set ${variable} to a free port`,
          ),
        );
        expect(out).not.toMatch(/\n\s+at /); // no stack trace
        expect(result.forced).toBe(false);
      } finally {
        blocker.close();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    180_000,
  );
});
