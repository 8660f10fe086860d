/**
 * Loads a soljson.js (any solc-js release from 0.4.11 on) behind the npm `solc` wrapper, which
 * adapts the old and new compile entry points to one `compile(standardJson, { import })`.
 * Runs inside the compiler worker: a loaded compiler holds 100-250 MB (asm.js heap), so the pool
 * recycles the worker rather than keep more than a few (compileWorker.ts, MAX_LOADED_COMPILERS).
 */
import { createRequire } from 'node:module';
import type { Solc } from './compile';

const require = createRequire(import.meta.url);

const loaded = new Map<string, Solc>();

/** The compiler in `file`, loaded once per worker. */
export function loadSolcFile(file: string): Solc {
  let solc = loaded.get(file);
  if (!solc) {
    const wrapper = require('solc/wrapper') as (soljson: unknown) => Solc;
    solc = wrapper(require(file));
    loaded.set(file, solc);
  }
  return solc;
}
