/**
 * The events a summary reads, parsed from stored log rows: ERC-20/721 Transfer and
 * Approval, ERC-1155 TransferSingle/TransferBatch, a Uniswap-V2-style pair's Swap, Mint and Burn
 * (and RubyPair's Mint, which names its recipient), and ERC-1967 Upgraded. Addresses lowercase 0x.
 */
import { AbiCoder, id } from 'ethers';

export const TOPICS = {
  transfer: id('Transfer(address,address,uint256)'),
  approval: id('Approval(address,address,uint256)'),
  transferSingle: id('TransferSingle(address,address,address,uint256,uint256)'),
  transferBatch: id('TransferBatch(address,address,address,uint256[],uint256[])'),
  swap: id('Swap(address,uint256,uint256,uint256,uint256,address)'),
  mintV2: id('Mint(address,uint256,uint256)'),
  mintWithTo: id('Mint(address,uint256,uint256,address)'),
  burn: id('Burn(address,uint256,uint256,address)'),
  upgraded: id('Upgraded(address)'),
} as const;

export const SUMMARY_TOPICS: readonly string[] = Object.values(TOPICS);

/** A stored log: [log_index, address, topic0, topic1, topic2, topic3, data]. */
export type LogTuple = [number, string, string | null, string | null, string | null, string | null, string];

export type ChainEvent =
  | { e: 'transfer'; i: number; token: string; from: string; to: string; value: bigint; tokenId: string | null }
  | { e: 'approval'; i: number; token: string; owner: string; spender: string; value: bigint }
  | { e: 'swap'; i: number; pool: string; in0: bigint; in1: bigint; out0: bigint; out1: bigint; to: string }
  | { e: 'mint' | 'burn'; i: number; pool: string; amount0: bigint; amount1: bigint }
  | { e: 'upgraded'; i: number; proxy: string; implementation: string };

const coder = AbiCoder.defaultAbiCoder();
const topicAddress = (t: string | null): string | null => (t && t.length === 66 ? `0x${t.slice(26)}`.toLowerCase() : null);
const words = (data: string, n: number): bigint[] | null => {
  const hex = data.startsWith('0x') ? data.slice(2) : data;
  if (hex.length < n * 64) return null;
  return Array.from({ length: n }, (_, k) => BigInt(`0x${hex.slice(k * 64, k * 64 + 64)}`));
};

function erc1155(log: LogTuple, batch: boolean): ChainEvent[] {
  const [i, address, , , t2, t3, data] = log;
  const from = topicAddress(t2);
  const to = topicAddress(t3);
  if (!from || !to) return [];
  try {
    const [ids, values] = batch
      ? (coder.decode(['uint256[]', 'uint256[]'], data) as unknown as [bigint[], bigint[]])
      : (coder.decode(['uint256', 'uint256'], data).map((x: bigint) => [x]) as [bigint[], bigint[]]);
    return ids.map((tokenId, k) => ({ e: 'transfer', i, token: address, from, to, value: values[k] ?? 0n, tokenId: tokenId.toString() }));
  } catch {
    return [];
  }
}

/** The events of one transaction's logs, in log order; logs of other shapes are skipped. */
export function parseEvents(logs: LogTuple[]): ChainEvent[] {
  const out: ChainEvent[] = [];
  for (const log of logs) {
    const [i, rawAddress, topic0, t1, t2, t3, data] = log;
    const address = rawAddress.toLowerCase();
    const a1 = topicAddress(t1);
    const a2 = topicAddress(t2);
    switch (topic0?.toLowerCase()) {
      case TOPICS.transfer:
        if (a1 && a2 && t3) out.push({ e: 'transfer', i, token: address, from: a1, to: a2, value: 1n, tokenId: BigInt(t3).toString() });
        else if (a1 && a2)
          out.push({ e: 'transfer', i, token: address, from: a1, to: a2, value: words(data, 1)?.[0] ?? 0n, tokenId: null });
        break;
      case TOPICS.approval: {
        const value = words(data, 1)?.[0];
        // ERC-721's Approval names a token id in topic3 and no amount: not an allowance.
        if (a1 && a2 && !t3 && value !== undefined) out.push({ e: 'approval', i, token: address, owner: a1, spender: a2, value });
        break;
      }
      case TOPICS.transferSingle:
      case TOPICS.transferBatch:
        out.push(...erc1155(log, topic0?.toLowerCase() === TOPICS.transferBatch));
        break;
      case TOPICS.swap: {
        const w = words(data, 4);
        if (w && a2) out.push({ e: 'swap', i, pool: address, in0: w[0]!, in1: w[1]!, out0: w[2]!, out1: w[3]!, to: a2 });
        break;
      }
      case TOPICS.mintV2:
      case TOPICS.mintWithTo:
      case TOPICS.burn: {
        const w = words(data, 2);
        if (w) out.push({ e: topic0?.toLowerCase() === TOPICS.burn ? 'burn' : 'mint', i, pool: address, amount0: w[0]!, amount1: w[1]! });
        break;
      }
      case TOPICS.upgraded:
        if (a1) out.push({ e: 'upgraded', i, proxy: address, implementation: a1 });
        break;
    }
  }
  return out;
}
