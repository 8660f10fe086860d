/**
 * Verified sources: store and read back (compiling them is server/services/compile.ts). Storing is an upsert
 * keyed by address into contract_sources, a table apart from the indexer's `contracts`: whether
 * the indexer writes the contract before or after the source is stored, the joined result is the
 * same (see queries/contracts.ts, which left-joins the two).
 */
import { randomBytes } from 'node:crypto';
import type { InterfaceAbi } from 'ethers';
import { toJsonText, type JsonValue } from '../db/schema';
import type { ApiContext } from '../core/context';
import type { MatchKind } from './verifiedMatch';

/** The explorer's solc version in Etherscan's spelling: v0.8.37+commit.xxxxxxxx. */
export function etherscanVersion(solcVersion: string): string {
  return `v${solcVersion.replace(/\.Emscripten.*$/, '')}`;
}

export interface VerifiedRecord {
  address: string;
  contractName: string;
  source: string;
  sourceFormat: 'single' | 'standard-json';
  abi: InterfaceAbi;
  compilerVersion: string;
  compilerSettings: JsonValue;
  origin: 'deploy' | 'verify' | 'etherscan' | 'sourcify';
  matchKind: MatchKind;
  constructorArgs: string;
  declaredType: 'rbc20' | 'dapp' | null;
  deployTxHash: string | null;
  license: string | null;
  /** The proved levels and creation (absent for rows of the explorer's own deploys before it). */
  proof?: VerifiedProof;
}

export type MatchLevel = 'exact_match' | 'match';

/** What a verification proved: levels, the chain's arguments decoded, the creation and Sourcify's bytecode details. */
export interface VerifiedProof {
  creationMatch: MatchLevel;
  runtimeMatch: MatchLevel;
  constructorDecoded: Array<{ name: string; type: string; value: unknown }>;
  creationTxHash: string;
  creationBlock: number | null;
  creator: string;
  factory: string | null;
  fullyQualifiedName: string;
  bytecodeMatch: JsonValue;
  /** The runtime code's length in bytes (finds similar contracts). */
  runtimeLength: number;
}

/** Inserts or replaces the verified source of an address. */
export async function saveVerified(ctx: ApiContext, r: VerifiedRecord): Promise<void> {
  const row = {
    contract_name: r.contractName,
    source: r.source,
    abi: toJsonText(r.abi as JsonValue),
    compiler_version: r.compilerVersion,
    compiler_settings: toJsonText(r.compilerSettings),
    source_format: r.sourceFormat,
    origin: r.origin,
    match_kind: r.matchKind,
    constructor_args: r.constructorArgs,
    declared_type: r.declaredType,
    deploy_tx_hash: r.deployTxHash,
    license: r.license,
    creation_match: r.proof?.creationMatch ?? null,
    runtime_match: r.proof?.runtimeMatch ?? null,
    constructor_decoded: r.proof ? toJsonText(r.proof.constructorDecoded as JsonValue) : null,
    creation_tx_hash: r.proof?.creationTxHash ?? r.deployTxHash,
    creation_block: r.proof?.creationBlock ?? null,
    creator: r.proof?.creator ?? null,
    factory: r.proof?.factory ?? null,
    fully_qualified_name: r.proof?.fullyQualifiedName ?? null,
    bytecode_match: r.proof ? toJsonText(r.proof.bytecodeMatch) : null,
    runtime_length: r.proof?.runtimeLength ?? null,
  };
  await ctx.db
    .insertInto('contract_sources')
    .values({ address: r.address, ...row })
    .onConflict((oc) => oc.column('address').doUpdateSet({ ...row, verified_at: new Date() }))
    .execute();
}

export interface StoredSource {
  address: string;
  contractName: string;
  source: string;
  sourceFormat: string;
  abi: JsonValue;
  compilerVersion: string;
  compilerSettings: JsonValue;
  constructorArgs: string;
  matchKind: string;
  license: string | null;
  creationMatch: MatchLevel | null;
  runtimeMatch: MatchLevel | null;
  constructorDecoded: JsonValue | null;
  creationTxHash: string | null;
  creationBlock: number | null;
  creator: string | null;
  factory: string | null;
  fullyQualifiedName: string | null;
  bytecodeMatch: JsonValue | null;
  verifiedAt: Date;
}

