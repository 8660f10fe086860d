/**
 * What the Etherscan-style API tests share: the node's whole chain (blocks, receipts, traces)
 * read once over JSON-RPC, to compare answers with, and a GET of `/api?…` answering Etherscan's
 * envelope.
 */
import { hexToNumber, toHexQuantity } from '../../../server/chain/rpc';
import type { RawBlock, RawReceipt, RawTrace, RawTransaction } from '../../../server/chain/types';
import type { IndexedChain, TestApi } from '../../helpers/apiFixture';
import { apiPaths } from '../../../common/api/paths';

export interface FullReceipt extends RawReceipt {
  cumulativeGasUsed: string;
  blockNumber: string;
  blockHash: string;
}
export interface NodeTx {
  tx: RawTransaction;
  block: RawBlock;
  receipt: FullReceipt;
}
export interface NodeChain {
  head: number;
  blocks: RawBlock[];
  txs: NodeTx[];
  traces: RawTrace[];
}

/** Every block, receipt and trace of the chain, from the node (oldest first). */
export async function readNodeChain(c: IndexedChain): Promise<NodeChain> {
  const head = hexToNumber(await c.rpc.call<string>('eth_blockNumber'));
  const blocks: RawBlock[] = [];
  const txs: NodeTx[] = [];
  const traces: RawTrace[] = [];
  for (let n = 0; n <= head; n++) {
    const tag = toHexQuantity(n);
    const [block, rs, ts] = await Promise.all([
      c.rpc.call<RawBlock>('eth_getBlockByNumber', [tag, true]),
      c.rpc.call<FullReceipt[]>('eth_getBlockReceipts', [tag]),
      c.rpc.call<RawTrace[]>('trace_block', [tag]),
    ]);
    blocks.push(block);
    block.transactions.forEach((tx, i) => txs.push({ tx, block, receipt: rs[i]! }));
    traces.push(...ts);
  }
  return { head, blocks, txs, traces };
}

export interface EsBody<T = unknown> {
  status: string;
  message: string;
  result: T;
}

/** GET /api?<query> (an Etherscan call); the body as parsed JSON. */
export async function es<T = unknown>(
  api: TestApi,
  query: string,
  path = apiPaths.etherscan(),
): Promise<EsBody<T> & { statusCode: number }> {
  const res = await api.app.inject({ method: 'GET', url: `${path}?${query}` });
  return { statusCode: res.statusCode, ...(res.json() as EsBody<T>) };
}

export const dec = (hex: string | null | undefined): string => BigInt(hex ?? '0x0').toString();
export const lower = (a: string | null | undefined): string => (a ?? '').toLowerCase();
