/**
 * Prints the test files that cost the most CPU (test-results/cpu.jsonl, written by testCpu.ts):
 * `npx tsx tests/helpers/cpuReport.ts [count]`, run by .ci/run after the tests.
 */
import fs from 'node:fs';
import { CPU_LOG } from './testCpu';

interface Line {
  file: string;
  cpu: number;
  children: number;
  wall: number;
}

const count = Number(process.argv[2] ?? 20);
const lines: Line[] = fs.existsSync(CPU_LOG)
  ? fs
      .readFileSync(CPU_LOG, 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as Line)
  : [];
const total = lines.reduce((s, l) => s + l.cpu, 0);
console.log(`ci: CPU of the test files: ${total.toFixed(0)} s over ${lines.length} files (processes they reaped included); the costliest:`);
for (const l of [...lines].sort((a, b) => b.cpu - a.cpu).slice(0, count))
  console.log(
    `  ${l.cpu.toFixed(1).padStart(7)} s CPU (${l.children.toFixed(1)} in child processes), ${l.wall.toFixed(0).padStart(4)} s wall  ${l.file}`,
  );
