/**
 * A transaction's input data decoded for the transaction page: the function and its
 * named, typed arguments, with the called contract's verified ABI, else (behind a proxy) its
 * implementation's, else the standard RBC20 / ERC-721 / DEX router signatures; null when none
 * knows the selector (the page shows the raw hex). Decoded here rather than in the browser: the
 * ABIs stay on the server, one request answers, and API callers get the same decoding.
 */
import { Interface, Result, type FunctionFragment, type InterfaceAbi } from 'ethers';
import type { InputArg, InputData } from '../../common/api/proxy';
import { STANDARD_CALLS } from '../indexer/decode';
import { abiValueJson } from '../chain/abiJson';
import type { ApiContext } from '../core/context';
import { currentProxy } from '../queries/proxies';
import { findVerified } from '../queries/verified';

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

/** The ABIs that decode calls to one address: its own verified one, and its implementation's when it is a proxy. */
export interface CallInterfaces {
  own: Interface | null;
  /** Looked up only when the own ABI does not decode the call (one query fewer for most transactions). */
  implementation: () => Promise<Interface | null>;
}

/** One request's interfaces by address (the call tree meets the same contract many times). */
export type InterfaceMemo = Map<string, Promise<CallInterfaces>>;

async function loadInterfaces(ctx: ApiContext, address: string): Promise<CallInterfaces> {
  const own = await verifiedInterface(ctx, address);
  let impl: Promise<Interface | null> | null = null;
  const implementation = () =>
    (impl ??= currentProxy(ctx, address).then((proxy) => (proxy ? verifiedInterface(ctx, proxy.implementation) : null)));
  return { own, implementation };
}

/** `address`'s interfaces (lowercase 0x), through `memo` when given. */
export function callInterfaces(ctx: ApiContext, address: string, memo?: InterfaceMemo): Promise<CallInterfaces> {
  if (!memo) return loadInterfaces(ctx, address);
  let p = memo.get(address);
  if (!p) {
    p = loadInterfaces(ctx, address);
    memo.set(address, p);
  }
  return p;
}

/** The call decoded and the interface that decoded it (STANDARD_CALLS for a standard signature). */
export interface DecodedCall {
  data: InputData;
  iface: Interface;
}

/** `to` and `input` as stored (lowercase 0x); the verified ABI first, then the implementation's, then the standard signatures. */
export async function decodeCall(ctx: ApiContext, to: string | null, input: string, memo?: InterfaceMemo): Promise<DecodedCall | null> {
  if (!to || !/^0x[0-9a-fA-F]{8}/.test(input)) return null;
  const ifaces = await callInterfaces(ctx, to, memo);
  const own = ifaces.own;
  const mine = own && decodeWith(own, input, 'verified');
  if (own && mine) return { data: mine, iface: own };
  const implementation = await ifaces.implementation();
  const viaImpl = implementation && decodeWith(implementation, input, 'implementation');
  if (implementation && viaImpl) return { data: viaImpl, iface: implementation };
  const std = decodeWith(STANDARD_CALLS, input, 'standard');
  return std && { data: std, iface: STANDARD_CALLS };
}

/** `to` and `input` as stored (lowercase 0x). */
export async function inputData(ctx: ApiContext, to: string | null, input: string): Promise<InputData | null> {
  return (await decodeCall(ctx, to, input))?.data ?? null;
}
