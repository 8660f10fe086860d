/**
 * Typed JSON-RPC: one builder per method the server calls, so no call site spells a method name
 * or asserts a result type. A builder returns a `TypedCall` (method, params, and how to read the
 * answer); `send` makes it one request, `batchOf` / `settledOf` send many in one JSON-RPC batch
 * (one HTTP post; settled: each call succeeds or fails on its own), `groupsOf` / `settledGroupsOf`
 * send calls of several methods in one batch and hand each group back with its own type.
 *
 * Answers are typed as nodes give them (hex quantities, see types.ts); a quantity the caller always
 * converts (a balance, a nonce, a block number) is converted here, and a quantity that is not one
 * (a broken node answering null) fails that call with an RpcError instead of passing on as 0.
 *
 * Not here, on purpose: the Etherscan-style proxy (server/api/etherscan/proxy.ts) forwards whatever method
 * the client sent; devnet.ts asks eth_chainId before any client exists (anvil may not be up yet);
 * wsProbe.ts speaks eth_subscribe over a WebSocket, not over this HTTP client.
 */
import { hexToBigInt, RpcError, toHexQuantity, type RpcCall, type RpcClient, type RpcOutcome } from './rpc';
import type {
  CallFrame,
  CallTraceResult,
  StructLogStep,
  RawBlock,
  RawTransaction,
  RawReceipt,
  RawTrace,
  RawTransactionReceipt,
  RawTxpoolContent,
  RawTxpoolStatus,
  PrestateDiff,
} from './types';

/** A block by number, or one of the tags every node knows. */
export type BlockTag = number | 'latest' | 'pending' | 'earliest';

/** The fields of an eth_call / eth_estimateGas request the server sends. */
export interface CallRequest {
  from?: string;
  to?: string | null;
  data?: string;
  value?: string;
}

/** One call of a known method; `read` turns the node's answer into R (throws RpcError when it cannot). */
export interface TypedCall<R> extends RpcCall {
  read(answer: unknown): R;
}

const tag = (b: BlockTag): string => (typeof b === 'number' ? toHexQuantity(b) : b);

/** The answer as the node gives it: the one place a result type is asserted, per method. */
const answerAs =
  <R>() =>
  (answer: unknown): R =>
    answer as R;

function quantity(method: string): (answer: unknown) => bigint {
  return (answer) => {
    if (typeof answer !== 'string' || !/^0x[0-9a-fA-F]*$/.test(answer))
      throw new RpcError(`${method}: not a quantity: ${JSON.stringify(answer)}`, -32603);
    return hexToBigInt(answer);
  };
}

function smallQuantity(method: string): (answer: unknown) => number {
  const big = quantity(method);
  return (answer) => Number(big(answer));
}

function typed<R>(method: string, params: unknown[], read: (answer: unknown) => R): TypedCall<R> {
  return { method, params, read };
}

