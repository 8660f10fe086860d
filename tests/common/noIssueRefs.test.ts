/**
 * The code says why in plain words, not "see issue #N": a reader of the code cannot follow a tracker
 * number. Scans the source of server/, src/ and common/ (and the root configs and deploy/) and lists
 * every `issue #N` left. Numbered SQL migrations are left out: an applied migration is checksummed
 * (server/db/migrate.ts) and must never change, so their first-line notes stay as they were written.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FOLDERS = ['server', 'src', 'common', 'deploy'];
const ROOT_FILES = ['eslint.config.js', 'vite.config.ts', 'vitest.config.ts', 'knip.json'];
const SOURCE = /\.(ts|tsx|js|mjs|cjs|css|json|md|html|sh|conf|ya?ml)$/;
const ISSUE_REF = /issues? #\d+/i;

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && rel !== 'server/db/migrations') out.push(...sourceFiles(rel));
    } else if (SOURCE.test(entry.name)) out.push(rel);
  }
  return out;
}

/** `file:line: text` for each line of `text` naming an issue number. */
function issueRefs(file: string, text: string): string[] {
  return text.split('\n').flatMap((line, i) => (ISSUE_REF.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : []));
}

describe('no issue numbers in the code', () => {
  it('finds a reference in any case and form, and nothing in plain words', () => {
    const sample = ['// EIP-7702 set / clear', ' * Issue #19: the label', 'x; // (issues #26, #38 item 11)', '#2563eb'];
    expect(issueRefs('a.ts', sample.join('\n'))).toEqual(['a.ts:2: * Issue #19: the label', 'a.ts:3: x; // (issues #26, #38 item 11)']);
  });

  it('server/, src/, common/, deploy/ and the root configs name no issue number', () => {
    const files = [...FOLDERS.filter((d) => fs.existsSync(path.join(ROOT, d))).flatMap(sourceFiles), ...ROOT_FILES];
    expect(files.length).toBeGreaterThan(500);
    const found = files.flatMap((f) => issueRefs(f, fs.readFileSync(path.join(ROOT, f), 'utf8')));
    expect(found).toEqual([]);
  });
});
