/**
 * The chain as the node has it, for the address API tests (addresses.test.ts and
 * addressHoldings.test.ts): every block and receipt read once, and what the API must answer
 * about an address computed from them, never from the index under test.
 */
import { AbiCoder } from 'ethers';
import { toRubyAddress } from '../../../common/address';
import { hexToNumber, toHexQuantity, type RpcClient } from '../../../server/chain/rpc';
import type { RawBlock, RawReceipt } from '../../../server/chain/types';

export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const coder = AbiCoder.defaultAbiCoder();

export interface NodeChain {
  head: number;
  blocks: RawBlock[];
  receipts: Map<string, RawReceipt>;
}

/** Every block and receipt of the chain, from the node. */
export async function readChain(rpc: RpcClient): Promise<NodeChain> {
  const head = hexToNumber(await rpc.call<string>('eth_blockNumber'));
  const blocks: RawBlock[] = [];
  const receipts = new Map<string, RawReceipt>();
  for (let n = 0; n <= head; n++) {
    const tag = toHexQuantity(n);
    const [block, rs] = await Promise.all([
      rpc.call<RawBlock>('eth_getBlockByNumber', [tag, true]),
      rpc.call<RawReceipt[]>('eth_getBlockReceipts', [tag]),
    ]);
    blocks.push(block);
    for (const r of rs) receipts.set(r.transactionHash.toLowerCase(), r);
  }
  return { head, blocks, receipts };
}

/** Transactions involving the address (sender, recipient or created contract), newest first. */
export function nodeTxsOf(node: NodeChain, address: string): { hash: string; from: string; gasUsed: bigint }[] {
  const out: { hash: string; from: string; gasUsed: bigint }[] = [];
  for (const b of [...node.blocks].reverse()) {
    for (const tx of [...b.transactions].reverse()) {
      const r = node.receipts.get(tx.hash.toLowerCase());
      const to = tx.to?.toLowerCase() ?? r?.contractAddress?.toLowerCase() ?? null;
      if (tx.from.toLowerCase() === address || to === address)
        out.push({ hash: tx.hash.toLowerCase(), from: tx.from.toLowerCase(), gasUsed: BigInt(r?.gasUsed ?? 0) });
    }
  }
  return out;
}

/** Every address taking part in a transaction. */
export function nodeAddresses(node: NodeChain): string[] {
  const set = new Set<string>();
  for (const b of node.blocks) {
    for (const tx of b.transactions) {
      set.add(tx.from.toLowerCase());
      const to = tx.to ?? node.receipts.get(tx.hash.toLowerCase())?.contractAddress;
      if (to) set.add(to.toLowerCase());
    }
  }
  return [...set].sort();
}

/** Transfer events from or to the address, newest first: RBC20 (3 topics) and NFTs (4 topics: tokenId set, value 1). */
export interface NodeTransfer {
  hash: string;
  block: number;
  logIndex: number;
  token: string;
  from: string;
  to: string;
  value: bigint;
  tokenId: bigint | null;
}
export function nodeTokenTransfers(node: NodeChain, address: string): NodeTransfer[] {
  const out: NodeTransfer[] = [];
  for (const b of node.blocks) {
    for (const tx of b.transactions) {
      for (const log of node.receipts.get(tx.hash.toLowerCase())?.logs ?? []) {
        if (log.topics[0]?.toLowerCase() !== TRANSFER_TOPIC || log.topics.length < 3) continue;
        const nft = log.topics.length === 4;
        const from = `0x${log.topics[1]!.slice(26)}`.toLowerCase();
        const to = `0x${log.topics[2]!.slice(26)}`.toLowerCase();
        if (from !== address && to !== address) continue;
        out.push({
          hash: tx.hash.toLowerCase(),
          block: hexToNumber(b.number),
          logIndex: hexToNumber(log.logIndex),
          token: log.address.toLowerCase(),
          from,
          to,
          value: nft ? 1n : BigInt(log.data),
          tokenId: nft ? BigInt(log.topics[3]!) : null,
        });
      }
    }
  }
  return out.sort((a, b) => b.block - a.block || b.logIndex - a.logIndex);
}

export async function balanceAtHead(rpc: RpcClient, node: NodeChain, address: string): Promise<bigint> {
  return BigInt(await rpc.call<string>('eth_getBalance', [address, toHexQuantity(node.head)]));
}

export async function balanceOf(rpc: RpcClient, node: NodeChain, token: string, holder: string): Promise<bigint> {
  const data = `0x70a08231${coder.encode(['address'], [holder]).slice(2)}`;
  return BigInt(await rpc.call<string>('eth_call', [{ to: token, data }, toHexQuantity(node.head)]));
}

/** Input forms of one address that must all give the same answer. */
export function spellings(address: string): string[] {
  const r = toRubyAddress(address);
  return [address, `0X${address.slice(2).toUpperCase()}`, r, r.toLowerCase(), `R${address.slice(2).toUpperCase()}`];
}
