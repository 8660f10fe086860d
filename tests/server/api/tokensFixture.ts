/**
 * What the token and contract API tests share (tokensCatalogue.test.ts, tokenDetail.test.ts): a
 * devnet with the traffic generator's contracts, indexed, and what the node says of them (blocks
 * and receipts read once, eth_call of the RBC20 getters), never the index under test.
 */
import { afterAll, beforeAll } from 'vitest';
import { AbiCoder } from 'ethers';
import { hexToNumber, toHexQuantity } from '../../../server/chain/rpc';
import type { Deployment } from '../../../server/chain/trafficContracts';
import { startIndexedChain, type IndexedChain } from '../../helpers/apiFixture';
import { readChain, type NodeChain } from './addressNode';

export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
export const ZERO = '0x0000000000000000000000000000000000000000';
export const coder = AbiCoder.defaultAbiCoder();
export const SEL = { name: '0x06fdde03', symbol: '0x95d89b41', decimals: '0x313ce567', totalSupply: '0x18160ddd', balanceOf: '0x70a08231' };

export let chain: IndexedChain;
export let deployment: Deployment;
export let node: NodeChain;

export async function ethCall(to: string, data: string): Promise<string> {
  return chain.rpc.call<string>('eth_call', [{ to, data }, toHexQuantity(node.head)]);
}
export const callUint = async (to: string, data: string) => BigInt(await ethCall(to, data));
export const callString = async (to: string, data: string) => coder.decode(['string'], await ethCall(to, data))[0] as string;
export const balanceOf = (token: string, holder: string) =>
  callUint(token, `${SEL.balanceOf}${coder.encode(['address'], [holder]).slice(2)}`);

/** The token's Transfer events, newest first. */
export interface NodeTransfer {
  hash: string;
  block: number;
  logIndex: number;
  from: string;
  to: string;
  value: bigint;
}
export function nodeTransfers(token: string): NodeTransfer[] {
  const out: NodeTransfer[] = [];
  for (const b of node.blocks) {
    for (const tx of b.transactions) {
      for (const log of node.receipts.get(tx.hash.toLowerCase())?.logs ?? []) {
        if (log.address.toLowerCase() !== token || log.topics[0]?.toLowerCase() !== TRANSFER_TOPIC) continue;
        out.push({
          hash: tx.hash.toLowerCase(),
          block: hexToNumber(b.number),
          logIndex: hexToNumber(log.logIndex),
          from: `0x${log.topics[1]!.slice(26)}`.toLowerCase(),
          to: `0x${log.topics[2]!.slice(26)}`.toLowerCase(),
          value: BigInt(log.data),
        });
      }
    }
  }
  return out.sort((a, b) => b.block - a.block || b.logIndex - a.logIndex);
}

/** Transactions sent to the address. */
export function nodeTxsTo(address: string): number {
  return node.blocks.reduce((n, b) => n + b.transactions.filter((t) => t.to?.toLowerCase() === address).length, 0);
}

/** The transaction that created the contract (null for one created inside a call). */
export function creationTx(address: string): { hash: string; block: number; from: string } | null {
  for (const b of node.blocks) {
    for (const tx of b.transactions) {
      if (!tx.to && node.receipts.get(tx.hash.toLowerCase())?.contractAddress?.toLowerCase() === address) {
        return { hash: tx.hash.toLowerCase(), block: hexToNumber(b.number), from: tx.from.toLowerCase() };
      }
    }
  }
  return null;
}

export const allTokens = () => [...deployment.tokens.map((t) => t.address), ...deployment.pairs.map((p) => p.address)];
/** The devnet's DApps: router, splitter, NFT, and the proxy set (two implementations, the EIP-1967 proxy, the clone). */
export const dapps = () => [
  deployment.router,
  deployment.splitter,
  deployment.nft,
  ...(deployment.proxies ? [deployment.proxies.proxy, ...deployment.proxies.implementations, deployment.proxies.clone] : []),
];

/** Starts the devnet with the traffic generator's contracts, indexed, for the test file that calls it. */
export function useTokensChain(): void {
  beforeAll(async () => {
    chain = await startIndexedChain({ steps: 8 });
    deployment = await chain.traffic.setup();
    node = await readChain(chain.rpc);
  });
  afterAll(() => chain?.stop());
}
