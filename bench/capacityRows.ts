/**
 * Synthetic chain rows for the capacity plan (bench/capacity.ts), as COPY text, shaped like the
 * indexer's rows (server/indexer/writeChainRows.ts): 0x hex hashes and addresses, numeric wei, the spec's
 * transaction type codes. Deterministic for a given seed, so two runs store the same bytes.
 *
 * The mix per transaction (an assumption, stated in docs/capacity.md):
 *   40% coin transfers  — input '0x', no log;
 *   35% token transfers — transfer(address,uint256) (138 hex chars), 1 Transfer log, 1 token transfer;
 *   25% contract calls  — a swap (458 hex chars), 3 logs (2 Transfers + a Swap event), 2 token
 *                         transfers, 1 internal call.
 * So 1.1 logs, 0.85 token transfers, 0.25 internal calls and about 2 address rows per transaction.
 * Senders: 2% of all transactions come from one hot address (an exchange's wallet: it gets about
 * 200,000 transactions at 10 million, 10,000 pages of 20), the rest from `addressCount` addresses.
 */
import { TX_TYPE } from '../common/txTypes';
import { TRANSFER_TOPIC } from '../server/indexer/decode';
import { CHAIN_ROW_COLUMNS } from '../server/indexer/writeChainRows';
import { Bytes } from './lib/bytes';

export const TXS_PER_BLOCK = 100;
export const GENESIS_TIME = 1_700_000_000;
export { TRANSFER_TOPIC };
const SWAP_TOPIC = '0xd78ad95fa46c994b6551d0da85fc275fe613ce37657fb8d5e3d130840159d822';

export interface ChunkText {
  blocks: string;
  transactions: string;
  address_transactions: string;
  logs: string;
  token_transfers: string;
  internal_transactions: string;
  txs: number;
}

/**
 * The columns of each table's COPY: the indexer's own (CHAIN_ROW_COLUMNS), without blocks.traced
 * (its default, true, is what the synthetic rows would say).
 */
export const COPY_COLUMNS: Record<Exclude<keyof ChunkText, 'txs'>, readonly string[]> = {
  blocks: CHAIN_ROW_COLUMNS.blocks.filter((c) => c !== 'traced'),
  transactions: CHAIN_ROW_COLUMNS.transactions,
  address_transactions: CHAIN_ROW_COLUMNS.address_transactions,
  logs: CHAIN_ROW_COLUMNS.logs,
  token_transfers: CHAIN_ROW_COLUMNS.token_transfers,
  internal_transactions: CHAIN_ROW_COLUMNS.internal_transactions,
};

export interface Population {
  hot: string;
  addresses: string[];
  tokens: string[];
  pools: string[];
}

/** The address population: one hot sender, `addressCount` accounts, 200 tokens, 50 DEX pools. */
export function population(seed: string, addressCount: number): Population {
  const b = new Bytes(`${seed}:population`);
  const addr = (): string => `0x${b.hex(20)}`;
  return {
    hot: addr(),
    addresses: Array.from({ length: addressCount }, addr),
    tokens: Array.from({ length: 200 }, addr),
    pools: Array.from({ length: 50 }, addr),
  };
}

const word = (hex40: string): string => hex40.slice(2).padStart(64, '0');
const N = '\\N';

