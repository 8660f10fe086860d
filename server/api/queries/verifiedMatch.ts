/**
 * Pure checks behind deploy and verify: runtime bytecode comparison (metadata tail and immutables
 * ignored), the ERC20 interface test of an RBC20, and the constructor arguments the explorer can
 * supply. No I/O here.
 */
import { Interface, type InterfaceAbi } from 'ethers';
import { DEFAULT_INITIAL_SUPPLY } from '../../../common/api/deployConstants';
import type { Artifact } from '../../chain/compile';

/**
 * The code without its CBOR metadata tail. solc appends CBOR(map) + 2-byte big-endian length; the
 * tail is removed only when the length fits and the CBOR starts with a map (0xa0–0xbf), so code
 * compiled without metadata is left whole.
 */
export function stripMetadata(hex: string): string {
  const code = hex.toLowerCase().replace(/^0x/, '');
  if (code.length < 4) return code;
  const len = Number.parseInt(code.slice(-4), 16);
  const tail = (len + 2) * 2;
  if (!Number.isFinite(len) || len === 0 || tail > code.length) return code;
  const first = Number.parseInt(code.slice(code.length - tail, code.length - tail + 2), 16);
  if (first < 0xa0 || first > 0xbf) return code;
  return code.slice(0, code.length - tail);
}

/** The code with every immutable's bytes zeroed (they are zero in the compiler's output). */
export function maskImmutables(hex: string, refs: Artifact['immutableReferences']): string {
  let code = hex.toLowerCase().replace(/^0x/, '');
  for (const list of Object.values(refs ?? {})) {
    for (const { start, length } of list) {
      if ((start + length) * 2 > code.length) continue;
      code = code.slice(0, start * 2) + '0'.repeat(length * 2) + code.slice((start + length) * 2);
    }
  }
  return code;
}

export type MatchKind = 'full' | 'partial';

/** 'full' when equal with the metadata, 'partial' when equal without it, null when different. */
export function compareRuntime(onChain: string, artifact: Pick<Artifact, 'deployedBytecode' | 'immutableReferences'>): MatchKind | null {
  const chain = maskImmutables(onChain, artifact.immutableReferences);
  const built = maskImmutables(artifact.deployedBytecode, artifact.immutableReferences);
  if (built.length === 0 || chain.length === 0) return null;
  if (chain === built) return 'full';
  const a = stripMetadata(chain);
  const b = stripMetadata(built);
  return a.length > 0 && a === b ? 'partial' : null;
}

const ERC20_FUNCTIONS: ReadonlyArray<[string, string]> = [
  ['totalSupply()', 'uint256'],
  ['balanceOf(address)', 'uint256'],
  ['transfer(address,uint256)', 'bool'],
  ['transferFrom(address,address,uint256)', 'bool'],
  ['approve(address,uint256)', 'bool'],
  ['allowance(address,address)', 'uint256'],
];
const ERC20_EVENTS = ['Transfer(address,address,uint256)', 'Approval(address,address,uint256)'];

/** What an ABI lacks of the ERC20 interface (empty when it implements all of it). */
export function missingErc20(abi: InterfaceAbi): string[] {
  const iface = new Interface(abi);
  const missing: string[] = [];
  for (const [sig, out] of ERC20_FUNCTIONS) {
    const f = iface.getFunction(sig);
    if (!f || f.outputs.length !== 1 || f.outputs[0]?.type !== out) missing.push(`function ${sig} returns (${out})`);
  }
  for (const sig of ERC20_EVENTS) {
    const e = iface.getEvent(sig);
    if (!e || !e.inputs[0]?.indexed || !e.inputs[1]?.indexed)
      missing.push(`event ${sig.replace(/\(address,address,/, '(address indexed,address indexed,')}`);
  }
  return missing;
}

/** The symbol derived from a contract name: its capitals and digits (RubyGold → RG), else its first 4 letters. */
export function deriveSymbol(contractName: string): string {
  const caps = contractName.match(/[A-Z0-9]/g) ?? [];
  if (caps.length >= 2) return caps.join('').slice(0, 6);
  return (
    contractName
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 4)
      .toUpperCase() || 'TKN'
  );
}

export type ConstructorPlan = { ok: true; args: Array<string | bigint> } | { ok: false; signature: string };

/** The constructor arguments for a supported constructor, or the unsupported signature. */
export function planConstructor(abi: InterfaceAbi, contractName: string): ConstructorPlan {
  const inputs = new Interface(abi).deploy.inputs.map((i) => i.type);
  const key = inputs.join(',');
  if (key === '') return { ok: true, args: [] };
  if (key === 'string,string') return { ok: true, args: [contractName, deriveSymbol(contractName)] };
  if (key === 'string,string,uint256') return { ok: true, args: [contractName, deriveSymbol(contractName), DEFAULT_INITIAL_SUPPLY] };
  return { ok: false, signature: `constructor(${key})` };
}

/** Splits "path/File.sol:Name" into its parts (the file part is optional). */
export function splitContractName(input: string): { file: string | null; name: string } {
  const i = input.lastIndexOf(':');
  return i < 0 ? { file: null, name: input.trim() } : { file: input.slice(0, i).trim(), name: input.slice(i + 1).trim() };
}

/** The artifact named `name` (in `file` when given); ambiguous names are an error the caller reports. */
export function pickArtifact(artifacts: Artifact[], input: string): { artifact: Artifact } | { error: string } {
  const { file, name } = splitContractName(input);
  const found = artifacts.filter((a) => a.contractName === name && (file === null || a.sourceName === file));
  const defined = [...new Set(artifacts.map((a) => a.contractName))].sort();
  if (found.length === 0) {
    const list = defined.length > 20 ? `${defined.slice(0, 20).join(', ')}, …` : defined.join(', ');
    return { error: `No contract named "${name}" in the source. Contracts found: ${list || 'none'}` };
  }
  if (found.length > 1)
    return { error: `Several contracts are named "${name}" (${found.map((a) => a.sourceName).join(', ')}): give it as File.sol:${name}` };
  const [artifact] = found as [Artifact];
  if (artifact.bytecode === '0x' || artifact.deployedBytecode === '0x') {
    return { error: `"${name}" is an interface or an abstract contract: it has no bytecode to deploy` };
  }
  return { artifact };
}
