/**
 * Verification of a contract already on chain: compile the given input, pick the named
 * contract, compare its runtime code with eth_getCode AND its creation code with the chain's
 * (the creating transaction's input, or the factory's CREATE/CREATE2 init code: contractCreation.ts),
 * prove the constructor arguments from the bytes after the creation code, and store the source with
 * Sourcify's match levels. Shared by POST /verifyContract, the Etherscan-style verifysourcecode and
 * Sourcify's POST /v2/verify (server/api/sourcify/).
 */
import type { StandardJsonInput } from '../chain/compile';
import { getCode } from '../chain/rpcActions';
import type { JsonValue } from '../db/schema';
import type { ApiContext } from '../core/context';
import { rubyAddress } from '../core/format';
import { ApiError } from '../core/http';
import { etherscanName, parseCompilerVersion, versionMatches, type CompilerVersion } from '../verify/compilerVersion';
import { CompilerUnavailableError, solcStoreFor, type ObtainedCompiler } from '../verify/solcStore';
import { firstDifference, matchCreation, matchRuntime, type MatchLevel } from '../verify/bytecodeMatch';
import { checkConstructorArgs, type DecodedArg } from '../verify/constructorArgs';
import { AlreadyVerifiedError, refuse, VerifyRefusal } from '../verify/refusal';
import { findCreation } from '../queries/contractCreation';
import { etherscanVersion, findVerified, saveVerified, type StoredSource } from '../queries/verified';
import { compileOrReject } from './compile';
import { pickArtifact, type MatchKind } from '../queries/verifiedMatch';

export interface VerifyInput {
  address: string;
  input: StandardJsonInput;
  contractName: string;
  /** What is stored and shown: the single file, or the standard JSON text. */
  sourceText: string;
  sourceFormat: 'single' | 'standard-json';
  compilerVersion?: string;
  constructorArgs?: string;
  /** The creating transaction when the caller names it (Sourcify's creationTransactionHash). */
  creationTxHash?: string;
  origin: 'verify' | 'etherscan' | 'sourcify';
  license?: string | null;
}

export interface VerifyOutcome {
  address: string;
  contractName: string;
  /** The runtime level in the explorer's older words ('full' = exact_match, 'partial' = match). */
  match: MatchKind;
  compilerVersion: string;
  creationMatch: MatchLevel;
  runtimeMatch: MatchLevel;
  constructorArguments: DecodedArg[];
  /** How long compiling took (Sourcify's compilationTime). */
  compilationMs: number;
}

/** The runtime code at the address, or a 400 when there is none. */
export async function codeAt(ctx: ApiContext, address: string): Promise<string> {
  const code = await getCode(ctx.rpc, address, 'latest');
  if (!code || code === '0x')
    throw new VerifyRefusal(
      400,
      'contract_not_deployed',
      `Unable to locate ContractCode at ${rubyAddress(address)}: no contract is deployed there`,
    );
  return code;
}

/** The compiler the request names, obtained on demand (server/verify/solcStore.ts); 400 when it cannot be. */
async function obtainCompiler(ctx: ApiContext, wanted: CompilerVersion): Promise<ObtainedCompiler> {
  try {
    return await solcStoreFor(ctx.config, ctx.log).obtain(wanted);
  } catch (err) {
    if (err instanceof CompilerUnavailableError) throw refuse('unsupported_compiler_version', err.message);
    throw err;
  }
}

const RANK: Record<MatchLevel, number> = { match: 1, exact_match: 2 };

/** A stored verification proved by these checks (legacy rows, runtime only, are not: a request replaces them). */
export function isProved(s: StoredSource | null): s is StoredSource & { creationMatch: MatchLevel; runtimeMatch: MatchLevel } {
  return !!s && s.creationMatch !== null && s.runtimeMatch !== null;
}

/** Both levels exact: nothing left to improve ("already verified"). */
export function isFullyExact(s: StoredSource | null): boolean {
  return isProved(s) && s.creationMatch === 'exact_match' && s.runtimeMatch === 'exact_match';
}

async function compileFor(ctx: ApiContext, v: VerifyInput) {
  const wanted = v.compilerVersion ? parseCompilerVersion(v.compilerVersion) : null;
  if (wanted && 'error' in wanted) throw refuse('invalid_compiler_version', wanted.error);
  const compiler = wanted ? await obtainCompiler(ctx, wanted) : null;
  const started = Date.now();
  let compiled;
  try {
    compiled = await compileOrReject(v.input, compiler?.file);
  } catch (err) {
    if (err instanceof ApiError && !(err instanceof VerifyRefusal))
      throw new VerifyRefusal(err.statusCode, err.statusCode === 429 ? 'compiler_busy' : 'compiler_error', err.message);
    throw err;
  }
  if (wanted && !versionMatches(wanted, compiled.compilerVersion)) {
    throw refuse(
      'unsupported_compiler_version',
      `Compiler ${etherscanName(wanted)} is not available: the compiler obtained for it reports ${etherscanVersion(compiled.compilerVersion)}`,
    );
  }
  return { compiled, ms: Date.now() - started };
}