/** The rows of blocks [first, first + count), TXS_PER_BLOCK transactions each. */
export function chunkRows(seed: string, pop: Population, first: number, count: number): ChunkText {
  const b = new Bytes(`${seed}:blocks:${first}`);
  const out = {
    blocks: [] as string[],
    transactions: [] as string[],
    address_transactions: [] as string[],
    logs: [] as string[],
    token_transfers: [] as string[],
    internal_transactions: [] as string[],
  };
  const pick = (): string => (b.int(50) === 0 ? pop.hot : (pop.addresses[b.int(pop.addresses.length)] as string));
  for (let n = first; n < first + count; n++) {
    const ts = GENESIS_TIME + n * 12;
    const blockHash = `0x${b.hex(24)}${n.toString(16).padStart(16, '0')}`;
    out.blocks.push(
      [
        n,
        blockHash,
        `0x${b.hex(32)}`,
        pick(),
        ts,
        40_000,
        12_000_000,
        30_000_000,
        7,
        0,
        0,
        '0x0000000000000000',
        '0x',
        `0x${b.hex(32)}`,
        `0x${b.hex(32)}`,
        `0x${b.hex(32)}`,
        `0x${b.hex(32)}`,
        TXS_PER_BLOCK,
      ].join('\t'),
    );
    let logIndex = 0;
    for (let i = 0; i < TXS_PER_BLOCK; i++) {
      // Unique by construction: the block number and index close the hash.
      const hash = `0x${b.hex(26)}${n.toString(16).padStart(8, '0')}${i.toString(16).padStart(4, '0')}`;
      const from = pick();
      const kind = b.int(20); // 0-7 coin, 8-14 token, 15-19 call
      let to: string;
      let input = '0x';
      let txType: number = TX_TYPE.coinTransfer;
      let method: string = N;
      let decoded: string = N;
      let token: string = N;
      let value = `${1 + b.int(1_000_000)}000000000000`;
      if (kind < 8) {
        to = pick();
      } else if (kind < 15) {
        token = pop.tokens[b.int(pop.tokens.length)] as string;
        to = token;
        txType = TX_TYPE.tokenTransfer;
        method = 'transfer';
        value = '0';
        const recipient = pick();
        const amount = `${1 + b.int(1_000_000)}000000000000000000`;
        input = `0xa9059cbb${word(recipient)}${BigInt(amount).toString(16).padStart(64, '0')}`;
        decoded = JSON.stringify([{ _to: recipient, _value: amount }]);
        out.logs.push(
          [
            n,
            logIndex,
            hash,
            i,
            token,
            TRANSFER_TOPIC,
            `0x${word(from)}`,
            `0x${word(recipient)}`,
            N,
            `0x${BigInt(amount).toString(16).padStart(64, '0')}`,
          ].join('\t'),
        );
        out.token_transfers.push([n, logIndex++, hash, i, ts, token, from, recipient, amount, N].join('\t'));
      } else {
        const pool = pop.pools[b.int(pop.pools.length)] as string;
        to = pool;
        txType = TX_TYPE.contractCall;
        method = 'swapExactTokensForTokens';
        value = '0';
        const tIn = pop.tokens[b.int(pop.tokens.length)] as string;
        const tOut = pop.tokens[b.int(pop.tokens.length)] as string;
        input = `0x38ed1739${b.hex(32)}${b.hex(32)}${'0'.repeat(62)}a0${word(from)}${b.hex(32)}${'0'.repeat(63)}2${word(tIn)}${word(tOut)}`;
        decoded = JSON.stringify([{ amount: '1000', to: from, path: [tIn, tOut], amountOutMin: '1' }]);
        for (const [tok, src, dst] of [
          [tIn, from, pool],
          [tOut, pool, from],
        ] as const) {
          out.logs.push([n, logIndex, hash, i, tok, TRANSFER_TOPIC, `0x${word(src)}`, `0x${word(dst)}`, N, `0x${b.hex(32)}`].join('\t'));
          out.token_transfers.push([n, logIndex++, hash, i, ts, tok, src, dst, `${1 + b.int(1_000_000)}000000000000`, N].join('\t'));
        }
        out.logs.push([n, logIndex++, hash, i, pool, SWAP_TOPIC, `0x${word(from)}`, `0x${word(from)}`, N, `0x${b.hex(128)}`].join('\t'));
        out.internal_transactions.push(
          [n, hash, i, 1, ts, '0', 'call', pool, tIn, 0, 60_000, 31_000, `0x23b872dd${b.hex(96)}`, `0x${'0'.repeat(63)}1`, N].join('\t'),
        );
      }
      const gasUsed = txType === TX_TYPE.coinTransfer ? 21_000 : txType === TX_TYPE.tokenTransfer ? 52_000 : 140_000;
      const fee = gasUsed * 1_000_000_007;
      out.transactions.push(
        [
          hash,
          n,
          i,
          ts,
          from,
          to,
          N,
          value,
          gasUsed + 20_000,
          1_000_000_007,
          2_000_000_000,
          1_000_000_000,
          1_000_000_007,
          gasUsed,
          fee,
          b.int(100_000),
          input,
          1,
          2,
          18215,
          '0x1',
          `0x${b.hex(32)}`,
          `0x${b.hex(32)}`,
          txType,
          method,
          decoded,
          token,
        ].join('\t'),
      );
      out.address_transactions.push([from, n, i, hash].join('\t'));
      if (to !== from) out.address_transactions.push([to, n, i, hash].join('\t'));
    }
  }
  const text = (rows: string[]): string => (rows.length === 0 ? '' : `${rows.join('\n')}\n`);
  return {
    blocks: text(out.blocks),
    transactions: text(out.transactions),
    address_transactions: text(out.address_transactions),
    logs: text(out.logs),
    token_transfers: text(out.token_transfers),
    internal_transactions: text(out.internal_transactions),
    txs: count * TXS_PER_BLOCK,
  };
}
