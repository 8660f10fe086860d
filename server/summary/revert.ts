/**
 * A revert's data → its reason: Error(string), Panic(uint256), or a custom error
 * decoded with the verified ABI of a contract the transaction called; what no ABI decodes stays
 * 'unknown' with its data. A revert without data keeps the node's words when they say more than
 * "execution reverted" (out of gas, invalid opcode).
 */
import { AbiCoder, Interface, type InterfaceAbi } from 'ethers';
import type { RevertReason } from '../../common/api/txSummary';
import { toRubyAddress } from '../../common/address';

const ERROR_SELECTOR = '0x08c379a0';
const PANIC_SELECTOR = '0x4e487b71';
const coder = AbiCoder.defaultAbiCoder();

/** The 4-byte selector of revert data that may be a custom error (for looking up ABIs), or null. */
export function customSelector(data: string | null): string | null {
  if (!data || data.length < 10) return null;
  const sel = data.slice(0, 10).toLowerCase();
  return sel === ERROR_SELECTOR || sel === PANIC_SELECTOR ? null : sel;
}

function show(v: unknown): string {
  if (typeof v === 'string') return /^0x[0-9a-fA-F]{40}$/.test(v) ? toRubyAddress(v) : v;
  if (typeof v === 'bigint' || typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `[${v.map(show).join(', ')}]`;
  return String(v);
}

function customError(data: string, abis: unknown[]): RevertReason | null {
  for (const abi of abis) {
    try {
      const parsed = new Interface(abi as InterfaceAbi).parseError(data);
      if (parsed) return { kind: 'custom', name: parsed.name, args: [...parsed.args].map(show) };
    } catch {
      // not this ABI's error (or not an ABI): try the next one
    }
  }
  return null;
}

export function decodeRevert(data: string | null, nodeError: string | null, abis: unknown[]): RevertReason {
  const hex = data?.toLowerCase() ?? null;
  if (!hex || hex === '0x') {
    const message = nodeError && !/^execution reverted\.?$/i.test(nodeError.trim()) ? nodeError.trim() : null;
    return { kind: 'empty', message };
  }
  try {
    if (hex.startsWith(ERROR_SELECTOR)) return { kind: 'error', message: String(coder.decode(['string'], `0x${hex.slice(10)}`)[0]) };
    if (hex.startsWith(PANIC_SELECTOR)) return { kind: 'panic', code: Number(coder.decode(['uint256'], `0x${hex.slice(10)}`)[0]) };
  } catch {
    return { kind: 'unknown', data: hex };
  }
  return customError(hex, abis) ?? { kind: 'unknown', data: hex };
}
