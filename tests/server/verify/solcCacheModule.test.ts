/**
 * Issue #38, defect 1: a compiler obtained for verification must load wherever the data folder
 * lies, also under a package.json that says "type": "module" (the repository's own, above the
 * default ./data), where Node takes a `.js` file for an ES module and a soljson then throws
 * "__dirname is not defined in ES module scope". A `.js` entry cached by an older release is still
 * used (renamed), its sha256 checked first.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { standardInput } from '../../../server/chain/compile';
import { CompilerPool } from '../../../server/chain/compileWorker';
import { parseCompilerVersion, type CompilerVersion } from '../../../server/verify/compilerVersion';
import { SolcStore } from '../../../server/verify/solcStore';
import { OFFLINE_SOLC, soljsonOf, startSolcSources, type SolcSources } from '../../helpers/solcSources';

const SRC = 'pragma solidity >=0.6.0 <0.9.0; contract Box { uint256 public value; constructor(uint256 v) public { value = v; } }';

const v = (text: string): CompilerVersion => {
  const p = parseCompilerVersion(text);
  if ('error' in p) throw new Error(p.error);
  return p;
};

let sources: SolcSources;
let root: string;
let pool: CompilerPool;

/** A data folder like the default ./data: inside a folder whose package.json says "type": "module". */
async function moduleDataDir(): Promise<string> {
  const project = await fs.mkdtemp(path.join(root, 'project-'));
  await fs.writeFile(path.join(project, 'package.json'), JSON.stringify({ name: 'x', private: true, type: 'module' }));
  return path.join(project, 'data', 'solc');
}

async function compileWith(file: string, version: keyof typeof OFFLINE_SOLC) {
  const out = await pool.compile(
    standardInput({ 'Box.sol': SRC }, { optimizer: { enabled: false, runs: 200 }, evmVersion: 'istanbul' }),
    60_000,
    file,
  );
  expect(out.ok, JSON.stringify(out.errors)).toBe(true);
  expect(out.compilerVersion.startsWith(OFFLINE_SOLC[version])).toBe(true);
}

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'ruby-solc-module-'));
  sources = await startSolcSources({ binaries: [], npm: ['0.7.6', '0.8.20'] });
  pool = new CompilerPool();
});
afterAll(async () => {
  await pool?.close();
  await sources?.close();
  await fs.rm(root, { recursive: true, force: true });
});

it('compiles with a release obtained into a data folder under a "type": "module" package.json', async () => {
  const dir = await moduleDataDir();
  const store = new SolcStore({ dir, binariesUrl: null, npmRegistry: sources.npmRegistry });
  const got = await store.obtain(v('0.7.6'));
  expect(got.source).toBe('npm');
  await compileWith(got.file, '0.7.6');
  // And from the cache, by a new store (a restart).
  const again = await new SolcStore({ dir, binariesUrl: null, npmRegistry: null }).obtain(v('0.7.6'));
  expect(again).toMatchObject({ source: 'cache', file: got.file });
  await compileWith(again.file, '0.7.6');
}, 180_000);

it('still uses a .js entry an older release cached there, checked and renamed', async () => {
  const dir = await moduleDataDir();
  await fs.mkdir(dir, { recursive: true });
  const bytes = soljsonOf('0.8.20');
  const { createHash } = await import('node:crypto');
  await fs.writeFile(path.join(dir, 'soljson-v0.8.20.js'), bytes);
  const manifest = {
    version: '0.8.20',
    file: 'soljson-v0.8.20.js',
    sha256: createHash('sha256').update(bytes).digest('hex'),
    source: 'npm',
    from: 'an older release',
    at: '2026-11-01T00:00:00.000Z',
  };
  await fs.writeFile(path.join(dir, 'soljson-v0.8.20.json'), JSON.stringify(manifest));
  const asked = sources.requests.length;
  const got = await new SolcStore({ dir, binariesUrl: null, npmRegistry: sources.npmRegistry }).obtain(v('0.8.20'));
  expect(got.source).toBe('cache');
  expect(sources.requests.length, 'the cached entry is used, not downloaded again').toBe(asked);
  await compileWith(got.file, '0.8.20');
  // The next start finds it under its new name, still checked.
  const again = await new SolcStore({ dir, binariesUrl: null, npmRegistry: null }).obtain(v('0.8.20'));
  expect(again).toMatchObject({ source: 'cache', file: got.file });
  await fs.appendFile(got.file, '\n// tampered\n');
  const refused = await new SolcStore({ dir, binariesUrl: null, npmRegistry: null }).obtain(v('0.8.20')).catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(Error);
}, 180_000);
