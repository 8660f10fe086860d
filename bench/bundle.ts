/**
 * JS a route loads, gzipped: the entry chunk and its static imports, plus the route's lazy screen
 * chunk and its static imports (what the browser fetches before the screen can paint). Reads
 * dist/.vite/manifest.json from `npm run build` and the route table's lazy imports.
 *
 *   npm run build && npx tsx bench/bundle.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>;

/** Keys of a chunk and everything it imports statically (and, with `lazy`, dynamically too). */
function closure(key: string, seen = new Set<string>(), lazy = false): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  const chunk = manifest[key];
  for (const k of [...(chunk?.imports ?? []), ...(lazy ? (chunk?.dynamicImports ?? []) : [])]) closure(k, seen, lazy);
  return seen;
}

const gz = new Map<string, number>();
function gzipped(key: string): number {
  const file = manifest[key]?.file;
  if (!file || !file.endsWith('.js')) return 0;
  if (!gz.has(file)) gz.set(file, gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length);
  return gz.get(file) ?? 0;
}

const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
if (!entry) throw new Error('no entry chunk in the manifest: run npm run build first');
const entryKeys = closure(entry);

// Lazy screens as src/app/routes.tsx imports them: import('../features/x/Page').
const routesSrc = fs.readFileSync(path.join(root, 'src/app/routes.tsx'), 'utf8');
const screens = [...routesSrc.matchAll(/import\('\.\.\/(features\/[^']+)'\)/g)].map((m) => `src/${m[1]}.tsx`);

const kb = (n: number) => (n / 1024).toFixed(1);
const rows = screens
  .filter((s) => manifest[s])
  .map((s) => {
    const sum = (keys: Set<string>) => [...keys].reduce((a, k) => a + gzipped(k), 0);
    // The screen's own lazy parts (charts, modals) load right after it paints: count them too.
    return {
      screen: path.basename(s, '.tsx'),
      total: sum(closure(s, new Set(entryKeys))),
      withLazy: sum(closure(s, new Set(entryKeys), true)),
    };
  })
  .sort((a, b) => b.total - a.total);

const entryTotal = [...entryKeys].reduce((a, k) => a + gzipped(k), 0);
const home = rows.find((r) => r.screen === 'HomePage');
console.log(`entry (shell) ${kb(entryTotal)} KB gzipped`);
console.log('| route screen | JS before paint, KB gzipped | with its lazy parts |\n|---|---|---|');
for (const r of rows) console.log(`| ${r.screen} | ${kb(r.total)} | ${kb(r.withLazy)} |`);
const largest = [...rows].sort((a, b) => b.withLazy - a.withLazy)[0];
console.log(
  `\nhome: ${home ? `${kb(home.total)} KB before paint, ${kb(home.withLazy)} KB with its lazy parts` : '?'} (target ≤ 250 KB gzipped)`,
);
console.log(`largest route: ${largest?.screen ?? '?'} ${largest ? kb(largest.withLazy) : '?'} KB with its lazy parts`);