export async function verifyOnChain(ctx: ApiContext, v: VerifyInput): Promise<VerifyOutcome> {
  const code = await codeAt(ctx, v.address);
  const before = await findVerified(ctx, v.address);
  if (isFullyExact(before)) throw new AlreadyVerifiedError();
  const { compiled, ms } = await compileFor(ctx, v);
  const picked = pickArtifact(compiled.artifacts, v.contractName);
  if ('error' in picked) throw refuse('contract_not_found_in_compiler_output', picked.error);
  const { artifact } = picked;
  const who = rubyAddress(v.address);
  const runtime = matchRuntime(artifact.deployedBytecode, code, {
    linkReferences: artifact.deployedLinkReferences,
    immutableReferences: artifact.immutableReferences,
  });
  if (!runtime) {
    throw refuse(
      'no_match',
      `Bytecode mismatch: the compiled runtime code of ${artifact.contractName} does not match the code deployed at ${who}. Check the source, the contract name and the compiler settings (optimizer, runs, EVM version).`,
      { onchainRuntimeCode: code, recompiledRuntimeCode: artifact.deployedBytecode },
    );
  }
  const creation = await findCreation(ctx, v.address, v.creationTxHash);
  const made = matchCreation(artifact.bytecode, creation.initCode, artifact.linkReferences);
  if (!made) {
    const at = firstDifference(artifact.bytecode, creation.initCode);
    throw refuse(
      'no_match',
      `Bytecode mismatch: the compiled creation code of ${artifact.contractName} does not match the creation code on chain (transaction ${creation.txHash}${creation.factory ? `, created by ${rubyAddress(creation.factory)}` : ''})${at >= 0 ? `: they differ from byte ${at}` : ''}`,
      {
        onchainCreationCode: creation.initCode,
        recompiledCreationCode: artifact.bytecode,
        creationTransactionHash: creation.txHash,
      },
    );
  }
  const args = checkConstructorArgs(artifact.abi, made.argsHex, v.constructorArgs);
  if (!args.ok) throw refuse('constructor_arguments_mismatch', args.message, { creationTransactionHash: creation.txHash });
  if (isProved(before) && RANK[made.level] + RANK[runtime.level] <= RANK[before.creationMatch] + RANK[before.runtimeMatch]) {
    throw new AlreadyVerifiedError(
      `Contract source code already verified (creation ${before.creationMatch}, runtime ${before.runtimeMatch}); only an exact match can replace it`,
    );
  }
  const settings = { ...(v.input.settings ?? {}) };
  delete settings.outputSelection;
  await saveVerified(ctx, {
    address: v.address,
    contractName: artifact.contractName,
    source: v.sourceText,
    sourceFormat: v.sourceFormat,
    abi: artifact.abi,
    compilerVersion: compiled.compilerVersion,
    compilerSettings: settings as JsonValue,
    origin: v.origin,
    matchKind: runtime.level === 'exact_match' ? 'full' : 'partial',
    constructorArgs: args.hex,
    declaredType: null,
    deployTxHash: null,
    license: v.license ?? null,
    proof: {
      creationMatch: made.level,
      runtimeMatch: runtime.level,
      constructorDecoded: args.decoded,
      creationTxHash: creation.txHash,
      creationBlock: creation.blockNumber,
      creator: creation.creator,
      factory: creation.factory,
      fullyQualifiedName: `${artifact.sourceName}:${artifact.contractName}`,
      runtimeLength: (runtime.recompiled.length - 2) / 2,
      bytecodeMatch: {
        creation: {
          recompiled: made.recompiled,
          transformations: made.transformations,
          transformationValues: made.values,
          linkReferences: artifact.linkReferences ?? {},
        },
        runtime: {
          recompiled: runtime.recompiled,
          transformations: runtime.transformations,
          transformationValues: runtime.values,
          linkReferences: artifact.deployedLinkReferences ?? {},
          immutableReferences: artifact.immutableReferences ?? {},
        },
      } as unknown as JsonValue,
    },
  });
  return {
    address: who,
    contractName: artifact.contractName,
    match: runtime.level === 'exact_match' ? 'full' : 'partial',
    compilerVersion: etherscanVersion(compiled.compilerVersion),
    creationMatch: made.level,
    runtimeMatch: runtime.level,
    constructorArguments: args.decoded,
    compilationMs: ms,
  };
}
