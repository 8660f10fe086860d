/**
 * docs/architecture.md stays true: every file or folder it names exists, every page route of
 * the SPA has its row in the URL-to-query map, each row's screen and route modules exist, and
 * no note promises work ("moving", "being added") instead of saying how things are.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../common/spec';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DOC = fs.readFileSync(path.join(ROOT, 'docs', 'architecture.md'), 'utf8');

/** Repository paths the document names in backticks (a top-level folder of ours, then more). */
function namedPaths(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(/`([^`\s]+)`/g)) {
    const p = (m[1] ?? '').replace(/[),.:;]+$/, '');
    if (!/^(server|src|common|tests|bench|deploy|docs|packages)\//.test(p)) continue;
    // A file (with its extension) or a folder (ending in /): `deploy/DeployContractPage` in the map is a screen.
    if (!/\.[a-z]+$|\/$/.test(p)) continue;
    // A pattern for many files (`<feature>`, `{id}`, `**`, `X`) names no single path.
    if (/[<{]|\*\*|\/X\//.test(p)) continue;
    out.add(p.replace(/#.*$/, ''));
  }
  return [...out];
}

/** Whether a path (with `*` in its last part, as `server/chain/traffic*.ts`) names something that exists. */
function exists(p: string): boolean {
  if (!p.includes('*')) return fs.existsSync(path.join(ROOT, p));
  const dir = path.dirname(p);
  const re = new RegExp(
    `^${path
      .basename(p)
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')}$`,
  );
  return fs.existsSync(path.join(ROOT, dir)) && fs.readdirSync(path.join(ROOT, dir)).some((f) => re.test(f));
}

/** The rows of the URL-to-query map: its cells, split on unescaped pipes. */
function mapRows(): string[][] {
  const start = DOC.indexOf('## URL to query map');
  const end = DOC.indexOf('\n## ', start + 5);
  return DOC.slice(start, end)
    .split('\n')
    .filter((l) => l.startsWith('| `') || l.startsWith('| search'))
    .map((l) =>
      l
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((c) => c.trim()),
    );
}

/** A route pattern with its parameters blanked: '/Block/:blockNumber' and '/Block/{n}' both read '/Block/{}'. */
const skeleton = (pattern: string) => pattern.replace(/:[A-Za-z]+|\{[^}]*\}/g, '{}');

describe('docs/architecture.md', () => {
  it('names only files and folders that exist', () => {
    const missing = namedPaths(DOC).filter((p) => !exists(p));
    expect(missing).toEqual([]);
  });

  it('has a row in the URL-to-query map for every page route of the SPA', () => {
    const listed = new Set(mapRows().flatMap((cells) => [...(cells[0] ?? '').matchAll(/`(\/[^`]*)`/g)].map((m) => skeleton(m[1] ?? ''))));
    const unlisted = Object.values(ROUTES).filter((r) => !listed.has(skeleton(r)));
    expect(unlisted).toEqual([]);
  });

  it("names each row's screens and route modules as they are in the code", () => {
    const wrong: string[] = [];
    for (const cells of mapRows()) {
      for (const m of (cells[1] ?? '').matchAll(/`([a-z]+(?:\/[A-Za-z]+)+)`/g)) {
        const screen = m[1] ?? '';
        const where = ['src/features', 'src'].flatMap((d) => ['.tsx', '.ts'].map((ext) => path.join(ROOT, d, `${screen}${ext}`)));
        if (!where.some((f) => fs.existsSync(f))) wrong.push(`screen ${screen}`);
      }
      for (const m of (cells[3] ?? '').matchAll(/`([a-zA-Z]+)`/g)) {
        const route = m[1] ?? '';
        if (!fs.existsSync(path.join(ROOT, 'server', 'api', 'routes', `${route}.ts`))) wrong.push(`route module ${route}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("lists in its boundaries table every file group the lint's boundary blocks cover", async () => {
    const configUrl = new URL('../../eslint.config.js', import.meta.url).href;
    const config = ((await import(/* @vite-ignore */ configUrl)) as { default: { files?: string[]; rules?: Record<string, unknown> }[] })
      .default;
    const groups = new Set(
      config
        .filter((b) => b.rules !== undefined && 'no-restricted-imports' in b.rules)
        .flatMap((b) => b.files ?? [])
        // One row stands for every feature's folder and depth.
        .map((g) => (g.startsWith('src/features/') ? 'src/features/X/**' : g)),
    );
    const start = DOC.indexOf('## Boundaries');
    const table = DOC.slice(start, DOC.indexOf('\n## ', start + 5));
    const rows = new Set(
      [...table.matchAll(/^\| (`[^|]+)\|/gm)].flatMap((m) => [...(m[1] ?? '').matchAll(/`([^`]+)`/g)].map((x) => x[1] ?? '')),
    );
    expect([...groups].filter((g) => !rows.has(g))).toEqual([]);
  });

  it('says how things are, not what is planned', () => {
    const promises = DOC.split('\n').filter((l) => /\b(moving|being added|will be added|to be moved|for now)\b/i.test(l));
    expect(promises).toEqual([]);
  });
});
