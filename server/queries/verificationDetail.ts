/**
 * What the contract page shows of a verification, added to GET /getContractDetail:
 * the match levels, compiler and settings, the chain's constructor arguments decoded, how the
 * contract was created (transaction, and the factory for an internal creation), and, for a contract
 * that is not verified, a verified contract with the same runtime code (metadata and immutables
 * aside): found on demand among the verified contracts of the same code length, never stored, so it
 * cannot stand in the way of a real verification.
 */
import { sql } from 'kysely';
import type { ContractVerification, ContractCreation, SimilarContract } from '../../common/api/tokens';
import { metadataStart } from '../verify/bytecodeMatch';
import type { ApiContext } from '../core/context';
import { rubyAddress } from '../core/format';
import { etherscanVersion, findVerified, type StoredSource } from './verified';

type Refs = Record<string, Array<{ start: number; length: number }>>;

/** The code with immutables zeroed and the CBOR metadata cut off: what similar contracts share. */
function skeleton(hex: string, refs: Refs): string {
  let code = hex.toLowerCase().replace(/^0x/, '');
  for (const list of Object.values(refs)) {
    for (const { start, length } of list) {
      if ((start + length) * 2 <= code.length) code = code.slice(0, start * 2) + '0'.repeat(length * 2) + code.slice((start + length) * 2);
    }
  }
  const m = metadataStart(code);
  return m === null ? code : code.slice(0, m);
}

function verificationOf(s: StoredSource): ContractVerification {
  const settings = (
    typeof s.compilerSettings === 'object' && s.compilerSettings !== null && !Array.isArray(s.compilerSettings) ? s.compilerSettings : {}
  ) as Record<string, unknown>;
  const opt = settings.optimizer as { enabled?: unknown; runs?: unknown } | undefined;
  return {
    match: s.matchKind === 'partial' ? 'partial' : 'full',
    creationMatch: s.creationMatch,
    runtimeMatch: s.runtimeMatch,
    contractName: s.contractName,
    fullyQualifiedName: s.fullyQualifiedName,
    compilerVersion: etherscanVersion(s.compilerVersion),
    compilerSettings: settings,
    optimizer: opt ? { enabled: opt.enabled === true, runs: typeof opt.runs === 'number' ? opt.runs : 200 } : null,
    evmVersion: typeof settings.evmVersion === 'string' ? settings.evmVersion : null,
    constructorArguments: Array.isArray(s.constructorDecoded)
      ? (s.constructorDecoded as ContractVerification['constructorArguments'])
      : null,
    constructorArgumentsHex: s.constructorArgs,
    sourceFormat: s.sourceFormat === 'standard-json' ? 'standard-json' : 'single',
    license: s.license,
    verifiedAt: s.verifiedAt.toISOString(),
  };
}

async function creationOf(ctx: ApiContext, address: string): Promise<ContractCreation | null> {
  const r = await sql<{ creator: string; tx_hash: string; block_number: number; tx_from: string | null; direct: boolean }>`
    SELECT c.creator, c.tx_hash, c.block_number, t.from_address AS tx_from, (t.contract_address = c.address) AS direct
    FROM contracts c LEFT JOIN transactions t ON t.hash = c.tx_hash WHERE c.address = ${address}`.execute(ctx.db);
  const row = r.rows[0];
  if (!row) return null;
  const direct = row.direct === true;
  return {
    txHash: row.tx_hash,
    blockNumber: Number(row.block_number),
    creator: rubyAddress(row.tx_from ?? row.creator),
    factory: direct ? null : rubyAddress(row.creator),
  };
}

const MAX_CANDIDATES = 20;

async function similarTo(ctx: ApiContext, address: string, bytecode: string): Promise<SimilarContract | null> {
  const length = (bytecode.length - 2) / 2;
  if (length <= 0) return null;
  const rows = await ctx.db
    .selectFrom('contract_sources')
    .select(['address', 'contract_name', 'compiler_version', 'source', 'source_format', 'abi', 'bytecode_match'])
    .where('runtime_length', '=', length)
    .where('runtime_match', 'is not', null)
    .where('address', '!=', address)
    .orderBy('verified_at', 'asc')
    .limit(MAX_CANDIDATES)
    .execute();
  for (const r of rows) {
    const runtime = (r.bytecode_match as { runtime?: { recompiled?: string; immutableReferences?: Refs } } | null)?.runtime;
    if (!runtime?.recompiled) continue;
    const refs = runtime.immutableReferences ?? {};
    if (skeleton(runtime.recompiled, refs) !== skeleton(bytecode, refs)) continue;
    return {
      address: rubyAddress(r.address),
      contractName: r.contract_name,
      compilerVersion: etherscanVersion(r.compiler_version),
      sourceFormat: r.source_format === 'standard-json' ? 'standard-json' : 'single',
      source: r.source,
      abi: Array.isArray(r.abi) ? r.abi : null,
    };
  }
  return null;
}

export async function verificationDetail(
  ctx: ApiContext,
  address: string,
  bytecode: string | null,
): Promise<{ verification: ContractVerification | null; creation: ContractCreation | null; similarTo: SimilarContract | null }> {
  const [s, creation] = await Promise.all([findVerified(ctx, address), creationOf(ctx, address)]);
  const similar =
    !s && bytecode && bytecode !== '0x' ? await ctx.cache.get(`similar:${address}`, () => similarTo(ctx, address, bytecode)) : null;
  return { verification: s ? verificationOf(s) : null, creation, similarTo: similar };
}
