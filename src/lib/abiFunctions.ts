/** The functions of a verified ABI that change state (the Write contract forms), and their signatures. */
import { canonicalType, type AbiParam } from './abiInput';

export interface WriteFunction {
  type: 'function';
  name: string;
  inputs: AbiParam[];
  outputs?: AbiParam[];
  stateMutability: 'nonpayable' | 'payable';
}

/** Non-view, non-pure functions, in ABI order (an old ABI without stateMutability: `constant` false). */
export function writeFunctions(abi: readonly unknown[]): WriteFunction[] {
  const out: WriteFunction[] = [];
  for (const x of abi) {
    const f = x as {
      type?: unknown;
      name?: unknown;
      inputs?: unknown;
      stateMutability?: unknown;
      constant?: unknown;
      payable?: unknown;
    } | null;
    if (!f || f.type !== 'function' || typeof f.name !== 'string' || !Array.isArray(f.inputs)) continue;
    const m =
      typeof f.stateMutability === 'string'
        ? f.stateMutability
        : f.constant === true
          ? 'view'
          : f.payable === true
            ? 'payable'
            : 'nonpayable';
    if (m === 'nonpayable' || m === 'payable') out.push({ ...(f as unknown as WriteFunction), stateMutability: m });
  }
  return out;
}

export const functionSignature = (f: { name: string; inputs: AbiParam[] }) => `${f.name}(${f.inputs.map(canonicalType).join(',')})`;
