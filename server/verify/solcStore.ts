/**
 * Solidity compilers obtained on demand for verification, checked, and cached in DATA_DIR/solc.
 *
 * Where a compiler comes from, in order:
 * 1. the bundled npm `solc` when it is the version asked for;
 * 2. the cache (each file's sha256 is kept beside it and checked again before every use);
 * 3. the Solidity project's binaries list (`SOLC_BINARIES_URL`, default
 *    https://binaries.soliditylang.org/bin): the file's sha256 from the list is checked (its
 *    keccak256 when a list gives no sha256);
 * 4. the `solc@<version>` package of the npm registry (`SOLC_NPM_REGISTRY`, default the registry
 *    npm is configured with): the tarball's `dist.integrity` (sha512) is checked.
 * A download that fails its check is never written or used. The commit named by the request is
 * checked against the loaded compiler's own version text (in the compiler worker), so a package that
 * claims a version it is not cannot pass either.
 *
 * A soljson is CommonJS (it uses __dirname, module.exports). It is cached as `.cjs`: a `.js` file
 * is an ES module wherever the nearest package.json says "type": "module", as the repository's does
 * above the default ./data. A cache entry an older release wrote as `.js` is
 * renamed to `.cjs` once its sha256 has been checked.
 */
import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { keccak256 } from 'ethers';
import { etherscanName, type CompilerVersion } from './compilerVersion';
import { readTarballEntry } from './tarball';

const require = createRequire(import.meta.url);
/** The largest download accepted (a soljson is 8-30 MB; a solc tarball about as much). */
const MAX_DOWNLOAD_BYTES = 96 * 1024 * 1024;
const LIST_TTL_MS = 10 * 60_000;

export interface ObtainedCompiler {
  version: string;
  /** Absolute path of the soljson to load (the bundled soljson.js, or a cached .cjs). */
  file: string;
  source: 'bundled' | 'cache' | 'binaries' | 'npm';
}

export interface SolcStoreOptions {
  /** The cache folder (DATA_DIR/solc). */
  dir: string;
  /** Base URL of the binaries list (…/bin, holding list.json); null = not asked. */
  binariesUrl: string | null;
  /** npm registry base URL; undefined = the one `npm config get registry` names; null = not asked. */
  npmRegistry?: string | null;
  timeoutMs?: number;
  log?: (line: string) => void;
}

export class CompilerUnavailableError extends Error {
  constructor(v: CompilerVersion, reasons: string[]) {
    super(`Compiler ${etherscanName(v)} is not available: ${reasons.join('; ')}`);
    this.name = 'CompilerUnavailableError';
  }
}

interface ListBuild {
  path: string;
  version: string;
  prerelease?: string;
  longVersion: string;
  keccak256?: string;
  sha256?: string;
}
interface Manifest {
  version: string;
  file: string;
  sha256: string;
  source: 'binaries' | 'npm';
  from: string;
  at: string;
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

export class SolcStore {
  private inflight = new Map<string, Promise<ObtainedCompiler>>();
  private list: { at: number; builds: ListBuild[] } | null = null;
  private registry: Promise<string | null> | null = null;

  constructor(private readonly opts: SolcStoreOptions) {}

  /** The compiler `v` names, obtained and checked; throws CompilerUnavailableError. */
  obtain(v: CompilerVersion): Promise<ObtainedCompiler> {
    const key = `${v.version}+${v.commit ?? ''}`;
    let p = this.inflight.get(key);
    if (!p) {
      p = this.find(v).finally(() => this.inflight.delete(key));
      this.inflight.set(key, p);
    }
    return p;
  }

  private async find(v: CompilerVersion): Promise<ObtainedCompiler> {
    const bundled = bundledSolc();
    if (bundled.version === v.version) return { version: v.version, file: bundled.file, source: 'bundled' };
    const cached = await this.fromCache(v);
    if (cached) return cached;
    const reasons: string[] = [];
    for (const source of ['binaries', 'npm'] as const) {
      try {
        const got = source === 'binaries' ? await this.fromBinaries(v) : await this.fromNpm(v);
        if (got) return await this.save(v, got.bytes, source, got.from);
        reasons.push(
          source === 'binaries'
            ? 'not asked for the binaries list (SOLC_BINARIES_URL=off)'
            : 'not asked for the npm registry (SOLC_NPM_REGISTRY=off)',
        );
      } catch (err) {
        const text = err instanceof Error ? err.message : String(err);
        this.opts.log?.(`solc ${v.version}: ${source}: ${text}`);
        reasons.push(text);
      }
    }
    throw new CompilerUnavailableError(v, reasons);
  }

