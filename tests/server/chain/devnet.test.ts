import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startDevnet, type Devnet } from '../../../server/chain/devnet';
import { anvilBinaryPath, anvilPackageName } from '../../../server/chain/anvilBinary';
import { RpcClient, hexToNumber } from '../../../server/chain/rpc';
import { pidFilePath, processAlive, readPidFile, writePidFile } from '../../../server/chain/anvilPidFile';
import { processCmdline } from '../../../server/ports';

const dirs: string[] = [];
const devnets: Devnet[] = [];

async function tempDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ruby-devnet-'));
  dirs.push(dir);
  return dir;
}

async function start(dataDir: string, blockTime = 0, port = 0, log?: (m: string) => void): Promise<Devnet> {
  const d = await startDevnet({ dataDir, port, chainId: 18215, blockTime, log });
  devnets.push(d);
  return d;
}

async function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * The pids listening on a loopback port (from `ss`), or null where `ss` cannot tell. In a full
 * parallel run another test's server may be given a port anvil has just freed, so "nothing
 * listens there" is not the question; "none of ours does" is.
 */
function listenersOf(port: number): number[] | null {
  try {
    const out = execFileSync('ss', ['-Hltnp', `sport = :${port}`], { encoding: 'utf8' });
    return [...out.matchAll(/pid=(\d+)/g)].map((m) => Number(m[1]));
  } catch {
    return null;
  }
}

const children: ChildProcess[] = [];
const strays: number[] = [];

/** A process that starts a devnet on `dataDir` (tests/server/chain/devnetChild.ts); resolves with anvil's pid. */
async function devnetInChild(
  dataDir: string,
  port: number,
  watchdog: boolean,
): Promise<{ child: ChildProcess; anvilPid: number; port: number }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'tests/server/chain/devnetChild.ts', dataDir, String(port), watchdog ? 'watchdog' : 'no-watchdog'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.push(child);
  let out = '';
  const line = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes('\n')) resolve(out.split('\n')[0] ?? '');
    });
    child.stderr?.on('data', (c: Buffer) => {
      out += c.toString();
    });
    child.once('exit', (code) => reject(new Error(`devnet child exited (${code}): ${out}`)));
  });
  const { pid, port: p } = JSON.parse(line) as { pid: number; port: number };
  strays.push(pid);
  return { child, anvilPid: pid, port: p };
}

async function waitUntil(ok: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
  return true;
}

