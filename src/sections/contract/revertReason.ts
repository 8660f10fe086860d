/**
 * The reason a call reverted, in words, from its revert data and the contract's ABI: Error(string)
 * (require / revert with a message), Panic(uint256) (named after Solidity's panic codes) or one of
 * the ABI's custom errors with its named arguments; else the selector and the node's message.
 * Uses ethers: loaded only with the write flows.
 */
import { ErrorFragment, Interface, type Result } from 'ethers';
import { toRubyAddress } from '../../../common/address';
import { translateNodeReason } from '../../lib/nodeReasons';
import { panicText } from './panicTexts';
import { WRITE_TEXTS } from './writeTexts';

const STANDARD = new Interface(['error Error(string message)', 'error Panic(uint256 code)']);

function show(value: unknown, type: string): string {
  if (type === 'address' && typeof value === 'string') return toRubyAddress(value);
  if (typeof value === 'bigint') return value.toString();
  if (value && typeof value === 'object' && 'toArray' in value) {
    return JSON.stringify((value as Result).toArray(true), (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
  }
  return String(value);
}

/** `Name(arg: value, …)` of a custom error. */
function customError(fragment: ErrorFragment, args: Result): string {
  const parts = fragment.inputs.map((p, i) => `${p.name || `#${i}`}: ${show(args[i], p.type)}`);
  return `${fragment.name}(${parts.join(', ')})`;
}

/** The reason in words; `message` is the node's, used when the data names nothing known. */
export function revertReason(data: string | null, abi: readonly unknown[], message: string): string {
  // The node's words ('execution reverted') in the active language; Solidity's and the contract's own reasons below are data.
  if (!data || data === '0x') return message ? translateNodeReason(message).text : WRITE_TEXTS.noReason;
  const selector = data.slice(0, 10);
  try {
    const std = STANDARD.parseError(data);
    if (std?.name === 'Error') return String(std.args[0]);
    if (std?.name === 'Panic') {
      const code = Number(std.args[0]);
      return `Panic 0x${code.toString(16).padStart(2, '0')}: ${panicText(code)}`;
    }
  } catch {
    // Malformed standard error: try the ABI's errors, then fall back to the raw data.
  }
  try {
    const iface = new Interface(abi.filter((x) => (x as { type?: string } | null)?.type === 'error') as never);
    const parsed = iface.parseError(data);
    if (parsed) return customError(parsed.fragment, parsed.args);
  } catch {
    // Not one of the ABI's errors (or the ABI will not parse).
  }
  return message
    ? WRITE_TEXTS.unknownErrorWith({ selector, message: translateNodeReason(message).text })
    : WRITE_TEXTS.unknownError({ selector });
}
