/**
 * GET /v2/contract/{chainId}/{address} and GET /v2/verify/{verificationId} in Sourcify's shapes.
 * The contract: the minimal fields always; `fields=a,b.c` adds fields (one level of sub-fields),
 * `fields=all` adds every field, `omit=` every field but those; unknown fields are a 400.
 * An unverified contract is a 404 with the minimal fields null, as Sourcify answers it.
 */
import { toChecksumHexAddress } from '../../../common/address';
import {
  SOURCIFY_FIELDS,
  type SourcifyContract,
  type SourcifyContractMinimal,
  type SourcifyJobResponse,
} from '../../../common/api/sourcify';
import { getCode } from '../../chain/rpcActions';
import type { ApiContext } from '../../core/context';
import { findCreation } from '../../queries/contractCreation';
import { findSourcifyJob } from '../../queries/sourcifyJobs';
import { etherscanVersion, findVerified, stdInputOf, type StoredSource } from '../../queries/verified';
import { invalidParameter, SourcifyHttpError, sourcifyError } from './errors';
import { STALE_JOB_MS } from './verifyJob';

type Level = 'exact_match' | 'match' | null;
const hex = (a: string | null) => (a ? toChecksumHexAddress(a) : null);
const overall = (c: Level, r: Level): Level => (c === 'exact_match' || r === 'exact_match' ? 'exact_match' : (c ?? r));

/** The stored levels; a row verified before creation code was checked has a runtime level only. */
export function levelsOf(s: StoredSource): { creationMatch: Level; runtimeMatch: Level } {
  if (s.runtimeMatch) return { creationMatch: s.creationMatch, runtimeMatch: s.runtimeMatch };
  return { creationMatch: null, runtimeMatch: s.matchKind === 'full' ? 'exact_match' : 'match' };
}

export function minimal(chainId: number, address: string, s: StoredSource | null): SourcifyContractMinimal {
  if (!s) return { match: null, creationMatch: null, runtimeMatch: null, chainId: String(chainId), address: toChecksumHexAddress(address) };
  const l = levelsOf(s);
  return {
    match: overall(l.creationMatch, l.runtimeMatch),
    ...l,
    chainId: String(chainId),
    address: toChecksumHexAddress(address),
    verifiedAt: s.verifiedAt.toISOString(),
  };
}

type Selection = { all: true } | { pick: Map<string, Set<string> | null> } | { omit: Map<string, Set<string> | null> };

function parseList(list: string): Map<string, Set<string> | null> {
  const out = new Map<string, Set<string> | null>();
  for (const raw of list.split(',')) {
    const f = raw.trim();
    if (f === '') continue;
    const parts = f.split('.');
    if (parts.length > 2) throw invalidParameter(`Field selector cannot have more than one level subselectors: ${f.slice(0, 80)}`);
    const [top, sub] = parts as [string, string | undefined];
    if (!(SOURCIFY_FIELDS as readonly string[]).includes(top))
      throw invalidParameter(`Field selector ${f.slice(0, 80)} is not a valid field`);
    if (sub === undefined) out.set(top, null);
    else if (out.get(top) !== null) out.set(top, (out.get(top) ?? new Set()).add(sub));
  }
  return out;
}

export function parseSelection(fields: string | undefined, omit: string | undefined): Selection | null {
  if (fields && omit) throw invalidParameter('Cannot specify both fields and omit');
  if (fields) {
    const list = fields.split(',').map((f) => f.trim());
    if (list.includes('all')) {
      if (list.length > 1) throw invalidParameter("Cannot specify 'all' with other fields");
      return { all: true };
    }
    return { pick: parseList(fields) };
  }
  if (omit) return { omit: parseList(omit) };
  return null;
}

interface PartMatch {
  recompiled?: string;
  transformations?: unknown[];
  transformationValues?: Record<string, unknown>;
  linkReferences?: unknown;
  immutableReferences?: unknown;
}

