/**
 * module=proxy: Etherscan's Geth/Parity proxy, forwarded to the node through ctx.rpc. Answers are
 * the node's own JSON-RPC envelope, `{ jsonrpc: "2.0", id, result }`, or on a node error
 * `{ jsonrpc: "2.0", id, error: { code, message, data? } }`, as Etherscan relays them (its
 * "Geth/Parity Proxy" page). Parameters keep Etherscan's names (tag, boolean, txhash, hex, to,
 * data, address, position, index); addresses may be `r…` and reach the node as `0x…`.
 */
import { parseAddress } from '../../../common/address';
import { RpcError } from '../../chain/rpc';
import { checkRawTransaction } from '../../wallet/transactions';
import type { ApiContext } from '../../core/context';
import type { ActionTable, Params } from './common';

/** A bad parameter, answered as the node answers one: JSON-RPC "invalid params". */
class InvalidParam extends Error {}

const invalidParam = (err: unknown): never => {
  throw new InvalidParam(err instanceof Error ? err.message : String(err));
};

const tag = (p: Params): string => {
  const t = (p.tag ?? '').trim();
  return t === '' ? 'latest' : t;
};

function address(p: Params, name: string, required = true): string | undefined {
  const raw = (p[name] ?? '').trim();
  if (raw === '' && !required) return undefined;
  const a = parseAddress(raw);
  if (!a) throw new InvalidParam(`invalid argument: ${name} is not an address`);
  return a;
}

/** The call object of eth_call / eth_estimateGas from the form's fields (ethers sends gasLimit). */
function callObject(p: Params): Record<string, string> {
  const out: Record<string, string> = {};
  const from = address(p, 'from', false);
  const to = address(p, 'to', false);
  if (from) out.from = from;
  if (to) out.to = to;
  const fields: Array<[string, string]> = [
    ['data', 'data'],
    ['value', 'value'],
    ['gas', 'gas'],
    ['gaslimit', 'gas'],
    ['gasprice', 'gasPrice'],
    ['maxfeepergas', 'maxFeePerGas'],
    ['maxpriorityfeepergas', 'maxPriorityFeePerGas'],
  ];
  for (const [from_, key] of fields) {
    const v = (p[from_] ?? '').trim();
    if (v !== '') out[key] = v;
  }
  return out;
}

/** Each action: its JSON-RPC method's parameters from Etherscan's. */
const PARAMS: Readonly<Record<string, (p: Params) => unknown[]>> = {
  eth_blockNumber: () => [],
  eth_getBlockByNumber: (p) => [tag(p), (p.boolean ?? '').trim().toLowerCase() === 'true'],
  eth_getUncleByBlockNumberAndIndex: (p) => [tag(p), p.index ?? '0x0'],
  eth_getBlockTransactionCountByNumber: (p) => [tag(p)],
  eth_getTransactionByHash: (p) => [(p.txhash ?? '').trim()],
  eth_getTransactionByBlockNumberAndIndex: (p) => [tag(p), p.index ?? '0x0'],
  eth_getTransactionCount: (p) => [address(p, 'address'), tag(p)],
  eth_sendRawTransaction: (p) => [(p.hex ?? '').trim()],
  eth_getTransactionReceipt: (p) => [(p.txhash ?? '').trim()],
  eth_call: (p) => [callObject(p), tag(p)],
  eth_getCode: (p) => [address(p, 'address'), tag(p)],
  eth_getStorageAt: (p) => [address(p, 'address'), (p.position ?? '0x0').trim(), tag(p)],
  eth_gasPrice: () => [],
  eth_estimateGas: (p) => [callObject(p)],
};

const VISITOR_METHODS = new Set(['eth_call', 'eth_estimateGas']);

async function forward(ctx: ApiContext, method: string, p: Params) {
  const id = /^\d{1,9}$/.test(p.id ?? '') ? Number(p.id) : 1;
  try {
    const params = PARAMS[method]!(p);
    // The same checks as POST /sendrawtransaction: decodable, signed, this chain's id.
    if (method === 'eth_sendRawTransaction') await checkRawTransaction(ctx.rpc, String(params[0])).catch(invalidParam);
    // eth_call and eth_estimateGas run the caller's code: the visitor lane (gas cap, time-out, no breaker count).
    const rpc = VISITOR_METHODS.has(method) ? ctx.visitorRpc : ctx.rpc;
    return { jsonrpc: '2.0', id, result: await rpc.call(method, params) };
  } catch (err) {
    if (err instanceof InvalidParam) return { jsonrpc: '2.0', id, error: { code: -32602, message: err.message } };
    // The node said no: its error, as Etherscan relays it. A node that cannot be reached is the
    // API's 503 (the error handler), not an answer of the node.
    if (err instanceof RpcError)
      return { jsonrpc: '2.0', id, error: { code: err.code, message: err.message, ...(err.data === undefined ? {} : { data: err.data }) } };
    throw err;
  }
}

/** Action names are matched case-insensitively (the dispatcher lower-cases them). */
export const proxyActions: ActionTable = Object.fromEntries(
  Object.keys(PARAMS).map((method) => [method.toLowerCase(), (ctx: ApiContext, p: Params) => forward(ctx, method, p)]),
);
