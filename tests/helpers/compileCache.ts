/**
 * One compile cache for every test process of a machine. The traffic generator compiles
 * contracts/*.sol before it deploys (about 4 s of CPU with solc-js); each test used to give it a
 * fresh temporary folder, so every node file and every product an e2e file starts compiled the
 * same sources again. The cache is content-addressed (server/chain/compile.ts names each entry by
 * the hash of the sources, the compiler, OpenZeppelin and the settings, and writes it by rename),
 * so sharing it between processes is safe and a change of any input misses it.
 *
 * The tests of the compile cache itself (compile.test.ts, traffic.test.ts) keep their own folders.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const TEST_COMPILE_CACHE_DIR = path.join(os.tmpdir(), 'ruby-test-compile-cache');

const isEntry = (f: string) => /^contracts-[0-9a-f]+\.json$/.test(f);

function copyEntries(from: string, to: string): void {
  let names: string[];
  try {
    names = fs.readdirSync(from).filter(isEntry);
  } catch {
    return; // nothing cached yet
  }
  fs.mkdirSync(to, { recursive: true });
  for (const name of names) {
    const target = path.join(to, name);
    if (fs.existsSync(target)) continue;
    // Copy then rename: a reader in another process never sees a half-written entry.
    const tmp = `${target}.${process.pid}.tmp`;
    fs.copyFileSync(path.join(from, name), tmp);
    fs.renameSync(tmp, target);
  }
}

/** Before a product starts on `dataDir`: its compile cache (`<dataDir>/cache`) gets the shared entries. */
export function seedCompileCache(dataDir: string): void {
  copyEntries(TEST_COMPILE_CACHE_DIR, path.join(dataDir, 'cache'));
}

/** After a product has compiled on `dataDir`: new entries go to the shared cache for the next one. */
export function keepCompileCache(dataDir: string): void {
  copyEntries(path.join(dataDir, 'cache'), TEST_COMPILE_CACHE_DIR);
}
