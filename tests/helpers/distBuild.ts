/** The built SPA (dist/) the product serves: rebuilt for tests only when an input is newer. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../server/paths';

const SPA_INPUTS = ['src', 'common', 'index.html', 'vite.config.ts', 'package-lock.json', 'public'];

function newestMtime(p: string): number {
  let st: fs.Stats;
  try {
    st = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const name of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, name)));
  return newest;
}

/** True when dist/index.html is newer than every input of the SPA build. */
export function distUpToDate(root = PROJECT_ROOT): boolean {
  const built = newestMtime(path.join(root, 'dist', 'index.html'));
  if (built === 0) return false;
  return SPA_INPUTS.every((p) => newestMtime(path.join(root, p)) <= built);
}

/** Builds dist/ with `vite build` (what `npm run build` runs) unless it is up to date. */
export function ensureDistBuilt(root = PROJECT_ROOT): 'reused' | 'built' {
  if (distUpToDate(root)) return 'reused';
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  try {
    // NODE_ENV=production as `npm run build` has it: vitest sets NODE_ENV=test, which a child vite
    // build inherits and writes into the client code, so React's development build was bundled.
    execFileSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'pipe',
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string; message: string };
    throw new Error(`vite build failed: ${e.message}\n${e.stdout ?? ''}\n${e.stderr ?? ''}`, { cause: err });
  }
  return 'built';
}
