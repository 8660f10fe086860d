/**
 * The source line a verified contract reverted on: the REVERT's program counter
 * (server/chain/revertSteps.ts) → its instruction → the runtime code's source map → file, line.
 * The source map comes from compiling the stored verification again with its own settings and
 * compiler (the verification keeps no compiler output), in the shared compiler worker, once per
 * contract: kept in a small cache keyed by the address and the verification's time, so a new
 * verification of the address is compiled afresh.
 */
import type { RevertSource } from '../../common/api/callTree';
import type { StandardJsonInput } from '../chain/compile';
import { sharedCompiler } from '../chain/compileWorker';
import { readImport } from '../chain/solcImports';
import { parseCompilerVersion } from '../verify/compilerVersion';
import { solcStoreFor } from '../verify/solcStore';
import { instructionIndex, lineAt, opcodeAt, sourceRangeAt } from '../verify/sourceMap';
import type { ApiContext } from '../core/context';
import { rubyAddress } from '../core/format';
import { stdInputOf } from '../queries/verified';
import { pickArtifact } from '../queries/verifiedMatch';
import { findVerified } from '../queries/verified';
import type { RevertAt } from '../chain/revertSteps';

interface Mapped {
  contractName: string;
  code: string;
  sourceMap: string;
  files: Map<number, { name: string; content: string }>;
}

/** Contracts whose source maps are kept (a compile costs seconds; a map is a few kB). */
const CACHE_SIZE = 32;
const cache = new Map<string, Promise<Mapped | string>>();

async function compileForMap(ctx: ApiContext, address: string): Promise<Mapped | string | null> {
  const v = await findVerified(ctx, address);
  if (!v) return null;
  const key = `${address}:${v.verifiedAt.getTime()}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const job = (async (): Promise<Mapped | string> => {
    const std = stdInputOf(v);
    const wanted = parseCompilerVersion(v.compilerVersion);
    if ('error' in wanted) return `the verification names no usable compiler (${v.compilerVersion})`;
    const compiler = await solcStoreFor(ctx.config, ctx.log).obtain(wanted);
    const input: StandardJsonInput = {
      language: std.language,
      sources: std.sources,
      settings: (std.settings && typeof std.settings === 'object' && !Array.isArray(std.settings) ? std.settings : {}) as Record<
        string,
        unknown
      >,
    };
    const out = await sharedCompiler().compile(input, undefined, compiler.source === 'bundled' ? undefined : compiler.file, {
      sourceMaps: true,
    });
    if (!out.ok) return 'the verified source did not compile again';
    const picked = pickArtifact(out.artifacts, v.fullyQualifiedName ?? v.contractName);
    if ('error' in picked || !picked.artifact.deployedSourceMap) return 'the compiler gave no source map for the verified contract';
    const files = new Map<number, { name: string; content: string }>();
    for (const [name, id] of Object.entries(out.sourceIds ?? {})) {
      const given = std.sources[name]?.content;
      const imported = given === undefined ? readImport(name) : null;
      const content = given ?? (imported && 'contents' in imported ? imported.contents : null);
      if (content !== null) files.set(id, { name, content });
    }
    return { contractName: v.contractName, code: picked.artifact.deployedBytecode, sourceMap: picked.artifact.deployedSourceMap, files };
  })();
  cache.set(key, job);
  // A failure to compile now (busy, timed out, no compiler) is not kept: the next request tries again.
  job.catch(() => cache.delete(key));
  while (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  try {
    return await job;
  } catch (err) {
    return `the verified source could not be compiled now (${err instanceof Error ? err.message.slice(0, 160) : 'error'})`;
  }
}

const JUMP = 0x56;
const JUMPI = 0x57;

function userRange(mapped: Mapped, pc: number) {
  const index = instructionIndex(mapped.code, pc);
  const range = index === null ? null : sourceRangeAt(mapped.sourceMap, index);
  const file = range && range.file >= 0 ? mapped.files.get(range.file) : undefined;
  return range && file ? { range, file } : null;
}

/** A branch (JUMPI) or a jump into a function (JUMP marked 'i'), made from the contract's own sources. */
function userBranch(mapped: Mapped, pc: number) {
  const found = userRange(mapped, pc);
  const op = opcodeAt(mapped.code, pc);
  return found && (op === JUMPI || (op === JUMP && found.range.jump === 'i')) ? found : null;
}

/**
 * The source line of a REVERT at `at.pc` in the runtime code of `address` (lowercase 0x); a string
 * says why there is none; null when the contract is not verified (nothing to show).
 *
 * The line is that of the frame's last branch (JUMPI) or jump into a function made from the
 * contract's own sources (walking back from the REVERT: past the compiler's generated helpers and
 * the returns from functions), else of the REVERT itself. The optimizer merges identical revert
 * blocks, so a REVERT's own entry may name another require() that ends the same way; the failing
 * require's branch, or its jump into the shared encoding, is its own. A Panic's jump into the
 * checked arithmetic names the expression. For an unmerged revert all name the same statement.
 */
export async function revertSourceOf(ctx: ApiContext, address: string, at: RevertAt): Promise<RevertSource | string | null> {
  const mapped = await compileForMap(ctx, address);
  if (mapped === null || typeof mapped === 'string') return mapped;
  if (instructionIndex(mapped.code, at.pc) === null) return `program counter ${at.pc} is not an instruction of the verified code`;
  let found = null;
  for (let i = at.jumps.length - 1; i >= 0 && !found; i--) found = userBranch(mapped, at.jumps[i] as number);
  found ??= userRange(mapped, at.pc);
  if (!found) return 'the contract reverted in code the compiler generated (no source line)';
  const { range, file } = found;
  const pc = at.pc;
  const where = lineAt(file.content, range.start);
  if (!where) return 'the source map points past the end of the source';
  return {
    address: rubyAddress(address),
    contractName: mapped.contractName,
    file: file.name,
    line: where.line,
    column: where.column,
    text: where.text,
    pc,
  };
}
