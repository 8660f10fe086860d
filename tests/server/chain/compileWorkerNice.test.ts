/**
 * The compile thread runs below the API's priority (server/chain/compileWorker.ts): while a
 * compile runs, one thread of this process has nice COMPILE_THREAD_NICE and the main thread still
 * has its own, read from /proc (Linux: a nice value is per thread).
 */
import fs from 'node:fs';
import { expect, it } from 'vitest';
import { COMPILE_THREAD_NICE, CompilerPool } from '../../../server/chain/compileWorker';

const niceOf = (statFile: string): number => {
  const stat = fs.readFileSync(statFile, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
};
const threadNices = (): number[] =>
  fs.readdirSync('/proc/self/task').flatMap((t) => {
    try {
      return [niceOf(`/proc/self/task/${t}/stat`)];
    } catch {
      return []; // a thread that ended meanwhile
    }
  });

it.runIf(process.platform === 'linux')(
  'compiles on a thread of lower priority than the API',
  async () => {
    const main = niceOf('/proc/thread-self/stat');
    const pool = new CompilerPool();
    try {
      const source = 'pragma solidity ^0.8.0; contract C { function f() external pure returns (uint) { return 1; } }';
      const result = await pool.compile({
        language: 'Solidity',
        sources: { 'C.sol': { content: source } },
        settings: { outputSelection: { '*': { '*': ['abi'] } } },
      });
      expect(JSON.stringify(result)).toContain('"f"');
      // The worker is still alive (idle) after its job: its thread keeps the lowered priority.
      expect(threadNices()).toContain(Math.max(main, COMPILE_THREAD_NICE));
      expect(niceOf('/proc/thread-self/stat')).toBe(main);
    } finally {
      await pool.close();
    }
  },
  120_000,
);
