/**
 * Compilers obtained on demand (server/verify/solcStore.ts) from a binaries list and an npm
 * registry served on loopback with the real solc 0.6.12 / 0.7.6 / 0.8.20 releases: the checks on
 * every download, the cache and its own check, and compiling with each release in the worker.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standardInput } from '../../../server/chain/compile';
import { CompilerPool, MAX_LOADED_COMPILERS } from '../../../server/chain/compileWorker';
import { etherscanName, parseCompilerVersion, versionMatches, type CompilerVersion } from '../../../server/verify/compilerVersion';
import { CompilerUnavailableError, SolcStore } from '../../../server/verify/solcStore';
import { readTarballEntry } from '../../../server/verify/tarball';
import { OFFLINE_SOLC, soljsonOf, startSolcSources, tarGz, type SolcSources } from '../../helpers/solcSources';

/** Buffer.equals: expect's deep equality walks 20 MB byte by byte (minutes). */
const sameBytes = async (file: string, version: keyof typeof OFFLINE_SOLC) => (await fs.readFile(file)).equals(soljsonOf(version));

const v = (text: string): CompilerVersion => {
  const p = parseCompilerVersion(text);
  if ('error' in p) throw new Error(p.error);
  return p;
};

describe('compiler version names', () => {
  it('reads the Etherscan, Sourcify and bare spellings', () => {
    expect(parseCompilerVersion('v0.8.20+commit.a1b79de6')).toEqual({ version: '0.8.20', commit: 'a1b79de6' });
    expect(parseCompilerVersion('0.8.20+commit.A1B79DE6')).toEqual({ version: '0.8.20', commit: 'a1b79de6' });
    expect(parseCompilerVersion(' 0.7.6 ')).toEqual({ version: '0.7.6', commit: null });
    expect(etherscanName(v('0.6.12+commit.27d51765'))).toBe('v0.6.12+commit.27d51765');
  });
  it('refuses nightlies, junk and compilers without standard JSON', () => {
    for (const bad of ['', 'latest', 'v0.8.20-nightly.2023.5.1+commit.12345678', '0.8', '0.8.20; rm -rf', '../../etc/passwd']) {
      expect(parseCompilerVersion(bad)).toHaveProperty('error');
    }
    expect(parseCompilerVersion('0.4.10')).toMatchObject({ error: expect.stringMatching(/too old/) });
  });
  it('matches a loaded compiler by version and, when named, by commit', () => {
    expect(versionMatches(v('0.8.20'), '0.8.20+commit.a1b79de6.Emscripten.clang')).toBe(true);
    expect(versionMatches(v('v0.8.20+commit.a1b79de6'), '0.8.20+commit.a1b79de6.Emscripten.clang')).toBe(true);
    expect(versionMatches(v('v0.8.20+commit.deadbeef'), '0.8.20+commit.a1b79de6.Emscripten.clang')).toBe(false);
    expect(versionMatches(v('0.8.21'), '0.8.20+commit.a1b79de6.Emscripten.clang')).toBe(false);
  });
});

describe('npm tarballs', () => {
  it('reads one entry and refuses a damaged archive', () => {
    const tgz = tarGz({ 'package/package.json': Buffer.from('{}'), 'package/soljson.js': Buffer.from('x'.repeat(1300)) });
    expect(readTarballEntry(tgz, 'package/soljson.js')?.toString()).toBe('x'.repeat(1300));
    expect(readTarballEntry(tgz, 'package/other.js')).toBeNull();
    expect(() => readTarballEntry(tgz.subarray(0, tgz.length - 40), 'package/soljson.js')).toThrow();
  });
});