/** The builders, named after their JSON-RPC methods. */
export const rpcCalls = {
  blockNumber: () => typed('eth_blockNumber', [], smallQuantity('eth_blockNumber')),
  chainId: () => typed('eth_chainId', [], smallQuantity('eth_chainId')),
  gasPrice: () => typed('eth_gasPrice', [], quantity('eth_gasPrice')),
  maxPriorityFeePerGas: () => typed('eth_maxPriorityFeePerGas', [], quantity('eth_maxPriorityFeePerGas')),
  getBlockByNumber,
  getBlockReceipts: (block: BlockTag) => typed('eth_getBlockReceipts', [tag(block)], answerAs<RawReceipt[] | null>()),
  getTransactionReceipt: (hash: string) => typed('eth_getTransactionReceipt', [hash], answerAs<RawTransactionReceipt | null>()),
  getBalance: (address: string, block: BlockTag) => typed('eth_getBalance', [address, tag(block)], quantity('eth_getBalance')),
  getCode: (address: string, block: BlockTag) => typed('eth_getCode', [address, tag(block)], answerAs<string>()),
  getStorageAt: (address: string, slot: string, block: BlockTag) =>
    typed('eth_getStorageAt', [address, slot, tag(block)], answerAs<string>()),
  call: (req: CallRequest, block: BlockTag) => typed('eth_call', [req, tag(block)], answerAs<string>()),
  getTransactionCount: (address: string, block: BlockTag) =>
    typed('eth_getTransactionCount', [address, tag(block)], smallQuantity('eth_getTransactionCount')),
  estimateGas: (req: CallRequest) => typed('eth_estimateGas', [req], quantity('eth_estimateGas')),
  sendRawTransaction: (raw: string) => typed('eth_sendRawTransaction', [raw], answerAs<string>()),
  /** Parity-style traces of every call in the block (trace_block); null for a block the node lacks. */
  traceBlock: (block: BlockTag) => typed('trace_block', [tag(block)], answerAs<RawTrace[] | null>()),
  /** Geth-style call frames per transaction (debug_traceBlockByNumber with the callTracer). */
  debugTraceBlock: (block: BlockTag) =>
    typed('debug_traceBlockByNumber', [tag(block), { tracer: 'callTracer' }], answerAs<CallTraceResult[]>()),
  getTransactionByHash: (hash: string) => typed('eth_getTransactionByHash', [hash], answerAs<RawTransaction | null>()),
  /** One transaction's call frames (callTracer): a factory-made contract's init code when no trace was indexed. */
  debugTraceTransaction: (hash: string) => typed('debug_traceTransaction', [hash, { tracer: 'callTracer' }], answerAs<CallFrame | null>()),
  /** What one transaction changed (prestateTracer in diff mode): the State tab. */
  prestateDiff: (hash: string) =>
    typed(
      'debug_traceTransaction',
      [hash, { tracer: 'prestateTracer', tracerConfig: { diffMode: true } }],
      answerAs<PrestateDiff | null>(),
    ),
  /** The call tree of one transaction without its logs (the Call tree tab). */
  callTree: (hash: string) =>
    typed('debug_traceTransaction', [hash, { tracer: 'callTracer', tracerConfig: { withLog: false } }], answerAs<CallFrame | null>()),
  /** The default struct logger, pc / op / depth only (no stack, memory, storage or return data): where each frame reverted. */
  structLogs: (hash: string) =>
    typed(
      'debug_traceTransaction',
      [hash, { disableStack: true, disableStorage: true, disableMemory: true, enableMemory: false, enableReturnData: false }],
      answerAs<{ structLogs?: StructLogStep[] } | null>(),
    ),
  /** A JavaScript tracer's answer (server/chain/revertSteps.ts: when the struct logger gives no steps). */
  jsTrace: (hash: string, tracer: string) => typed('debug_traceTransaction', [hash, { tracer }], answerAs<unknown>()),
  /** Only the top call's frame (its output is a failed transaction's revert data): the summary's revert reason. */
  debugTraceTopCall: (hash: string) =>
    typed('debug_traceTransaction', [hash, { tracer: 'callTracer', tracerConfig: { onlyTopCall: true } }], answerAs<CallFrame | null>()),
  /** eth_call with a gas limit (the replay of a transaction at its parent block). */
  callWithGas: (req: CallRequest & { gas: string }, block: BlockTag) => typed('eth_call', [req, tag(block)], answerAs<string>()),
  txpoolStatus: () => typed('txpool_status', [], answerAs<RawTxpoolStatus | null>()),
  /** The node's pool, sender by sender and nonce by nonce; T is the fields the caller reads. */
  txpoolContent: <T>() => typed('txpool_content', [], answerAs<RawTxpoolContent<T> | null>()),
  /** Devnet only (anvil, hardhat): mine one block now. */
  evmMine: () => typed('evm_mine', [], answerAs<unknown>()),
  anvilGetAutomine: () => typed('anvil_getAutomine', [], answerAs<boolean | null>()),
  anvilGetIntervalMining: () => typed('anvil_getIntervalMining', [], answerAs<number | string | null>()),
};

function getBlockByNumber(block: BlockTag, full: true): TypedCall<RawBlock | null>;
function getBlockByNumber(block: BlockTag, full: false): TypedCall<RawBlock<string> | null>;
function getBlockByNumber(block: BlockTag, full: boolean): TypedCall<RawBlock | RawBlock<string> | null> {
  return typed('eth_getBlockByNumber', [tag(block), full], answerAs<RawBlock | RawBlock<string> | null>());
}

/** One call; the node's error answer or an unreadable answer throws. */
export async function send<R>(rpc: RpcClient, call: TypedCall<R>): Promise<R> {
  return call.read(await rpc.call(call.method, call.params));
}

function settle<R>(call: TypedCall<R>, o: RpcOutcome<unknown>): RpcOutcome<R> {
  if (!o.ok) return o;
  try {
    return { ok: true, result: call.read(o.result) };
  } catch (err) {
    return { ok: false, error: err instanceof RpcError ? err : new RpcError(`${call.method}: ${String(err)}`, -32603) };
  }
}

