/**
 * The import callback solc calls for every import it cannot find among the given sources.
 * Only `@openzeppelin/<package>/<file>.sol` resolves, to that package in node_modules, and the resolved
 * path must stay inside the package: sources may come from users, and must not read server files.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const IMPORT = /^(@openzeppelin\/[a-z0-9-]+)\/(.+\.sol)$/;

function packageRoot(pkg: string): string | null {
  try {
    return path.dirname(require.resolve(`${pkg}/package.json`));
  } catch {
    return null;
  }
}

export function readImport(importPath: string): { contents: string } | { error: string } {
  const m = IMPORT.exec(importPath);
  if (!m || !m[1] || !m[2]) return { error: `File not found: ${importPath} (only @openzeppelin/… imports are available)` };
  const root = packageRoot(m[1]);
  if (!root) return { error: `Package ${m[1]} is not installed` };
  const file = path.resolve(root, m[2]);
  if (!file.startsWith(root + path.sep)) return { error: `File not found: ${importPath}` };
  try {
    return { contents: fs.readFileSync(file, 'utf8') };
  } catch {
    return { error: `File not found: ${importPath}` };
  }
}

function versionOf(pkg: string): string {
  const root = packageRoot(pkg);
  if (!root) return 'missing';
  return (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version?: string }).version ?? 'unknown';
}

/** Version of @openzeppelin/contracts: part of the artifact cache key, as imports shape the output. */
export function openZeppelinVersion(): string {
  return versionOf('@openzeppelin/contracts');
}

/** Version of the npm solc package, which equals the compiler version it ships, without loading it. */
export function solcPackageVersion(): string {
  return versionOf('solc');
}