async function everyField(ctx: ApiContext, address: string, s: StoredSource, wanted: (f: string) => boolean) {
  const std = stdInputOf(s);
  const bm = (s.bytecodeMatch ?? {}) as { creation?: PartMatch; runtime?: PartMatch };
  const part = (p: PartMatch | undefined, onchain: string | undefined) => ({
    ...(onchain ? { onchainBytecode: onchain } : {}),
    ...(p?.recompiled ? { recompiledBytecode: p.recompiled } : {}),
    linkReferences: p?.linkReferences ?? {},
    transformations: (p?.transformations ?? []) as NonNullable<SourcifyContract['creationBytecode']>['transformations'],
    transformationValues: p?.transformationValues ?? {},
  });
  const creationCode = wanted('creationBytecode')
    ? await findCreation(ctx, address, s.creationTxHash).then(
        (c) => c.initCode,
        () => undefined,
      )
    : undefined;
  const runtimeCode = wanted('runtimeBytecode') ? await getCode(ctx.rpc, address, 'latest') : undefined;
  const name = s.fullyQualifiedName ?? `${Object.keys(std.sources)[0] ?? 'Contract.sol'}:${s.contractName}`;
  return {
    creationBytecode: part(bm.creation, creationCode),
    runtimeBytecode: { ...part(bm.runtime, runtimeCode), immutableReferences: bm.runtime?.immutableReferences ?? {} },
    deployment: {
      transactionHash: s.creationTxHash,
      blockNumber: s.creationBlock === null ? null : String(s.creationBlock),
      transactionIndex: null,
      deployer: hex(s.creator),
    },
    sources: std.sources,
    compilation: {
      language: 'Solidity',
      compiler: 'solc',
      compilerVersion: etherscanVersion(s.compilerVersion),
      compilerSettings: s.compilerSettings,
      name: s.contractName,
      fullyQualifiedName: name,
    },
    abi: Array.isArray(s.abi) ? s.abi : [],
    stdJsonInput: std,
  };
}

/** The contract in Sourcify's shape; a 404 (minimal, null levels) when it is not verified. */
export async function lookupContract(
  ctx: ApiContext,
  chainId: number,
  address: string,
  sel: Selection | null,
): Promise<{ status: 200 | 404; body: SourcifyContract }> {
  const s = await findVerified(ctx, address);
  const base = minimal(chainId, address, s);
  if (!s) return { status: 404, body: base };
  if (!sel) return { status: 200, body: base };
  const wanted = (f: string) => ('all' in sel ? true : 'pick' in sel ? sel.pick.has(f) : sel.omit.get(f) !== null);
  const all = await everyField(ctx, address, s, wanted);
  const body: Record<string, unknown> = { ...base };
  for (const f of SOURCIFY_FIELDS) {
    if (!wanted(f)) continue;
    const value = all[f] as unknown;
    const subs = 'pick' in sel ? sel.pick.get(f) : 'omit' in sel ? sel.omit.get(f) : null;
    if (subs && typeof value === 'object' && value !== null && !Array.isArray(value)) {
      const entries = Object.entries(value).filter(([k]) => ('pick' in sel ? subs.has(k) : !subs.has(k)));
      body[f] = Object.fromEntries(entries);
    } else body[f] = value;
  }
  return { status: 200, body: body as SourcifyContract };
}

/** GET /v2/verify/{verificationId}. */
export async function jobStatus(ctx: ApiContext, id: string): Promise<SourcifyJobResponse> {
  const job = /^[0-9a-f-]{36}$/i.test(id) ? await findSourcifyJob(ctx, id.toLowerCase()) : null;
  if (!job) throw new SourcifyHttpError(404, 'job_not_found', `No verification job found for id ${id.slice(0, 80)}`);
  const contract: SourcifyContractMinimal = {
    match: job.match as Level,
    creationMatch: job.creationMatch as Level,
    runtimeMatch: job.runtimeMatch as Level,
    chainId: String(job.chainId),
    address: toChecksumHexAddress(job.address),
  };
  const base = { verificationId: job.verificationId, jobStartTime: job.startedAt.toISOString(), contract };
  if (!job.finishedAt) {
    if (Date.now() - job.startedAt.getTime() < STALE_JOB_MS) return { isJobCompleted: false, ...base };
    return {
      isJobCompleted: true,
      ...base,
      error: sourcifyError('internal_error', 'The verification job was interrupted; submit it again'),
    };
  }
  if (job.match) {
    const s = await findVerified(ctx, job.address);
    if (s) contract.verifiedAt = s.verifiedAt.toISOString();
  }
  return {
    isJobCompleted: true,
    ...base,
    jobFinishTime: job.finishedAt.toISOString(),
    ...(job.compilationMs !== null ? { compilationTime: String(job.compilationMs) } : {}),
    ...(job.error ? { error: job.error as unknown as SourcifyJobResponse['error'] } : {}),
  };
}
