/**
 * Where the server's files are, from sources (tsx, vitest) and from the build (`npm run build`
 * bundles server/ into dist-server/, where shared code lands in chunks, so no module can find its
 * neighbours relative to its own URL). Everything here is resolved from the project root: the
 * nearest folder above this module that holds package.json.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** True under tsx or vitest (TypeScript sources), false in the built dist-server/. */
const FROM_SOURCES = import.meta.url.endsWith('.ts');

function findRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${start}`);
  }
}

export const PROJECT_ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)));
/** The SQL migrations (never bundled: read at start). */
export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, 'server', 'db', 'migrations');
/** The demo contracts the devnet's traffic deploys. */
export const CONTRACTS_DIR = path.join(PROJECT_ROOT, 'contracts');

/**
 * How to start a worker thread whose module is `server/<name>.ts`: the built file, or from
 * sources the tsx entry (a worker does not inherit the parent's loader) with the module's URL in
 * workerData.tsEntry.
 */
export function workerEntry(name: 'indexer/worker' | 'chain/compileWorker'): { file: URL; tsEntry: string } {
  if (FROM_SOURCES) {
    const source = pathToFileURL(path.join(PROJECT_ROOT, 'server', `${name}.ts`));
    return { file: pathToFileURL(path.join(PROJECT_ROOT, 'server', 'indexer', 'tsWorkerEntry.mjs')), tsEntry: source.href };
  }
  const built = pathToFileURL(path.join(PROJECT_ROOT, 'dist-server', `${name}.js`));
  return { file: built, tsEntry: built.href };
}
