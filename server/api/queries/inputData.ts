/**
 * Issue #27: a transaction's input data decoded for the transaction page: the function and its
 * named, typed arguments, with the called contract's verified ABI, else (behind a proxy) its
 * implementation's, else the standard RBC20 / ERC-721 / DEX router signatures; null when none
 * knows the selector (the page shows the raw hex). Decoded here rather than in the browser: the
 * ABIs stay on the server, one request answers, and API callers get the same decoding.
 */
import { Interface, Result, type FunctionFragment, type InterfaceAbi } from 'ethers';
import type { InputArg, InputData } from '../../../common/api/proxy';
import { STANDARD_CALLS } from '../../indexer/decode';
import { abiValueJson } from '../../chain/abiJson';
import type { ApiContext } from '../context';
import { currentProxy } from './proxies';
import { findVerified } from './verified';

/** The call decoded with one ABI, or null when the ABI lacks the selector or the arguments do not fit. */
export function decodeWith(iface: Interface, input: string, source: InputData['source']): InputData | null {
  const selector = input.slice(0, 10).toLowerCase();
  let f: FunctionFragment | null;
  try {
    f = iface.getFunction(selector);
  } catch {
    return null;
  }
  if (!f) return null;
  let decoded: Result;
  try {
    decoded = iface.decodeFunctionData(f, input);
  } catch {
    return null;
  }
  const fragment = f;
  const args: InputArg[] = fragment.inputs.map((p, i) => ({ name: p.name || `arg${i}`, type: p.type, value: abiValueJson(p, decoded[i]) }));
  return { function: fragment.name, signature: fragment.format('sighash'), selector, source, args };
}

async function verifiedInterface(ctx: ApiContext, address: string): Promise<Interface | null> {
  const v = await findVerified(ctx, address);
  if (!v || !Array.isArray(v.abi)) return null;
  try {
    return new Interface(v.abi as InterfaceAbi);
  } catch {
    return null;
  }
}

/** `to` and `input` as stored (lowercase 0x). */
export async function inputData(ctx: ApiContext, to: string | null, input: string): Promise<InputData | null> {
  if (!to || !/^0x[0-9a-fA-F]{8}/.test(input)) return null;
  const own = await verifiedInterface(ctx, to);
  const mine = own && decodeWith(own, input, 'verified');
  if (mine) return mine;
  const proxy = await currentProxy(ctx, to);
  if (proxy) {
    const impl = await verifiedInterface(ctx, proxy.implementation);
    const viaImpl = impl && decodeWith(impl, input, 'implementation');
    if (viaImpl) return viaImpl;
  }
  return decodeWith(STANDARD_CALLS, input, 'standard');
}
