/**
 * Pure checks behind deploy and verify: the ERC20 interface test of an RBC20, the artifact a
 * compile output names, and the constructor arguments the explorer can supply (the bytecode
 * comparison is server/verify/bytecodeMatch.ts). No I/O here.
 */
import { Interface, type InterfaceAbi } from 'ethers';
import { DEFAULT_INITIAL_SUPPLY } from '../../common/api/deployConstants';
import type { Artifact } from '../chain/compile';

export type MatchKind = 'full' | 'partial';

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