const level = (v: string | null): MatchLevel | null => (v === 'exact_match' || v === 'match' ? v : null);

export async function findVerified(ctx: ApiContext, address: string): Promise<StoredSource | null> {
  const r = await ctx.db
    .selectFrom('contract_sources')
    .select([
      'address',
      'contract_name',
      'source',
      'source_format',
      'abi',
      'compiler_version',
      'compiler_settings',
      'constructor_args',
      'match_kind',
      'license',
      'creation_match',
      'runtime_match',
      'constructor_decoded',
      'creation_tx_hash',
      'creation_block',
      'creator',
      'factory',
      'fully_qualified_name',
      'bytecode_match',
      'verified_at',
    ])
    .where('address', '=', address)
    .executeTakeFirst();
  if (!r) return null;
  return {
    address: r.address,
    contractName: r.contract_name,
    source: r.source,
    sourceFormat: r.source_format,
    abi: r.abi,
    compilerVersion: r.compiler_version,
    compilerSettings: r.compiler_settings,
    constructorArgs: r.constructor_args,
    matchKind: r.match_kind,
    license: r.license,
    creationMatch: level(r.creation_match),
    runtimeMatch: level(r.runtime_match),
    constructorDecoded: r.constructor_decoded,
    creationTxHash: r.creation_tx_hash,
    creationBlock: r.creation_block,
    creator: r.creator,
    factory: r.factory,
    fullyQualifiedName: r.fully_qualified_name,
    bytecodeMatch: r.bytecode_match,
    verifiedAt: r.verified_at,
  };
}

/** How long a verification job's outcome is kept (checkverifystatus answers it that long). */
const JOB_TTL_MS = 86_400_000;

/** Records the outcome of an Etherscan-style verification; returns its guid. */
export async function recordJob(ctx: ApiContext, address: string, outcome: 'pass' | 'fail', message: string): Promise<string> {
  // Etherscan's guids are 50 characters; clients only pass them back.
  const guid = randomBytes(25).toString('hex');
  // Old jobs are of no use after a day: trimmed as new ones come, in the insert's own statement
  // (a data-modifying WITH: one round trip; the trim is a range of the created_at index).
  await ctx.db
    .with('expired', (db) => db.deleteFrom('verification_jobs').where('created_at', '<', new Date(Date.now() - JOB_TTL_MS)))
    .insertInto('verification_jobs')
    .values({ guid, address, outcome, message: message.slice(0, 8000) })
    .execute();
  return guid;
}

export async function findJob(ctx: ApiContext, guid: string): Promise<{ outcome: string; message: string } | null> {
  const r = await ctx.db.selectFrom('verification_jobs').select(['outcome', 'message']).where('guid', '=', guid).executeTakeFirst();
  return r ?? null;
}

/** The standard JSON input a stored verification compiles from (also the call tree's source maps: server/services/revertSource.ts). */
export function stdInputOf(s: StoredSource): { language: string; sources: Record<string, { content: string }>; settings: JsonValue } {
  if (s.sourceFormat === 'standard-json') {
    try {
      const parsed = JSON.parse(s.source) as { sources?: Record<string, { content: string }>; settings?: JsonValue };
      return { language: 'Solidity', sources: parsed.sources ?? {}, settings: parsed.settings ?? s.compilerSettings };
    } catch {
      // stored by an older version without a checked JSON: shown as one file below
    }
  }
  const file = s.fullyQualifiedName ? s.fullyQualifiedName.slice(0, s.fullyQualifiedName.lastIndexOf(':')) : 'Contract.sol';
  return { language: 'Solidity', sources: { [file]: { content: s.source } }, settings: s.compilerSettings };
}
