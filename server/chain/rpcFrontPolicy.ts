/**
 * What the devnet's public JSON-RPC port (DEVNET_PORT, rpcFront.ts) lets through to anvil: the
 * standard eth_/net_/web3_ methods a wallet, ethers, viem, cast, forge or Hardhat needs (with a key
 * of its own: eth_sendRawTransaction), and the read-only trace/txpool methods the product's own
 * indexer asks when it runs as a process of its own against this port. Everything else is refused
 * with a JSON-RPC error: anvil_*, evm_*, hardhat_*, debug_set*, personal_*, eth_sendTransaction,
 * eth_sign* and any method not listed here (an allow list: a new anvil method is refused too).
 */

const STANDARD = [
  'eth_blockNumber',
  'eth_chainId',
  'eth_syncing',
  'eth_protocolVersion',
  'eth_mining',
  'eth_hashrate',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_blobBaseFee',
  'eth_feeHistory',
  'eth_getBalance',
  'eth_getCode',
  'eth_getStorageAt',
  'eth_getTransactionCount',
  'eth_getProof',
  'eth_call',
  'eth_estimateGas',
  'eth_createAccessList',
  'eth_simulateV1',
  'eth_getBlockByNumber',
  'eth_getBlockByHash',
  'eth_getBlockReceipts',
  'eth_getBlockTransactionCountByNumber',
  'eth_getBlockTransactionCountByHash',
  'eth_getUncleCountByBlockNumber',
  'eth_getUncleCountByBlockHash',
  'eth_getUncleByBlockNumberAndIndex',
  'eth_getUncleByBlockHashAndIndex',
  'eth_getTransactionByHash',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionReceipt',
  'eth_getLogs',
  'eth_newFilter',
  'eth_newBlockFilter',
  'eth_newPendingTransactionFilter',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_uninstallFilter',
  'eth_sendRawTransaction',
  'eth_subscribe',
  'eth_unsubscribe',
  'net_version',
  'net_listening',
  'net_peerCount',
  'web3_clientVersion',
  'web3_sha3',
];

/** Read-only methods of the product's own node probe and indexer (server/chain/capabilities.ts). */
const PRODUCT_READS = [
  'trace_block',
  'trace_transaction',
  'debug_traceTransaction',
  'debug_traceBlockByNumber',
  'debug_traceBlockByHash',
  'txpool_status',
  'txpool_content',
];

export const FRONT_ALLOWED = new Set([...STANDARD, ...PRODUCT_READS]);

/** JSON-RPC error codes of the front's own answers. */
export const REFUSED_CODE = -32601;
export const INVALID_REQUEST_CODE = -32600;
export const PARSE_ERROR_CODE = -32700;

export interface RpcErrorAnswer {
  jsonrpc: '2.0';
  id: unknown;
  error: { code: number; message: string };
}

export function errorAnswer(id: unknown, code: number, message: string): RpcErrorAnswer {
  return { jsonrpc: '2.0', id: id ?? null, error: { code, message } };
}

/**
 * How the front handles one request object: forwarded to anvil, answered here (eth_accounts: this
 * port unlocks no account), or refused.
 */
export type Verdict = { kind: 'forward' } | { kind: 'answer'; answer: unknown };

export function judge(call: unknown): Verdict {
  if (typeof call !== 'object' || call === null || Array.isArray(call)) {
    return { kind: 'answer', answer: errorAnswer(null, INVALID_REQUEST_CODE, 'invalid JSON-RPC request') };
  }
  const { id, method } = call as { id?: unknown; method?: unknown };
  if (typeof method !== 'string')
    return { kind: 'answer', answer: errorAnswer(id, INVALID_REQUEST_CODE, 'invalid JSON-RPC request: no method') };
  if (method === 'eth_accounts') return { kind: 'answer', answer: { jsonrpc: '2.0', id: id ?? null, result: [] } };
  if (FRONT_ALLOWED.has(method)) return { kind: 'forward' };
  return {
    kind: 'answer',
    answer: errorAnswer(
      id,
      REFUSED_CODE,
      `method ${method.slice(0, 80)} is not available on this devnet's public port: it answers standard eth_/net_/web3_ methods; sign with your own key and send eth_sendRawTransaction`,
    ),
  };
}
