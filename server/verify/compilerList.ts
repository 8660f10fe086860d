/**
 * The solc releases the Verify page lists (GET /verify/options): the bundled compiler, the ones
 * already obtained into DATA_DIR/solc (their manifests, solcStore.ts), and the releases of the
 * binaries list when it can be reached (asked with a short time-out, kept 10 minutes; a failure is
 * kept 1 minute so an offline machine is not asked on every page view). Any other release may still
 * be typed on the page: verification obtains it on demand (solcStore.ts).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { CompilerChoice } from '../../common/api/verifyOptions';
import { bundledSolc } from './solcStore';

const LIST_TTL_MS = 10 * 60_000;
const FAILED_TTL_MS = 60_000;
const LIST_TIMEOUT_MS = 4000;

interface Release {
  version: string;
  longVersion: string;
  prerelease?: string;
}

const lists = new Map<string, { at: number; ttl: number; releases: Release[] | null }>();

async function releases(binariesUrl: string | null): Promise<Release[] | null> {
  const base = binariesUrl?.replace(/\/+$/, '');
  if (!base) return null;
  const known = lists.get(base);
  if (known && Date.now() - known.at < known.ttl) return known.releases;
  let got: Release[] | null = null;
  try {
    const res = await fetch(`${base}/list.json`, { signal: AbortSignal.timeout(LIST_TIMEOUT_MS) });
    const body = res.ok ? ((await res.json()) as { builds?: unknown }) : null;
    if (body && Array.isArray(body.builds)) {
      got = (body.builds as Release[]).filter(
        (b) => typeof b?.version === 'string' && typeof b.longVersion === 'string' && !b.prerelease && !b.longVersion.includes('nightly'),
      );
    }
  } catch {
    got = null;
  }
  lists.set(base, { at: Date.now(), ttl: got ? LIST_TTL_MS : FAILED_TTL_MS, releases: got });
  return got;
}

async function cachedVersions(dir: string): Promise<string[]> {
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  return names.map((n) => /^soljson-v(\d+\.\d+\.\d+)\.json$/.exec(n)?.[1]).filter((v): v is string => v !== undefined);
}

const order = (v: string) => v.split('.').map(Number);
function newerFirst(a: string, b: string): number {
  const [x, y] = [order(a), order(b)];
  for (let i = 0; i < 3; i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (y[i] ?? 0) - (x[i] ?? 0);
  return 0;
}

/** Newest first, one entry per version; `releasesListed` false when the list was not read. */
export async function compilerChoices(config: {
  dataDir: string;
  verify: { solcBinariesUrl: string | null };
}): Promise<{ compilers: CompilerChoice[]; releasesListed: boolean }> {
  const [list, cached] = await Promise.all([releases(config.verify.solcBinariesUrl), cachedVersions(path.join(config.dataDir, 'solc'))]);
  const byVersion = new Map<string, CompilerChoice>();
  for (const r of list ?? []) {
    const commit = /\+commit\.([0-9a-f]{8})/.exec(r.longVersion)?.[1];
    byVersion.set(r.version, { name: `v${r.version}${commit ? `+commit.${commit}` : ''}`, version: r.version, source: 'release' });
  }
  for (const v of cached) byVersion.set(v, { name: byVersion.get(v)?.name ?? `v${v}`, version: v, source: 'cached' });
  const bundled = bundledSolc().version;
  byVersion.set(bundled, { name: byVersion.get(bundled)?.name ?? `v${bundled}`, version: bundled, source: 'bundled' });
  const compilers = [...byVersion.values()].sort((a, b) => newerFirst(a.version, b.version));
  return { compilers, releasesListed: list !== null };
}
