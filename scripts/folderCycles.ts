/**
 * Import cycles between the top-level parts of server/ (`npm run cycles`): each folder server/<x> is
 * one node, each file directly in server/ its own node; an edge is any import (static, type-only,
 * re-export or lazy import()) from a file of one part to a file of another. Prints every cycle, each
 * once from its smallest node, and exits 1 if there is one (docs/architecture.md#boundaries).
 * An argument names another folder to read in place of server/ (the test's made-up trees).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm;

function tsFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : tsFiles(p);
    return /\.(ts|tsx|mts)$/.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

/** The part of server/ a path belongs to: `server/<folder>` or `server/<file>`; null outside server/. */
function partOf(serverDir: string, file: string): string | null {
  const rel = path.relative(serverDir, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const first = rel.split(path.sep)[0] ?? '';
  return `server/${first.replace(/\.(ts|tsx|mts|js|mjs)$/, '')}`;
}

/** Part → parts it imports, with one example import per edge. */
function partGraph(serverDir: string): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of tsFiles(serverDir)) {
    const from = partOf(serverDir, file);
    if (!from) continue;
    const edges = graph.get(from) ?? new Map<string, string>();
    graph.set(from, edges);
    for (const m of fs.readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const to = partOf(serverDir, path.resolve(path.dirname(file), m[1] ?? ''));
      if (to && to !== from && !edges.has(to)) edges.set(to, `${path.relative(path.dirname(serverDir), file)} → ${m[1]}`);
    }
  }
  return graph;
}

/** Every elementary cycle of the graph, each starting at its smallest part (Johnson's idea, small graph). */
function cyclesOf(graph: Map<string, Map<string, string>>): string[][] {
  const nodes = [...graph.keys()].sort();
  const cycles: string[][] = [];
  for (const start of nodes) {
    const walk = (node: string, trail: string[]): void => {
      for (const next of [...(graph.get(node)?.keys() ?? [])].sort()) {
        if (next === start) cycles.push([...trail]);
        else if (next > start && !trail.includes(next)) walk(next, [...trail, next]);
      }
    };
    walk(start, [start]);
  }
  return cycles;
}

function main(): void {
  const serverDir = process.argv[2] ? path.resolve(process.argv[2]) : fileURLToPath(new URL('../server', import.meta.url));
  const graph = partGraph(serverDir);
  const cycles = cyclesOf(graph);
  for (const cycle of cycles) {
    const hops = cycle.map((p, i) => `  ${graph.get(p)?.get(cycle[(i + 1) % cycle.length] ?? '')}`);
    console.log(`cycle: ${[...cycle, cycle[0]].join(' → ')}\n${hops.join('\n')}`);
  }
  console.log(`${graph.size} parts of server/, ${cycles.length} cycle${cycles.length === 1 ? '' : 's'}`);
  process.exitCode = cycles.length ? 1 : 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) main();
