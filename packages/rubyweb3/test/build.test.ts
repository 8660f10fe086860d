/**
 * The package builds with tsc (its own tsconfig: NodeNext ESM + declarations) and the built
 * output works from plain Node: index.js, index.d.ts and a .d.ts per module.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, expect, it } from 'vitest';

const PKG = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = path.resolve(PKG, '../..');
// A temp folder whose node_modules links to the repository's, so the built files resolve 'ethers'
// the way an installed package would (and nothing is left in the source tree).
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rubyweb3-build-'));
const out = path.join(tmp, 'dist');
fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(tmp, 'node_modules'), 'dir');
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

it('builds to ESM with type declarations that plain Node can import', async () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(PKG, 'package.json'), 'utf8')) as Record<string, unknown>;
  expect(manifest.name).toBe('rubyweb3');
  expect(manifest.type).toBe('module');
  expect(manifest.scripts).toMatchObject({ build: 'tsc -p tsconfig.json' });
  expect(manifest.peerDependencies).toHaveProperty('ethers');

  execFileSync(path.join(ROOT, 'node_modules/.bin/tsc'), ['-p', path.join(PKG, 'tsconfig.json'), '--outDir', out], { stdio: 'pipe' });
  for (const mod of ['index', 'client', 'address', 'errors', 'types']) {
    expect(fs.existsSync(path.join(out, `${mod}.js`)), `${mod}.js`).toBe(true);
    expect(fs.existsSync(path.join(out, `${mod}.d.ts`)), `${mod}.d.ts`).toBe(true);
  }
  const dts = fs.readFileSync(path.join(out, 'index.d.ts'), 'utf8');
  for (const name of ['RubyWeb3', 'checkaddress', 'getAddressbyprivateKey', 'createWallet', 'RubyWeb3Error']) expect(dts).toContain(name);
  const client = fs.readFileSync(path.join(out, 'client.d.ts'), 'utf8');
  for (const name of ['getBalance', 'sendCoin', 'sendToken', 'getTransaction', 'getBlock', 'getLatestBlockNumber', 'tokenBalance'])
    expect(client).toContain(name);

  // Plain Node (no TypeScript, no aliases) runs the built module.
  const script = `import('${pathToFileURL(path.join(out, 'index.js')).href}').then((m) => {
    const w = m.createWallet();
    console.log(JSON.stringify({ ok: m.checkaddress(w.address), same: m.getAddressbyprivateKey(w.privateKey) === w.address, r: w.address[0] }));
  })`;
  const printed = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  expect(JSON.parse(printed.trim())).toEqual({ ok: true, same: true, r: 'r' });
});
