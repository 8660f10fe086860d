/**
 * Real values for the route walk: a block, a transaction, an address, a token and a DApp the
 * product has indexed. They come from the product's API when the endpoint exists, else from the
 * devnet's JSON-RPC and the traffic generator's deployment file, never made up.
 */
import { isAddress, toHexAddress, toRubyAddress } from '../../common/address';
import type { RunningProduct } from './product';
import { paths as relPaths } from '../../common/api/paths';

export type ValueSource = 'api' | 'rpc' | 'traffic deployment';

export interface RealValues {
  blockNumber: number;
  blockHash: string;
  txHash: string;
  /** r… address of an account that sent a transaction. */
  address: string;
  /** r… address of an RBC20 token contract. */
  token: string;
  /** r… address of a DApp contract. */
  dapp: string;
  /** Where each value came from (the API once its endpoint exists). */
  sources: Record<Exclude<keyof RealValues, 'sources'>, ValueSource>;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): Obj[] => {
  if (isObj(v) && Array.isArray(v.result)) return v.result.filter(isObj);
  return [];
};
const hash32 = (v: unknown): v is string => typeof v === 'string' && /^0x[0-9a-fA-F]{64}$/.test(v);
const addr = (v: unknown): v is string => typeof v === 'string' && isAddress(v);

interface RpcBlock {
  number: string;
  hash: string;
  transactions: { hash: string; from: string }[];
}

/**
 * A block with transactions, one of its transactions, its sender, a token and a DApp, all indexed
 * by the product. The API answers first; JSON-RPC and the deployment file fill what it lacks.
 */
export async function realValues(product: RunningProduct): Promise<RealValues> {
  const status = await product.indexingStatus();
  const indexed = status.indexedBlock ?? 0;
  const sources = {} as RealValues['sources'];

  let blockNumber: number | null = null;
  let blockHash: string | null = null;
  const apiBlock = list(await product.api(relPaths.blocks({ page: 1, size: 20 }))).find(
    (b) => typeof b.blockNumber === 'number' && b.blockNumber <= indexed && typeof b.Trx === 'number' && b.Trx > 0 && hash32(b.blockHash),
  );
  if (apiBlock) {
    blockNumber = apiBlock.blockNumber as number;
    blockHash = apiBlock.blockHash as string;
    sources.blockNumber = sources.blockHash = 'api';
  }

  let txHash: string | null = null;
  let address: string | null = null;
  const apiTx = list(await product.api(relPaths.allTx({ page: 1, size: 20 }))).find((t) => hash32(t.hash) && addr(t.from));
  if (apiTx) {
    txHash = apiTx.hash as string;
    address = toRubyAddress(apiTx.from as string);
    sources.txHash = sources.address = 'api';
  }

  if (blockNumber === null || txHash === null) {
    // Newest indexed block with transactions, straight from the node.
    let rpcBlock: RpcBlock | null = null;
    for (let n = indexed; n >= 0 && !rpcBlock; n--) {
      const b = await product.rpc<RpcBlock | null>('eth_getBlockByNumber', [`0x${n.toString(16)}`, true]);
      if (b && b.transactions.length > 0) rpcBlock = b;
    }
    if (!rpcBlock) throw new Error(`no indexed block up to ${indexed} has a transaction`);
    const tx = rpcBlock.transactions[0];
    if (blockNumber === null) {
      blockNumber = Number.parseInt(rpcBlock.number, 16);
      blockHash = rpcBlock.hash;
      sources.blockNumber = sources.blockHash = 'rpc';
    }
    if (txHash === null && tx) {
      txHash = tx.hash;
      address = toRubyAddress(tx.from);
      sources.txHash = sources.address = 'rpc';
    }
  }

  // From the API lists, preferring the traffic generator's named tokens and its coin-splitting
  // DApp (the lists also hold DEX pair tokens and the NFT).
  const dep = product.deployment;
  const preferred = (candidates: string[], wanted: string[]): string | null => {
    const w = new Set(wanted.map((a) => a.toLowerCase()));
    return candidates.find((c) => w.has(toHexAddress(c))) ?? candidates[0] ?? null;
  };
  let token: string | null = null;
  const apiTokens = list(await product.api(relPaths.tokensPage({ page: 1, size: 20 })))
    .map((t) => t.contract_address)
    .filter(addr);
  const apiToken = preferred(apiTokens, dep?.tokens.map((t) => t.address) ?? []);
  if (apiToken) {
    token = toRubyAddress(apiToken);
    sources.token = 'api';
  }
  let dapp: string | null = null;
  const apiDapps = list(await product.api(relPaths.contracts()))
    .filter((c) => typeof c.contractType === 'string' && c.contractType.toLowerCase() === 'dapp')
    .map((c) => c.contract_address)
    .filter(addr);
  const apiDapp = preferred(apiDapps, dep ? [dep.splitter] : []);
  if (apiDapp) {
    dapp = toRubyAddress(apiDapp);
    sources.dapp = 'api';
  }
  if (token === null && dep?.tokens[0]) {
    token = toRubyAddress(dep.tokens[0].address);
    sources.token = 'traffic deployment';
  }
  if (dapp === null && dep) {
    dapp = toRubyAddress(dep.splitter);
    sources.dapp = 'traffic deployment';
  }

  if (blockNumber === null || blockHash === null || txHash === null || address === null || token === null || dapp === null) {
    throw new Error(`could not find real values: ${JSON.stringify({ blockNumber, blockHash, txHash, address, token, dapp })}`);
  }
  return { blockNumber, blockHash, txHash, address, token, dapp, sources };
}