  private manifestPath(version: string): string {
    return path.join(this.opts.dir, `soljson-v${version}.json`);
  }

  private async fromCache(v: CompilerVersion): Promise<ObtainedCompiler | null> {
    let m: Manifest;
    try {
      m = JSON.parse(await fs.readFile(this.manifestPath(v.version), 'utf8')) as Manifest;
    } catch {
      return null;
    }
    const file = path.join(this.opts.dir, path.basename(m.file));
    try {
      if (sha256(await fs.readFile(file)) === m.sha256) {
        return { version: v.version, file: await this.asCommonJs(m, file), source: 'cache' };
      }
    } catch {
      // missing file: obtain it again
    }
    this.opts.log?.(`solc ${v.version}: the cached file does not match its recorded sha256; obtaining it again`);
    return null;
  }

  /** A checked cache entry under a `.cjs` name (an older `.js` entry renamed, its manifest rewritten). */
  private async asCommonJs(m: Manifest, file: string): Promise<string> {
    if (file.endsWith('.cjs')) return file;
    const renamed = path.join(this.opts.dir, `soljson-v${m.version}.cjs`);
    await fs.rename(file, renamed).catch(async (err: unknown) => {
      // Another store of this folder renamed it first.
      if (sha256(await fs.readFile(renamed)) !== m.sha256) throw err;
    });
    await this.writeManifest({ ...m, file: path.basename(renamed) });
    this.opts.log?.(`solc ${m.version}: cached ${path.basename(file)} renamed ${path.basename(renamed)} (CommonJS)`);
    return renamed;
  }

  private async writeManifest(m: Manifest): Promise<void> {
    const target = this.manifestPath(m.version);
    const tmp = `${target}.${process.pid}.${Date.now()}.tmp`;
    await fs.writeFile(tmp, JSON.stringify(m, null, 2));
    await fs.rename(tmp, target);
  }

  private async fromBinaries(v: CompilerVersion): Promise<{ bytes: Buffer; from: string } | null> {
    const base = this.opts.binariesUrl?.replace(/\/+$/, '');
    if (!base) return null;
    const builds = await this.binariesList(base);
    const build = builds.find(
      (b) => b.version === v.version && !b.prerelease && (v.commit === null || b.longVersion.includes(`commit.${v.commit}`)),
    );
    if (!build) throw new Error(`${base}/list.json has no release ${etherscanName(v)}`);
    if (!/^[\w.+-]+$/.test(build.path)) throw new Error(`${base}/list.json names an unexpected file "${build.path.slice(0, 80)}"`);
    const url = `${base}/${build.path}`;
    const bytes = await this.download(url);
    // sha256 (native, fast) when the list gives it, else keccak256 (in JavaScript: seconds for 20 MB).
    const ok = build.sha256
      ? `0x${sha256(bytes)}` === build.sha256.toLowerCase()
      : build.keccak256 !== undefined && keccak256(bytes) === build.keccak256.toLowerCase();
    if (!ok) {
      throw new Error(`${url} does not match the sha256/keccak256 of the binaries list: not used`);
    }
    return { bytes, from: url };
  }

  private async binariesList(base: string): Promise<ListBuild[]> {
    if (this.list && Date.now() - this.list.at < LIST_TTL_MS) return this.list.builds;
    const body = JSON.parse((await this.download(`${base}/list.json`)).toString('utf8')) as { builds?: ListBuild[] };
    if (!Array.isArray(body.builds)) throw new Error(`${base}/list.json is not a compiler list`);
    this.list = { at: Date.now(), builds: body.builds };
    return body.builds;
  }

