/**
 * The call tree's frame outputs decoded: a call's return values with the ABI
 * that decoded its input (inputData.ts), and a revert's data as Error(string), Panic(uint256) or a
 * custom error of any verified ABI the transaction met (a revert that bubbles up keeps the callee's
 * error, which the caller's ABI may not declare).
 */
import { Interface, type ParamType, type Result } from 'ethers';
import type { CallRevert } from '../../common/api/callTree';
import type { InputArg } from '../../common/api/proxy';
import { abiValueJson } from '../chain/abiJson';

const STANDARD_ERRORS = new Interface(['error Error(string message)', 'error Panic(uint256 code)']);
const ERROR_SELECTOR = '0x08c379a0';
const PANIC_SELECTOR = '0x4e487b71';

function args(params: readonly ParamType[], values: Result): InputArg[] {
  return params.map((p, i) => ({ name: p.name || `arg${i}`, type: p.type, value: abiValueJson(p, values[i]) }));
}

/** The return values of `selector`'s function, or null when the interface lacks it or they do not decode. */
export function decodeOutput(iface: Interface, selector: string, output: string | undefined): InputArg[] | null {
  if (!output || output === '0x') return null;
  try {
    const f = iface.getFunction(selector);
    if (!f || f.outputs.length === 0) return null;
    return args(f.outputs, iface.decodeFunctionResult(f, output));
  } catch {
    return null;
  }
}

/** A revert's data decoded; null for no data. `ifaces`: the callee's first, then the others met. */
export function decodeRevert(data: string | undefined, ifaces: readonly Interface[]): CallRevert | null {
  if (!data || data === '0x' || !/^0x[0-9a-fA-F]*$/.test(data)) return null;
  const selector = data.slice(0, 10).toLowerCase();
  try {
    if (selector === ERROR_SELECTOR) return { kind: 'error', message: String(STANDARD_ERRORS.decodeErrorResult('Error', data)[0]) };
    if (selector === PANIC_SELECTOR) {
      const code = BigInt(STANDARD_ERRORS.decodeErrorResult('Panic', data)[0] as bigint);
      return { kind: 'panic', code: code <= 0xffffn ? Number(code) : -1 };
    }
  } catch {
    return { kind: 'unknown', selector };
  }
  for (const iface of ifaces) {
    try {
      const e = iface.getError(selector);
      if (!e) continue;
      return {
        kind: 'custom',
        name: e.name,
        signature: e.format('sighash'),
        args: args(e.inputs, iface.decodeErrorResult(e, data)),
        selector,
      };
    } catch {
      // not this ABI's error, or its arguments do not fit: try the next
    }
  }
  return { kind: 'unknown', selector: data.length >= 10 ? selector : null };
}
