/**
 * A compile's time limit counts the compiler thread's own CPU (server/chain/threadCpu.ts), not the
 * wall clock: the thread runs at a low priority, so on a busy machine it waits, and the wait is not
 * the contract's fault. Starved here on purpose: this process pinned to one core beside a busy
 * process of normal priority, the compile thread (nice 10) gets about a tenth of that core.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { afterEach, expect, it } from 'vitest';
import { CompilerPool, CompileTimeoutError } from '../../../server/chain/compileWorker';

const functions = Array.from(
  { length: 8 },
  (_, i) => `function f${i}(uint a, uint b) external pure returns (uint) { return a * ${i + 3} + b / ${i + 1}; }`,
);
const input = {
  language: 'Solidity' as const,
  sources: { 'Many.sol': { content: `pragma solidity ^0.8.0; contract Many { ${functions.join(' ')} }` } },
  settings: { optimizer: { enabled: false }, outputSelection: { '*': { '*': ['evm.bytecode.object'] } } },
};
const linux = process.platform === 'linux' && os.cpus().length > 1;
const pools: CompilerPool[] = [];
let busy: ChildProcess | null = null;
const pin = (cpus: string) => execFileSync('taskset', ['-a', '-p', '-c', cpus, String(process.pid)], { stdio: 'ignore' });

afterEach(async () => {
  busy?.kill('SIGKILL');
  busy = null;
  if (linux) pin(`0-${os.cpus().length - 1}`);
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

it.runIf(linux)(
  'stops a compile that used more CPU than its limit',
  async () => {
    const pool = new CompilerPool();
    pools.push(pool);
    await expect(pool.compile(input, 100)).rejects.toBeInstanceOf(CompileTimeoutError);
  },
  60_000,
);

it.runIf(linux)(
  'lets a starved compile finish when its own CPU stays under the limit',
  async () => {
    const quiet = new CompilerPool();
    pools.push(quiet);
    const cpu0 = process.cpuUsage();
    await quiet.compile(input);
    const used = process.cpuUsage(cpu0); // the process's CPU: the worker's (loading solc, compiling), little else
    const alone = (used.user + used.system) / 1000;
    await quiet.close();

    pin('0');
    busy = spawn('taskset', ['-c', '0', process.execPath, '-e', 'for (;;) {}'], { stdio: 'ignore' });
    const limit = Math.max(2_000, Math.round(2 * alone));
    const starved = new CompilerPool({ wallLimitFactor: 100 });
    pools.push(starved);
    const t0 = performance.now();
    const result = await starved.compile(input, limit);
    const wall = performance.now() - t0;
    expect(JSON.stringify(result)).toContain('Many');
    console.log(`compile CPU alone ${Math.round(alone)} ms; starved: limit ${limit} ms of CPU, ${Math.round(wall)} ms wall`);
    // The wall clock passed the limit (the starving worked); the CPU-time limit let it finish.
    expect(wall, `CPU alone ${Math.round(alone)} ms, limit ${limit} ms`).toBeGreaterThan(limit);
  },
  300_000,
);
