/**
 * `npm run cycles` (scripts/folderCycles.ts): no import cycle between the parts of server/ (its
 * folders and the files directly in it); and the command does find one in a made-up tree, names
 * the imports that close it, and exits 1.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCRIPT = path.join(ROOT, 'scripts', 'folderCycles.ts');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'folder-cycles-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function run(dir?: string): { code: number; out: string } {
  try {
    const out = execFileSync(process.execPath, ['--import', 'tsx', SCRIPT, ...(dir ? [dir] : [])], { cwd: ROOT, encoding: 'utf8' });
    return { code: 0, out };
  } catch (err) {
    const e = err as { status: number; stdout: string };
    return { code: e.status, out: e.stdout };
  }
}

function write(dir: string, files: Record<string, string>): string {
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

describe('folder cycles of server/', () => {
  it('server/ has none', () => {
    const { code, out } = run();
    expect(out).toMatch(/parts of server\/, 0 cycles\n$/);
    expect(code).toBe(0);
  });

  it('finds a cycle through a type import, a re-export and a lazy import, and exits 1', () => {
    const dir = write(path.join(tmp, 'cyclic'), {
      'api/routes/home.ts': "import type { Payload } from '../../realtime/payloads';\nexport const x: Payload | null = null;\n",
      'realtime/payloads.ts': "export { home } from '../queries/home';\nexport type Payload = string;\n",
      'queries/home.ts': "export const home = () => import('../api/format');\n",
      'api/format.ts': 'export const f = 1;\n',
      'core/http.ts': "import { f } from '../api/format';\nexport const g = f;\n",
      'db/schema.ts': "import { g } from '../core/http';\nexport const h = g;\n",
    });
    const { code, out } = run(dir);
    expect(code).toBe(1);
    expect(out).toContain('cycle: server/api → server/realtime → server/queries → server/api');
    expect(out).toContain('api/routes/home.ts → ../../realtime/payloads');
    expect(out).toContain('queries/home.ts → ../api/format');
    expect(out).toMatch(/5 parts of server\/, 1 cycle\n$/);
  });

  it('reads a file directly in the folder as a part of its own, and an import inside one part as no edge', () => {
    const dir = write(path.join(tmp, 'rootFiles'), {
      'config.ts': "import { limits } from './realtime/limits';\nexport const config = limits;\n",
      'realtime/limits.ts': "import { other } from './other';\nexport const limits = other;\n",
      'realtime/other.ts': "import { config } from '../config';\nexport const other = typeof config;\n",
    });
    const { code, out } = run(dir);
    expect(code).toBe(1);
    expect(out).toContain('cycle: server/config → server/realtime → server/config');
  });
});
