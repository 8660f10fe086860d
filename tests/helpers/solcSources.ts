/**
 * The two places a verifier obtains a compiler from, served on loopback for offline tests: an npm
 * registry (package metadata + tarball with its sha512 integrity) and a Solidity binaries folder
 * (list.json with sha256/keccak256 + the soljson files). The compilers themselves are real: the
 * `solc-0.6.12`, `solc-0.7.6` and `solc-0.8.20` npm aliases installed as devDependencies, packed
 * here into tarballs the way npm lays them out (`package/…`). Either side can be told to serve a
 * corrupted file, to prove a download that fails its check is never used.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { keccak256 } from 'ethers';

const require = createRequire(import.meta.url);

/** The offline compilers: version → long version. */
export const OFFLINE_SOLC = {
  '0.6.12': '0.6.12+commit.27d51765',
  '0.7.6': '0.7.6+commit.7338295f',
  '0.8.20': '0.8.20+commit.a1b79de6',
} as const;
export type OfflineVersion = keyof typeof OFFLINE_SOLC;

export function soljsonOf(version: OfflineVersion): Buffer {
  return fs.readFileSync(path.join(path.dirname(require.resolve(`solc-${version}/package.json`)), 'soljson.js'));
}

function tarHeader(name: string, size: number): Buffer {
  const h = Buffer.alloc(512);
  const put = (text: string, at: number, len: number) => h.write(text.slice(0, len), at, len, 'utf8');
  put(name, 0, 100);
  put('0000644\0', 100, 8);
  put('0000000\0', 108, 8);
  put('0000000\0', 116, 8);
  put(`${size.toString(8).padStart(11, '0')}\0`, 124, 12);
  put(
    `${Math.floor(Date.parse('1985-10-26') / 1000)
      .toString(8)
      .padStart(11, '0')}\0`,
    136,
    12,
  );
  put('        ', 148, 8);
  put('0', 156, 1);
  put('ustar\0', 257, 6);
  put('00', 263, 2);
  let sum = 0;
  for (const b of h) sum += b;
  put(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8);
  return h;
}

/** A gzip'd ustar archive of `files` (name → content), as npm packs a package. */
export function tarGz(files: Record<string, Buffer>): Buffer {
  const parts: Buffer[] = [];
  for (const [name, body] of Object.entries(files)) {
    parts.push(tarHeader(name, body.length), body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  parts.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(parts));
}

export interface SolcSources {
  /** npm registry base URL (…/npm/). */
  npmRegistry: string;
  /** Binaries base URL (…/bin), holding list.json. */
  binariesUrl: string;
  /** Requests served, by path. */
  requests: string[];
  /** Serve a tarball / soljson whose bytes differ from what the metadata/list promise. */
  corrupt: { npm: boolean; binaries: boolean };
  close(): Promise<void>;
}

export async function startSolcSources(opts: { npm: OfflineVersion[]; binaries: OfflineVersion[] }): Promise<SolcSources> {
  const tarballs = new Map<string, Buffer>();
  for (const v of opts.npm) {
    tarballs.set(
      v,
      tarGz({ 'package/package.json': Buffer.from(JSON.stringify({ name: 'solc', version: v })), 'package/soljson.js': soljsonOf(v) }),
    );
  }
  // The list's hashes, once (keccak256 of 20 MB in JavaScript takes seconds).
  const builds = opts.binaries.map((v) => {
    const bytes = soljsonOf(v);
    return {
      path: `soljson-v${OFFLINE_SOLC[v]}.js`,
      version: v,
      build: OFFLINE_SOLC[v].split('+')[1],
      longVersion: OFFLINE_SOLC[v],
      keccak256: keccak256(bytes),
      sha256: `0x${createHash('sha256').update(bytes).digest('hex')}`,
      urls: [],
    };
  });
  const corrupt = { npm: false, binaries: false };
  const requests: string[] = [];
  const spoil = (b: Buffer) => Buffer.concat([b, Buffer.from('\n// changed in transit\n')]);
  let base = '';
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    requests.push(url);
    const send = (status: number, body: Buffer | string, type = 'application/octet-stream') => {
      res.writeHead(status, { 'content-type': type });
      res.end(body);
    };
    let m = /^\/npm\/solc\/(\d+\.\d+\.\d+)$/.exec(url);
    if (m && tarballs.has(m[1]!)) {
      const tgz = tarballs.get(m[1]!)!;
      const integrity = `sha512-${createHash('sha512').update(tgz).digest('base64')}`;
      return send(
        200,
        JSON.stringify({ name: 'solc', version: m[1], dist: { tarball: `${base}/npm/solc/-/solc-${m[1]}.tgz`, integrity } }),
        'application/json',
      );
    }
    m = /^\/npm\/solc\/-\/solc-(\d+\.\d+\.\d+)\.tgz$/.exec(url);
    if (m && tarballs.has(m[1]!)) return send(200, corrupt.npm ? spoil(tarballs.get(m[1]!)!) : tarballs.get(m[1]!)!);
    if (url === '/bin/list.json') {
      return send(200, JSON.stringify({ builds, releases: {}, latestRelease: '' }), 'application/json');
    }
    m = /^\/bin\/soljson-v(\d+\.\d+\.\d+)\+commit\.[0-9a-f]{8}\.js$/.exec(url);
    if (m && (opts.binaries as string[]).includes(m[1]!)) {
      const bytes = soljsonOf(m[1] as OfflineVersion);
      return send(200, corrupt.binaries ? spoil(bytes) : bytes);
    }
    send(404, JSON.stringify({ error: 'Not found' }), 'application/json');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    npmRegistry: `${base}/npm/`,
    binariesUrl: `${base}/bin`,
    requests,
    corrupt,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
