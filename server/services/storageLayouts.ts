/**
 * The storage layout of a verified contract, for naming the slots a transaction changed (the State
 * tab). contract_sources keeps no layout (it would need a column), so the stored source
 * is compiled again with its stored compiler and settings, in the compiler worker, asking solc for
 * the storage layouts only (no code generation: about a second), and the layouts of every contract
 * of that input are kept in memory (bounded, keyed by the compiler and the input: contracts verified
 * from one input share one compile). A contract that is not verified, or whose compile fails or
 * whose compiler cannot be obtained, has no layout: "unverified" or "unknown".
 */
import { createHash } from 'node:crypto';
import type { StandardJsonInput } from '../chain/compile';
import { sharedCompiler } from '../chain/compileWorker';
import type { StorageLayout } from '../chain/storageLayout';
import { parseCompilerVersion } from '../verify/compilerVersion';
import { solcStoreFor } from '../verify/solcStore';
import type { ApiContext } from '../core/context';
import { stdInputOf } from '../queries/verified';
import { findVerified } from '../queries/verified';

export type LayoutAnswer = { state: 'decoded'; layout: StorageLayout } | { state: 'unknown' | 'unverified' };

/** Layouts by "file:contract", per compile input: the sample contracts share one input, so one compile names them all. */
type Layouts = Map<string, StorageLayout>;
const MAX_INPUTS = 16;
const compiles = new Map<string, Promise<Layouts | null>>();

/** A bounded map used least-recently first: a hit moves to the end, the oldest goes when full. */
function remember<V>(map: Map<string, V>, key: string, make: () => V, max: number): V {
  const had = map.get(key);
  if (had !== undefined) map.delete(key);
  const v = had ?? make();
  map.set(key, v);
  if (map.size > max) map.delete(map.keys().next().value as string);
  return v;
}

async function compileLayouts(ctx: ApiContext, compilerFile: string, input: StandardJsonInput): Promise<Layouts | null> {
  try {
    const result = await sharedCompiler().compile(input, undefined, compilerFile, { layoutOnly: true });
    return new Map(
      result.artifacts.flatMap((a) => (a.storageLayout ? [[`${a.sourceName}:${a.contractName}`, a.storageLayout] as const] : [])),
    );
  } catch (err) {
    ctx.log(`state changes: no storage layouts: ${err instanceof Error ? err.message : String(err)}`);
    return null;
  }
}

/** The layout of the contract at `address` (lowercase 0x): from one layout-only compile per verified input. */
export async function storageLayoutFor(ctx: ApiContext, address: string): Promise<LayoutAnswer> {
  const s = await findVerified(ctx, address);
  if (!s) return { state: 'unverified' };
  const version = parseCompilerVersion(s.compilerVersion);
  if ('error' in version) return { state: 'unknown' };
  let compiler: string;
  try {
    compiler = (await solcStoreFor(ctx.config, ctx.log).obtain(version)).file;
  } catch {
    return { state: 'unknown' };
  }
  const std = stdInputOf(s);
  const settings = typeof std.settings === 'object' && std.settings !== null && !Array.isArray(std.settings) ? std.settings : {};
  const input: StandardJsonInput = { language: std.language, sources: std.sources, settings };
  const key = createHash('sha256').update(compiler).update(JSON.stringify(input)).digest('hex');
  const p = remember(compiles, key, () => compileLayouts(ctx, compiler, input), MAX_INPUTS);
  const layouts = await p;
  // A failed compile (busy, timed out) is tried again next time.
  if (layouts === null) compiles.delete(key);
  const fq = s.fullyQualifiedName;
  const layout = fq ? layouts?.get(fq) : [...(layouts ?? [])].find(([k]) => k.endsWith(`:${s.contractName}`))?.[1];
  return layout ? { state: 'decoded', layout } : { state: 'unknown' };
}