  private async fromNpm(v: CompilerVersion): Promise<{ bytes: Buffer; from: string } | null> {
    const registry = await this.npmRegistry();
    if (!registry) return null;
    const metaUrl = `${registry.replace(/\/+$/, '')}/solc/${v.version}`;
    const meta = JSON.parse((await this.download(metaUrl)).toString('utf8')) as {
      version?: string;
      dist?: { tarball?: string; integrity?: string };
    };
    const tarball = meta.dist?.tarball;
    const integrity = /^sha512-([A-Za-z0-9+/=]+)$/.exec(meta.dist?.integrity ?? '');
    if (meta.version !== v.version || !tarball || !integrity)
      throw new Error(`${metaUrl} does not describe solc ${v.version} with a sha512 integrity`);
    const tgz = await this.download(tarball);
    if (createHash('sha512').update(tgz).digest('base64') !== integrity[1]) {
      throw new Error(`${tarball} does not match its integrity hash: not used`);
    }
    const soljson = readTarballEntry(tgz, 'package/soljson.js');
    if (!soljson) throw new Error(`${tarball} holds no soljson.js`);
    return { bytes: soljson, from: tarball };
  }

  /** The registry: the option, else npm's configured one, else the public registry. */
  private npmRegistry(): Promise<string | null> {
    if (this.opts.npmRegistry !== undefined) return Promise.resolve(this.opts.npmRegistry);
    this.registry ??= new Promise((resolve) => {
      execFile('npm', ['config', 'get', 'registry'], { timeout: 10_000 }, (err, stdout) => {
        const url = stdout.trim().split('\n').pop()?.trim() ?? '';
        resolve(!err && /^https?:\/\//.test(url) ? url : 'https://registry.npmjs.org/');
      });
    });
    return this.registry;
  }

  private async download(url: string): Promise<Buffer> {
    const res = await fetch(url, { signal: AbortSignal.timeout(this.opts.timeoutMs ?? 120_000), redirect: 'follow' }).catch(
      (err: unknown) => {
        const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
        throw new Error(`${url} cannot be reached (${err instanceof Error ? err.message : String(err)}${cause})`);
      },
    );
    if (!res.ok) throw new Error(`${url} answered HTTP ${res.status}`);
    const length = Number(res.headers.get('content-length') ?? 0);
    if (length > MAX_DOWNLOAD_BYTES) throw new Error(`${url} is larger than ${MAX_DOWNLOAD_BYTES} bytes`);
    const bytes = Buffer.from(await res.arrayBuffer());
    if (bytes.length > MAX_DOWNLOAD_BYTES) throw new Error(`${url} is larger than ${MAX_DOWNLOAD_BYTES} bytes`);
    return bytes;
  }

  private async save(v: CompilerVersion, bytes: Buffer, source: 'binaries' | 'npm', from: string): Promise<ObtainedCompiler> {
    await fs.mkdir(this.opts.dir, { recursive: true });
    // .cjs: CommonJS under any package.json (see the header).
    const file = path.join(this.opts.dir, `soljson-v${v.version}.cjs`);
    const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
    await fs.writeFile(tmp, bytes);
    await fs.rename(tmp, file);
    const manifest: Manifest = {
      version: v.version,
      file: path.basename(file),
      sha256: sha256(bytes),
      source,
      from,
      at: new Date().toISOString(),
    };
    await this.writeManifest(manifest);
    this.opts.log?.(`solc ${v.version}: obtained from ${from} (${Math.round(bytes.length / 1e5) / 10} MB), cached in ${this.opts.dir}`);
    return { version: v.version, file, source };
  }
}

/** The npm `solc` the explorer ships with (its own deploys compile with it). */
export function bundledSolc(): { version: string; file: string } {
  const pkg = require.resolve('solc/package.json');
  const { version } = require(pkg) as { version: string };
  return { version, file: path.join(path.dirname(pkg), 'soljson.js') };
}

const stores = new Map<string, SolcStore>();

/** The process's store for a configuration (one per cache folder, shared by every request). */
export function solcStoreFor(
  config: { dataDir: string; verify: { solcBinariesUrl: string | null; solcNpmRegistry: string | null | undefined } },
  log?: (line: string) => void,
): SolcStore {
  const dir = path.join(config.dataDir, 'solc');
  const key = JSON.stringify([dir, config.verify.solcBinariesUrl, config.verify.solcNpmRegistry]);
  let store = stores.get(key);
  if (!store) {
    store = new SolcStore({
      dir,
      binariesUrl: config.verify.solcBinariesUrl,
      npmRegistry: config.verify.solcNpmRegistry,
      ...(log ? { log } : {}),
    });
    stores.set(key, store);
  }
  return store;
}
