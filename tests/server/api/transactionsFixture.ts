/**
 * What the transaction API tests share (transactionsList.test.ts, transactionKinds.test.ts): a
 * devnet with the traffic generator's contracts, indexed, and the node's own answers (hashes,
 * transactions, receipts) to compare with.
 */
import { Interface } from 'ethers';
import { afterAll, beforeAll } from 'vitest';
import { toRubyAddress } from '../../../common/address';
import { hexToNumber, toHexQuantity } from '../../../server/chain/rpc';
import type { Deployment } from '../../../server/chain/traffic';
import { startIndexedChain, type IndexedChain } from '../../helpers/apiFixture';

export let chain: IndexedChain;
export let deployment: Deployment;
/** Starts the devnet with the traffic generator's contracts, indexed, for the test file that calls it. */
export function useTransactionsChain(): void {
  beforeAll(async () => {
    chain = await startIndexedChain({ steps: 10 });
    deployment = await chain.traffic.setup();
  });
  afterAll(() => chain?.stop());
}

export interface NodeTx {
  hash: string;
  from: string;
  to: string | null;
  value: string;
  gas: string;
  input: string;
  nonce: string;
  type: string;
  chainId?: string;
  blockNumber: string;
  blockHash: string;
  transactionIndex: string;
  v?: string;
  r?: string;
  s?: string;
}
export interface NodeLog {
  address: string;
  topics: string[];
  data: string;
  logIndex: string;
}
export interface NodeReceipt {
  status: string;
  gasUsed: string;
  effectiveGasPrice: string;
  contractAddress: string | null;
  logs: NodeLog[];
}
export interface NodeFrame {
  type: string;
  from: string;
  to?: string;
  value?: string;
  input?: string;
  output?: string;
  error?: string;
  calls?: NodeFrame[];
}

export const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
export const splitter = new Interface(['function distribute(address[] recipients) payable']);

/** Every transaction hash of the chain, newest first (block desc, index desc). */
export async function nodeHashesNewestFirst(): Promise<string[]> {
  const head = hexToNumber(await chain.rpc.call<string>('eth_blockNumber'));
  const blocks = await chain.rpc.batch<{ transactions: string[] }>(
    Array.from({ length: head + 1 }, (_, n) => ({ method: 'eth_getBlockByNumber', params: [toHexQuantity(n), false] })),
  );
  return blocks.flatMap((b) => b.transactions).reverse();
}

export async function nodeTx(hash: string): Promise<{ tx: NodeTx; receipt: NodeReceipt }> {
  const [tx, receipt] = await chain.rpc.batch<NodeTx | NodeReceipt>([
    { method: 'eth_getTransactionByHash', params: [hash] },
    { method: 'eth_getTransactionReceipt', params: [hash] },
  ]);
  return { tx: tx as NodeTx, receipt: receipt as NodeReceipt };
}

export const topicAddress = (t: string | undefined) => `0x${(t ?? '').slice(26)}`;
export const r = (a: string) => toRubyAddress(a);
