/**
 * Read calls on verified contracts: a view or pure function of the stored ABI, arguments typed
 * from the ABI (addresses r… or 0x…, integers as decimal strings), eth_call at the latest block,
 * outputs decoded to JSON-friendly values (integers as decimal strings, addresses r…).
 */
import { Interface, Result, type FunctionFragment, type InterfaceAbi, type ParamType } from 'ethers';
import { parseAddress } from '../../common/address';
import { abiValueJson } from '../chain/abiJson';
import type { ReadValue } from '../../common/api/deploy';
import { RpcError } from '../chain/rpc';
import { ethCall } from '../chain/rpcActions';
import { VISITOR_CALL_GAS, VisitorCallStopped } from '../chain/visitorRpc';
import type { ApiContext } from '../core/context';
import { rubyAddress } from '../core/format';
import { badRequest, notFound } from '../core/http';
import { currentProxy } from '../queries/proxies';
import { findVerified } from '../queries/verified';

/** An argument as ethers encodes it, checked against its ABI type. */
function toArg(p: ParamType, v: unknown, where: string): unknown {
  if (p.baseType === 'array' && p.arrayChildren) {
    let list = v;
    if (typeof v === 'string') {
      try {
        list = JSON.parse(v) as unknown;
      } catch {
        throw badRequest(`${where}: give a JSON array for ${p.type}`);
      }
    }
    if (!Array.isArray(list)) throw badRequest(`${where}: give a JSON array for ${p.type}`);
    const child = p.arrayChildren;
    return list.map((x, i) => toArg(child, x, `${where}[${i}]`));
  }
  if (p.baseType === 'tuple') throw badRequest(`${where}: tuple arguments are not supported`);
  if (p.type === 'address') {
    const a = typeof v === 'string' ? parseAddress(v.trim()) : null;
    if (!a) throw badRequest(`${where}: an address is r or 0x followed by 40 hex digits`);
    return a;
  }
  if (p.type === 'bool') {
    if (v === true || v === 'true') return true;
    if (v === false || v === 'false') return false;
    throw badRequest(`${where}: use true or false`);
  }
  if (/^u?int\d*$/.test(p.type)) {
    const s = typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : typeof v === 'string' ? v.trim() : '';
    if (!/^-?\d{1,78}$/.test(s) || (p.type.startsWith('u') && s.startsWith('-')))
      throw badRequest(`${where}: use a whole number for ${p.type}`);
    return BigInt(s);
  }
  if (p.type.startsWith('bytes')) {
    if (typeof v !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(v.trim())) throw badRequest(`${where}: use 0x hex bytes for ${p.type}`);
    return v.trim();
  }
  if (typeof v !== 'string') throw badRequest(`${where}: give text for ${p.type}`);
  return v;
}

function pickFunction(iface: Interface, name: string): FunctionFragment {
  let f: FunctionFragment | null;
  try {
    f = iface.getFunction(name.trim());
  } catch {
    // ambiguous name (overloads): ask for the signature
    throw badRequest(`"${name.slice(0, 80)}" is overloaded: give the full signature, e.g. ${name.trim()}(address)`);
  }
  if (!f) throw badRequest(`The contract has no function "${name.slice(0, 80)}"`);
  if (f.stateMutability !== 'view' && f.stateMutability !== 'pure')
    throw badRequest(`${f.format('sighash')} changes state: only view and pure functions can be read`);
  return f;
}

/** The verified ABI to call `address` with: its own, or (as proxy) its implementation's. */
async function abiFor(ctx: ApiContext, address: string, asProxy: boolean): Promise<unknown> {
  if (!asProxy) {
    const verified = await findVerified(ctx, address);
    if (!verified || !Array.isArray(verified.abi))
      throw notFound(`The contract ${rubyAddress(address)} is not verified: its functions are unknown`);
    return verified.abi;
  }
  const proxy = await currentProxy(ctx, address);
  if (!proxy) throw badRequest(`The contract ${rubyAddress(address)} is not a proxy`);
  const impl = await findVerified(ctx, proxy.implementation);
  if (!impl || !Array.isArray(impl.abi))
    throw notFound(`The implementation ${rubyAddress(proxy.implementation)} is not verified: its functions are unknown`);
  return impl.abi;
}

/** The words for a call the node refused or the visitor lane stopped (server/chain/visitorRpc.ts). */
function callRefusal(err: RpcError): string {
  const why = err.message.replace(/^eth_call: /, '').slice(0, 300);
  if (err instanceof VisitorCallStopped) return `The call did not finish: ${why}`;
  if (/out ?of ?gas|OOG/i.test(why))
    return `The call ran out of gas: calls made for visitors get ${VISITOR_CALL_GAS.toLocaleString('en-US')} gas`;
  return `The call reverted: ${why}`;
}

export async function readContract(ctx: ApiContext, address: string, fn: string, args: unknown[], asProxy = false): Promise<ReadValue[]> {
  const verified = { abi: await abiFor(ctx, address, asProxy) };
  const iface = new Interface(verified.abi as InterfaceAbi);
  const f = pickFunction(iface, fn);
  if (args.length !== f.inputs.length) throw badRequest(`${f.format('sighash')} takes ${f.inputs.length} argument(s), got ${args.length}`);
  const values = f.inputs.map((p, i) => toArg(p, args[i], `Argument ${i + 1} (${p.name || p.type})`));
  let data: string;
  try {
    data = iface.encodeFunctionData(f, values);
  } catch (err) {
    // toArg checks the shape; the ABI coder checks the range (a uint8 of 300, a bytes32 of 2 bytes).
    throw badRequest(
      `The arguments do not fit ${f.format('sighash')}: ${err instanceof Error ? err.message.split(' (')[0] : String(err)}`.slice(0, 300),
    );
  }
  let out: string;
  try {
    out = await ethCall(ctx.visitorRpc, { to: address, data }, 'latest');
  } catch (err) {
    if (err instanceof RpcError) throw badRequest(callRefusal(err));
    throw err;
  }
  let decoded: Result;
  try {
    decoded = iface.decodeFunctionResult(f, out);
  } catch {
    throw badRequest(`The answer of ${f.format('sighash')} could not be decoded with the verified ABI`);
  }
  return f.outputs.map((p, i) => ({ name: p.name, type: p.type, value: abiValueJson(p, decoded[i]) }));
}