describe('SolcStore', () => {
  let sources: SolcSources;
  let dir: string;
  const store = (over: Partial<ConstructorParameters<typeof SolcStore>[0]> = {}) =>
    new SolcStore({ dir, binariesUrl: sources.binariesUrl, npmRegistry: sources.npmRegistry, ...over });
  beforeAll(async () => {
    // 0.6.12 only in the binaries list, 0.7.6 only on npm, 0.8.20 in both.
    sources = await startSolcSources({ binaries: ['0.6.12', '0.8.20'], npm: ['0.7.6', '0.8.20'] });
  });
  afterAll(() => sources?.close());
  const freshDir = async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ruby-solc-'));
  };

  it('takes a release from the binaries list, checked, then from its cache without asking again', async () => {
    await freshDir();
    const got = await store().obtain(v('v0.6.12+commit.27d51765'));
    expect(got.source).toBe('binaries');
    expect(await sameBytes(got.file, '0.6.12')).toBe(true);
    const asked = sources.requests.length;
    const again = await store().obtain(v('0.6.12'));
    expect(again).toMatchObject({ source: 'cache', file: got.file });
    expect(sources.requests.length).toBe(asked);
  });

  it('takes a release from the npm registry when the binaries list cannot be reached', async () => {
    await freshDir();
    const got = await store({ binariesUrl: 'http://127.0.0.1:9/bin' }).obtain(v('0.7.6'));
    expect(got.source).toBe('npm');
    expect(await sameBytes(got.file, '0.7.6')).toBe(true);
  });

  it('never uses a download that fails its check, and falls back to the other source', async () => {
    await freshDir();
    sources.corrupt.binaries = true;
    try {
      const got = await store().obtain(v('0.8.20'));
      expect(got.source).toBe('npm');
      expect(await sameBytes(got.file, '0.8.20')).toBe(true);
      await freshDir();
      const err = await store()
        .obtain(v('0.6.12'))
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(CompilerUnavailableError);
      expect((err as Error).message).toMatch(
        /^Compiler v0\.6\.12 is not available: .*does not match the sha256\/keccak256 of the binaries list: not used/,
      );
      expect(await fs.readdir(dir)).toEqual([]);
    } finally {
      sources.corrupt.binaries = false;
    }
    sources.corrupt.npm = true;
    try {
      await freshDir();
      const err = await store({ binariesUrl: null })
        .obtain(v('0.7.6'))
        .catch((e: unknown) => e);
      expect((err as Error).message).toMatch(/does not match its integrity hash: not used/);
      expect(await fs.readdir(dir)).toEqual([]);
    } finally {
      sources.corrupt.npm = false;
    }
  });

  it('obtains a cached file again when it no longer matches its recorded sha256', async () => {
    await freshDir();
    const got = await store().obtain(v('0.6.12'));
    await fs.appendFile(got.file, '\n// tampered\n');
    const again = await store().obtain(v('0.6.12'));
    expect(again.source).toBe('binaries');
    expect(await sameBytes(again.file, '0.6.12')).toBe(true);
  });

  it('says what it tried when no source has the release', async () => {
    await freshDir();
    const err = await store({ npmRegistry: null })
      .obtain(v('0.5.17'))
      .catch((e: unknown) => e);
    expect((err as Error).message).toBe(
      'Compiler v0.5.17 is not available: ' +
        `${sources.binariesUrl}/list.json has no release v0.5.17; not asked for the npm registry (SOLC_NPM_REGISTRY=off)`,
    );
  });

  it('compiles with each obtained release in the worker, recycling it past MAX_LOADED_COMPILERS', async () => {
    await freshDir();
    const pool = new CompilerPool();
    try {
      const src = 'pragma solidity >=0.6.0 <0.9.0; contract Box { uint256 public value; constructor(uint256 v) public { value = v; } }';
      const versions = Object.keys(OFFLINE_SOLC) as Array<keyof typeof OFFLINE_SOLC>;
      expect(versions.length).toBeGreaterThan(MAX_LOADED_COMPILERS);
      for (const version of [...versions, versions[0]!]) {
        const { file } = await store().obtain(v(version));
        const out = await pool.compile(
          standardInput({ 'Box.sol': src }, { optimizer: { enabled: false, runs: 200 }, evmVersion: 'istanbul' }),
          60_000,
          file,
        );
        expect(out.ok, JSON.stringify(out.errors)).toBe(true);
        expect(out.compilerVersion.startsWith(OFFLINE_SOLC[version])).toBe(true);
        expect(out.artifacts.find((a) => a.contractName === 'Box')?.bytecode).toMatch(/^0x60(80|60)60405/);
      }
    } finally {
      await pool.close();
    }
  }, 180_000);
});