/** Many calls in one batch, each succeeding or failing on its own, in the order given. */
export async function settledOf<R>(rpc: RpcClient, calls: TypedCall<R>[]): Promise<RpcOutcome<R>[]> {
  const outcomes = await rpc.batchSettled(calls);
  return calls.map((c, i) => settle(c, outcomes[i] ?? { ok: false, error: new RpcError(`no answer to ${c.method}`, -32603) }));
}

/** Many calls in one batch, every one of which must succeed (the first failure throws). */
export async function batchOf<R>(rpc: RpcClient, calls: TypedCall<R>[]): Promise<R[]> {
  return (await settledOf(rpc, calls)).map((o) => {
    if (!o.ok) throw o.error;
    return o.result;
  });
}

type Groups = readonly (readonly TypedCall<unknown>[])[];
type ResultOf<C> = C extends TypedCall<infer R> ? R : never;
type SettledGroups<G extends Groups> = { -readonly [K in keyof G]: RpcOutcome<ResultOf<G[K][number]>>[] };
type ResultGroups<G extends Groups> = { -readonly [K in keyof G]: ResultOf<G[K][number]>[] };

/** Calls of several methods in one batch, answered group by group, each call settled on its own. */
export async function settledGroupsOf<const G extends Groups>(rpc: RpcClient, groups: G): Promise<SettledGroups<G>> {
  const flat = await settledOf(rpc, groups.flat());
  let at = 0;
  return groups.map((g) => flat.slice(at, (at += g.length))) as SettledGroups<G>;
}

/** Calls of several methods in one batch, every one of which must succeed, answered group by group. */
export async function groupsOf<const G extends Groups>(rpc: RpcClient, groups: G): Promise<ResultGroups<G>> {
  const settled = await settledGroupsOf(rpc, groups);
  return settled.map((g) =>
    g.map((o) => {
      if (!o.ok) throw o.error;
      return o.result;
    }),
  ) as ResultGroups<G>;
}

// The calls made one at a time, by name (each the builder above, sent).
export const blockNumber = (rpc: RpcClient): Promise<number> => send(rpc, rpcCalls.blockNumber());
export const chainId = (rpc: RpcClient): Promise<number> => send(rpc, rpcCalls.chainId());
export const gasPrice = (rpc: RpcClient): Promise<bigint> => send(rpc, rpcCalls.gasPrice());
export const getBalance = (rpc: RpcClient, address: string, block: BlockTag): Promise<bigint> =>
  send(rpc, rpcCalls.getBalance(address, block));
export const getCode = (rpc: RpcClient, address: string, block: BlockTag): Promise<string> => send(rpc, rpcCalls.getCode(address, block));
export const ethCall = (rpc: RpcClient, req: CallRequest, block: BlockTag): Promise<string> => send(rpc, rpcCalls.call(req, block));
export const getTransactionReceipt = (rpc: RpcClient, hash: string): Promise<RawTransactionReceipt | null> =>
  send(rpc, rpcCalls.getTransactionReceipt(hash));
export const txpoolStatus = (rpc: RpcClient): Promise<RawTxpoolStatus | null> => send(rpc, rpcCalls.txpoolStatus());

export function getBlock(rpc: RpcClient, block: BlockTag, full: true): Promise<RawBlock | null>;
export function getBlock(rpc: RpcClient, block: BlockTag, full: false): Promise<RawBlock<string> | null>;
export function getBlock(rpc: RpcClient, block: BlockTag, full: boolean): Promise<RawBlock | RawBlock<string> | null> {
  return full ? send(rpc, getBlockByNumber(block, true)) : send(rpc, getBlockByNumber(block, false));
}

/** Blocks by number in one batch (null where the node lacks one). */
export function getBlocks(rpc: RpcClient, numbers: number[], full: true): Promise<(RawBlock | null)[]>;
export function getBlocks(rpc: RpcClient, numbers: number[], full: false): Promise<(RawBlock<string> | null)[]>;
export function getBlocks(rpc: RpcClient, numbers: number[], full: boolean): Promise<(RawBlock | RawBlock<string> | null)[]> {
  return full
    ? batchOf(
        rpc,
        numbers.map((n) => getBlockByNumber(n, true)),
      )
    : batchOf(
        rpc,
        numbers.map((n) => getBlockByNumber(n, false)),
      );
}
