/**
 * Verification of a contract already on chain: compile the given input, pick the named contract,
 * compare its runtime code with eth_getCode (metadata tail and immutables ignored) and store the
 * source on a match. Shared by POST /verifyContract and the Etherscan-style verifysourcecode.
 */
import type { StandardJsonInput } from '../../chain/compile';
import { getCode } from '../../chain/rpcActions';
import type { JsonValue } from '../../db/schema';
import type { ApiContext } from '../context';
import { rubyAddress } from '../format';
import { badRequest } from '../http';
import { etherscanName, parseCompilerVersion, versionMatches, type CompilerVersion } from '../../verify/compilerVersion';
import { CompilerUnavailableError, solcStoreFor, type ObtainedCompiler } from '../../verify/solcStore';
import { compileOrReject, etherscanVersion, saveVerified } from './verified';
import { compareRuntime, pickArtifact, type MatchKind } from './verifiedMatch';

export interface VerifyInput {
  address: string;
  input: StandardJsonInput;
  contractName: string;
  /** What is stored and shown: the single file, or the standard JSON text. */
  sourceText: string;
  sourceFormat: 'single' | 'standard-json';
  compilerVersion?: string;
  constructorArgs?: string;
  origin: 'verify' | 'etherscan';
  license?: string | null;
}

export interface VerifyOutcome {
  address: string;
  contractName: string;
  match: MatchKind;
  compilerVersion: string;
}

/** The runtime code at the address, or a 400 when there is none. */
export async function codeAt(ctx: ApiContext, address: string): Promise<string> {
  const code = await getCode(ctx.rpc, address, 'latest');
  if (!code || code === '0x') throw badRequest(`Unable to locate ContractCode at ${rubyAddress(address)}: no contract is deployed there`);
  return code;
}

/** The compiler the request names, obtained on demand (server/verify/solcStore.ts); 400 when it cannot be. */
async function obtainCompiler(ctx: ApiContext, wanted: CompilerVersion): Promise<ObtainedCompiler> {
  try {
    return await solcStoreFor(ctx.config, ctx.log).obtain(wanted);
  } catch (err) {
    if (err instanceof CompilerUnavailableError) throw badRequest(err.message);
    throw err;
  }
}

export async function verifyOnChain(ctx: ApiContext, v: VerifyInput): Promise<VerifyOutcome> {
  const code = await codeAt(ctx, v.address);
  const wanted = v.compilerVersion ? parseCompilerVersion(v.compilerVersion) : null;
  if (wanted && 'error' in wanted) throw badRequest(wanted.error);
  const compiler = wanted ? await obtainCompiler(ctx, wanted) : null;
  const compiled = await compileOrReject(v.input, compiler?.file);
  if (wanted && !versionMatches(wanted, compiled.compilerVersion)) {
    throw badRequest(
      `Compiler ${etherscanName(wanted)} is not available: the compiler obtained for it reports ${etherscanVersion(compiled.compilerVersion)}`,
    );
  }
  const picked = pickArtifact(compiled.artifacts, v.contractName);
  if ('error' in picked) throw badRequest(picked.error);
  const { artifact } = picked;
  const match = compareRuntime(code, artifact);
  if (!match) {
    throw badRequest(
      `Bytecode mismatch: the compiled runtime code of ${artifact.contractName} does not match the code deployed at ${rubyAddress(v.address)}. Check the source, the contract name and the compiler settings (optimizer, runs, EVM version).`,
    );
  }
  const args = (v.constructorArgs ?? '').trim().replace(/^0x/i, '');
  if (args !== '' && !/^([0-9a-fA-F]{2})*$/.test(args))
    throw badRequest('Invalid constructor arguments: give the ABI-encoded arguments as hex');
  await saveVerified(ctx, {
    address: v.address,
    contractName: artifact.contractName,
    source: v.sourceText,
    sourceFormat: v.sourceFormat,
    abi: artifact.abi,
    compilerVersion: compiled.compilerVersion,
    compilerSettings: (v.input.settings ?? {}) as JsonValue,
    origin: v.origin,
    matchKind: match,
    constructorArgs: `0x${args.toLowerCase()}`,
    declaredType: null,
    deployTxHash: null,
    license: v.license ?? null,
  });
  return {
    address: rubyAddress(v.address),
    contractName: artifact.contractName,
    match,
    compilerVersion: etherscanVersion(compiled.compilerVersion),
  };
}
