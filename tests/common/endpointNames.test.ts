/**
 * Every RTK Query endpoint of the SPA is injected into one api (src/app/api.ts): two endpoints with
 * one name collide, and the one loaded last runs the other's query (the wallet's token list once ran
 * the Tokens page's paged query with no page: a TypeError on the dashboard, seen in chromium).
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const root = path.resolve(__dirname, '../../src');

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return files(full);
    return /\.tsx?$/.test(e.name) ? [full] : [];
  });
}

it('gives every API endpoint of the SPA its own name', () => {
  const seen = new Map<string, string[]>();
  for (const file of files(root)) {
    for (const m of fs.readFileSync(file, 'utf8').matchAll(/^\s+(\w+): build\.(?:query|mutation)\b/gm)) {
      seen.set(m[1]!, [...(seen.get(m[1]!) ?? []), path.relative(root, file)]);
    }
  }
  expect(seen.size).toBeGreaterThan(20);
  expect([...seen].filter(([, where]) => where.length > 1)).toEqual([]);
});