function killHard(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

afterEach(async () => {
  await Promise.all(children.splice(0).map(killHard));
  for (const pid of strays.splice(0)) {
    // Only an anvil: never signal a pid that was reused meanwhile.
    if (processAlive(pid) && /anvil/.test(processCmdline(pid))) process.kill(pid, 'SIGKILL');
  }
  await Promise.all(devnets.splice(0).map((d) => d.stop()));
  await Promise.all(dirs.splice(0).map((d) => fs.rm(d, { recursive: true, force: true })));
});

describe('devnet', () => {
  it('finds the anvil binary of this platform', () => {
    expect(anvilBinaryPath()).toMatch(/anvil(\.exe)?$/);
    expect(anvilPackageName('linux', 'x64')).toBe('@foundry-rs/anvil-linux-amd64');
    expect(anvilPackageName('sunos', 'x64')).toBeNull();
  });

  it('answers chain id 18215 on a free port', async () => {
    const d = await start(await tempDir());
    expect(d.port).toBeGreaterThan(0);
    expect(d.url).toBe(`http://127.0.0.1:${d.port}`);
    const rpc = new RpcClient(d.url);
    expect(hexToNumber(await rpc.call<string>('eth_chainId'))).toBe(18215);
  });

  it('keeps block number and history across a stop and a start', async () => {
    const dir = await tempDir();
    const first = await start(dir);
    let rpc = new RpcClient(first.url);
    const [from, to] = await rpc.call<string[]>('eth_accounts');
    const txHash = await rpc.call<string>('eth_sendTransaction', [{ from, to, value: '0xde0b6b3a7640000' }]);
    await rpc.call('anvil_mine', ['0x4']);
    const head = hexToNumber(await rpc.call<string>('eth_blockNumber'));
    const block3 = await rpc.call<{ hash: string }>('eth_getBlockByNumber', ['0x3', false]);
    await first.stop();
    await expect(fs.stat(first.stateFile)).resolves.toBeTruthy();

    const second = await start(dir);
    rpc = new RpcClient(second.url);
    expect(hexToNumber(await rpc.call<string>('eth_blockNumber'))).toBe(head);
    expect((await rpc.call<{ hash: string }>('eth_getBlockByNumber', ['0x3', false])).hash).toBe(block3.hash);
    const tx = await rpc.call<{ from: string; to: string } | null>('eth_getTransactionByHash', [txHash]);
    expect(tx?.to?.toLowerCase()).toBe(to?.toLowerCase());
    // The chain goes on from there.
    await rpc.call('evm_mine');
    expect(hexToNumber(await rpc.call<string>('eth_blockNumber'))).toBe(head + 1);
  });

  it('stops cleanly, and stop is idempotent', async () => {
    const d = await start(await tempDir());
    expect(await listening(d.port)).toBe(true);
    await Promise.all([d.stop(), d.stop()]);
    await d.stop();
    const exit = await d.exited;
    // SIGTERM is anvil's cue to save its state and leave.
    expect(exit.signal === 'SIGTERM' || exit.code === 0).toBe(true);
    expect(await listening(d.port)).toBe(false);
  });

  it('mines on a timer when blockTime > 0', async () => {
    const d = await start(await tempDir(), 1);
    const rpc = new RpcClient(d.url);
    const deadline = Date.now() + 5_000;
    while (hexToNumber(await rpc.call<string>('eth_blockNumber')) < 1 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(hexToNumber(await rpc.call<string>('eth_blockNumber'))).toBeGreaterThanOrEqual(1);
  });

  it('refuses a DEVNET_PORT held by another process, naming the port and the holder', async () => {
    const blocker = net.createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      // The holder is this test process: /proc/net/tcp finds it.
      await expect(start(await tempDir(), 0, port)).rejects.toThrow(
        new RegExp(`^DEVNET_PORT ${port} is in use by another process \\(pid ${process.pid}, `),
      );
      expect(blocker.listening).toBe(true);
    } finally {
      blocker.close();
    }
  });

  it('keeps a pid file while anvil runs and removes it on a clean stop', async () => {
    const dir = await tempDir();
    const d = await start(dir);
    const record = readPidFile(dir);
    expect(record).toMatchObject({ pid: d.pid, port: d.port, stateFile: d.stateFile });
    expect(record?.startTime).toBeTruthy();
    // anvil leads a process group of its own: a Ctrl-C to ours does not reach it directly.
    const stat = await fs.readFile(`/proc/${d.pid}/stat`, 'utf8');
    expect(Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2])).toBe(d.pid);
    await d.stop();
    await expect(fs.stat(pidFilePath(dir))).rejects.toThrow(/ENOENT/);
  });

  it('stops the anvil a SIGKILLed run left behind before starting, on the same port, and keeps its chain', async () => {
    const dir = await tempDir();
    const first = await devnetInChild(dir, 0, false);
    const rpc = new RpcClient(`http://127.0.0.1:${first.port}`);
    await rpc.call('anvil_mine', ['0x3']);
    await killHard(first.child);
    // Without a watchdog the orphan lives on, holding the port: the case the pid file is for.
    await new Promise((r) => setTimeout(r, 1_000));
    expect(processAlive(first.anvilPid)).toBe(true);
    expect(await listening(first.port)).toBe(true);

    const logs: string[] = [];
    const second = await start(dir, 0, first.port, (m) => logs.push(m));
    expect(processAlive(first.anvilPid)).toBe(false);
    expect(logs.join('\n')).toMatch(
      new RegExp(`stopping the anvil an earlier run left behind \\(pid ${first.anvilPid}, port ${first.port}\\)`),
    );
    expect(second.pid).not.toBe(first.anvilPid);
    expect(readPidFile(dir)?.pid).toBe(second.pid);
    // The orphan got SIGTERM, so it saved its state: the three blocks are still there.
    expect(hexToNumber(await new RpcClient(second.url).call<string>('eth_blockNumber'))).toBe(3);
  });

  it('never signals a pid file whose process is not our anvil (a recycled pid)', async () => {
    const dir = await tempDir();
    const sleeper = spawn('sleep', ['60'], { stdio: 'ignore' });
    children.push(sleeper);
    await fs.mkdir(path.join(dir, 'devnet'), { recursive: true });
    writePidFile(dir, { pid: sleeper.pid as number, port: 1, startTime: '1', stateFile: path.join(dir, 'devnet', 'state.json') });
    const d = await start(dir);
    expect(processAlive(sleeper.pid as number)).toBe(true);
    expect(readPidFile(dir)?.pid).toBe(d.pid);
  });

  it('refuses a data folder whose anvil belongs to a product still running', async () => {
    const dir = await tempDir();
    const running = await devnetInChild(dir, 0, true);
    await expect(start(dir)).rejects.toThrow(/DATA_DIR .* is in use by a running Ruby Explorer \(pid \d+, its anvil pid \d+\)/);
    expect(processAlive(running.anvilPid)).toBe(true);
  });

  it('the watchdog stops anvil within seconds when its parent is SIGKILLed', async () => {
    const dir = await tempDir();
    const { child, anvilPid, port } = await devnetInChild(dir, 0, true);
    await killHard(child);
    expect(await waitUntil(() => !processAlive(anvilPid), 10_000)).toBe(true);
    const holders = listenersOf(port);
    if (holders === null) expect(await listening(port)).toBe(false);
    else expect(holders.filter((pid) => pid === anvilPid || pid === child.pid)).toEqual([]);
    // SIGTERM, not SIGKILL: anvil saved its state on the way out.
    await expect(fs.stat(path.join(dir, 'devnet', 'state.json'))).resolves.toBeTruthy();
  });
});
