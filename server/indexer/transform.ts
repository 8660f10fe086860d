/**
 * Pure step of the indexer: fetched blocks (+ what is known about contracts) → the rows to write
 * and the deltas to add to running aggregates. No I/O here, so it is unit-testable and cheap.
 */
import type { Interface } from 'ethers';
import { TX_TYPE } from '../../common/txTypes';
import type { RawBlock, RawReceipt } from '../chain/types';
import { decodeCall, SELECTOR, TRANSFER_TOPIC } from './decode';
import { holderKey, isRealHolder, type HolderKey } from './holderKey';
import { withdrawalRows, type WithdrawalRow } from './withdrawals';
import type { InternalCall } from './traces';

export interface FetchedBlock {
  block: RawBlock;
  receipts: RawReceipt[];
  internal: InternalCall[];
  /** Whether traces were fetched for this block: false on a node without traces (issue #28). */
  traced: boolean;
}

export interface KnownContracts {
  isContract(address: string): boolean;
  isToken(address: string): boolean;
  abi(address: string): Interface | undefined;
}

const big = (h: string | undefined | null): bigint => (h ? BigInt(h) : 0n);
/** Small quantities (block numbers, indexes, nonces, status): Number() reads 0x hex exactly below 2^53. */
const num = (h: string | undefined | null): number => (h ? Number(h) : 0);
const low = (a: string | null | undefined): string | null => (a ? a.toLowerCase() : null);
const topicAddress = (t: string | undefined): string => `0x${(t ?? '').slice(26).toLowerCase()}`;

export interface BlockRow {
  number: number;
  hash: string;
  parentHash: string;
  miner: string;
  timestamp: number;
  size: number;
  gasUsed: bigint;
  gasLimit: bigint;
  baseFeePerGas: bigint | null;
  difficulty: bigint;
  totalDifficulty: bigint | null;
  nonce: string | null;
  extraData: string | null;
  mixHash: string | null;
  receiptsRoot: string | null;
  sha3Uncles: string | null;
  stateRoot: string | null;
  txCount: number;
  traced: boolean;
}

export interface TxRow {
  hash: string;
  blockNumber: number;
  txIndex: number;
  timestamp: number;
  from: string;
  to: string | null;
  contractAddress: string | null;
  value: bigint;
  gas: bigint;
  gasPrice: bigint | null;
  maxFeePerGas: bigint | null;
  maxPriorityFeePerGas: bigint | null;
  effectiveGasPrice: bigint;
  gasUsed: bigint;
  fee: bigint;
  nonce: number;
  input: string;
  status: number;
  envelopeType: number;
  chainId: number | null;
  v: string | null;
  r: string | null;
  s: string | null;
  txType: number;
  method: string | null;
  decodedInput: unknown;
  tokenAddress: string | null;
}

export interface LogRow {
  blockNumber: number;
  logIndex: number;
  txHash: string;
  txIndex: number;
  address: string;
  topics: (string | null)[];
  data: string;
}

export interface TransferRow {
  blockNumber: number;
  logIndex: number;
  txHash: string;
  txIndex: number;
  timestamp: number;
  token: string;
  from: string;
  to: string;
  value: bigint;
  tokenId: bigint | null;
}

export interface CreatedContract {
  address: string;
  blockNumber: number;
  txHash: string;
  creator: string;
  timestamp: number;
}

export interface BatchRows {
  blocks: BlockRow[];
  txs: TxRow[];
  addressTxs: { address: string; blockNumber: number; txIndex: number; hash: string }[];
  logs: LogRow[];
  transfers: TransferRow[];
  internal: (InternalCall & { blockNumber: number; timestamp: number })[];
  created: CreatedContract[];
  withdrawals: WithdrawalRow[];
  /** Addresses whose coin balance may have changed. */
  touched: Set<string>;
  /** (token, holder) pairs whose token balance may have changed. */
  tokenHolders: Set<HolderKey>;
  addressDeltas: Map<string, { txCount: number; gasUsed: bigint; firstBlock: number; lastBlock: number }>;
  hourly: Map<number, { txCount: number; totalFee: bigint; tokenTx: number; contractTx: number }>;
  contractDeltas: Map<string, { txCount: number; transferCount: number }>;
}

/** Contracts created in these blocks, by a transaction or internally, in chain order. */
export function createdContracts(blocks: FetchedBlock[]): CreatedContract[] {
  const out: CreatedContract[] = [];
  for (const { block, receipts, internal } of blocks) {
    const ts = num(block.timestamp);
    const n = num(block.number);
    block.transactions.forEach((tx, i) => {
      const r = receipts[i];
      if (!tx.to && r?.contractAddress && big(r.status ?? '0x1') === 1n) {
        out.push({
          address: r.contractAddress.toLowerCase(),
          blockNumber: n,
          txHash: tx.hash.toLowerCase(),
          creator: tx.from.toLowerCase(),
          timestamp: ts,
        });
      }
    });
    for (const c of internal) {
      const r = receipts[c.txIndex];
      if (c.createdAddress && !c.error && big(r?.status ?? '0x1') === 1n) {
        out.push({ address: c.createdAddress, blockNumber: n, txHash: c.txHash, creator: c.from, timestamp: ts });
      }
    }
  }
  return out;
}

function classify(tx: RawBlock['transactions'][number], known: KnownContracts): number {
  if (!tx.to) return TX_TYPE.contractCreate;
  const to = tx.to.toLowerCase();
  const input = tx.input ?? '0x';
  if (known.isToken(to)) {
    const sel = input.slice(0, 10).toLowerCase();
    if (sel === SELECTOR.transfer || sel === SELECTOR.transferFrom) return TX_TYPE.tokenTransfer;
  }
  if (input === '0x' && !known.isContract(to)) return TX_TYPE.coinTransfer;
  if (input === '0x' || input === '') return known.isContract(to) ? TX_TYPE.contractCall : TX_TYPE.coinTransfer;
  return TX_TYPE.contractCall;
}

export function transform(blocks: FetchedBlock[], known: KnownContracts): BatchRows {
  const out: BatchRows = {
    blocks: [],
    txs: [],
    addressTxs: [],
    logs: [],
    transfers: [],
    internal: [],
    created: createdContracts(blocks),
    withdrawals: [],
    touched: new Set(),
    tokenHolders: new Set(),
    addressDeltas: new Map(),
    hourly: new Map(),
    contractDeltas: new Map(),
  };
  const addrDelta = (a: string, n: number) => {
    let d = out.addressDeltas.get(a);
    if (!d) out.addressDeltas.set(a, (d = { txCount: 0, gasUsed: 0n, firstBlock: n, lastBlock: n }));
    d.lastBlock = Math.max(d.lastBlock, n);
    d.firstBlock = Math.min(d.firstBlock, n);
    return d;
  };
  const contractDelta = (a: string) => {
    let d = out.contractDeltas.get(a);
    if (!d) out.contractDeltas.set(a, (d = { txCount: 0, transferCount: 0 }));
    return d;
  };

  for (const { block, receipts, internal, traced } of blocks) {
    const n = num(block.number);
    const ts = num(block.timestamp);
    const miner = block.miner.toLowerCase();
    out.touched.add(miner);
    addrDelta(miner, n);
    for (const w of withdrawalRows(block)) {
      out.withdrawals.push(w);
      out.touched.add(w.address);
      addrDelta(w.address, n);
    }
    out.blocks.push({
      number: n,
      hash: block.hash.toLowerCase(),
      parentHash: block.parentHash.toLowerCase(),
      miner,
      timestamp: ts,
      size: num(block.size),
      gasUsed: big(block.gasUsed),
      gasLimit: big(block.gasLimit),
      baseFeePerGas: block.baseFeePerGas ? big(block.baseFeePerGas) : null,
      difficulty: big(block.difficulty),
      totalDifficulty: block.totalDifficulty ? big(block.totalDifficulty) : null,
      nonce: block.nonce ?? null,
      extraData: block.extraData ?? null,
      mixHash: block.mixHash ?? null,
      receiptsRoot: block.receiptsRoot ?? null,
      sha3Uncles: block.sha3Uncles ?? null,
      stateRoot: block.stateRoot ?? null,
      txCount: block.transactions.length,
      traced,
    });
    const hour = Math.floor(ts / 3600) * 3600;

    block.transactions.forEach((tx, i) => {
      const r = receipts[i];
      if (!r || r.transactionHash.toLowerCase() !== tx.hash.toLowerCase()) {
        throw new Error(`receipt missing or out of order for ${tx.hash} in block ${n}`);
      }
      const hash = tx.hash.toLowerCase();
      const from = tx.from.toLowerCase();
      const to = low(tx.to);
      const gasUsed = big(r.gasUsed);
      const effectiveGasPrice = big(r.effectiveGasPrice ?? tx.gasPrice);
      const fee = gasUsed * effectiveGasPrice;
      const status = r.status === undefined ? 1 : num(r.status);
      const txType = classify(tx, known);
      const decoded = to ? decodeCall(tx.input, known.abi(to) ? [known.abi(to) as Interface] : []) : null;
      const contractAddress = low(r.contractAddress);
      out.txs.push({
        hash,
        blockNumber: n,
        txIndex: i,
        timestamp: ts,
        from,
        to,
        contractAddress,
        value: big(tx.value),
        gas: big(tx.gas),
        gasPrice: tx.gasPrice ? big(tx.gasPrice) : null,
        maxFeePerGas: tx.maxFeePerGas ? big(tx.maxFeePerGas) : null,
        maxPriorityFeePerGas: tx.maxPriorityFeePerGas ? big(tx.maxPriorityFeePerGas) : null,
        effectiveGasPrice,
        gasUsed,
        fee,
        nonce: num(tx.nonce),
        input: tx.input ?? '0x',
        status,
        envelopeType: num(tx.type),
        chainId: tx.chainId ? num(tx.chainId) : null,
        v: tx.v ?? null,
        r: tx.r ?? null,
        s: tx.s ?? null,
        txType,
        method: txType === TX_TYPE.contractCreate ? 'Contract Creation' : (decoded?.method ?? null),
        decodedInput: decoded?.decodedInput ?? null,
        tokenAddress: txType === TX_TYPE.tokenTransfer ? to : null,
      });
      const other = to ?? contractAddress;
      for (const a of other && other !== from ? [from, other] : [from]) {
        out.addressTxs.push({ address: a, blockNumber: n, txIndex: i, hash });
        addrDelta(a, n).txCount += 1;
        out.touched.add(a);
      }
      addrDelta(from, n).gasUsed += gasUsed;
      if (to && known.isContract(to)) contractDelta(to).txCount += 1;
      const h = out.hourly.get(hour) ?? { txCount: 0, totalFee: 0n, tokenTx: 0, contractTx: 0 };
      h.txCount += 1;
      h.totalFee += fee;
      if (txType === TX_TYPE.tokenTransfer) h.tokenTx += 1;
      if (txType === TX_TYPE.contractCall || txType === TX_TYPE.contractCreate) h.contractTx += 1;
      out.hourly.set(hour, h);

      for (const log of r.logs) {
        const logIndex = num(log.logIndex);
        const address = log.address.toLowerCase();
        const t = log.topics;
        out.logs.push({
          blockNumber: n,
          logIndex,
          txHash: hash,
          txIndex: i,
          address,
          topics: [t[0] ?? null, t[1] ?? null, t[2] ?? null, t[3] ?? null],
          data: log.data,
        });
        if (t[0]?.toLowerCase() === TRANSFER_TOPIC && t.length >= 3) {
          const isNft = t.length === 4;
          const tFrom = topicAddress(t[1]);
          const tTo = topicAddress(t[2]);
          out.transfers.push({
            blockNumber: n,
            logIndex,
            txHash: hash,
            txIndex: i,
            timestamp: ts,
            token: address,
            from: tFrom,
            to: tTo,
            value: isNft ? 1n : big(log.data === '0x' ? '0x0' : log.data.slice(0, 66)),
            tokenId: isNft ? big(t[3]) : null,
          });
          contractDelta(address).transferCount += 1;
          if (!isNft) {
            out.tokenHolders.add(holderKey(address, tFrom));
            out.tokenHolders.add(holderKey(address, tTo));
          }
        }
      }
    });

    for (const c of internal) {
      // Spelled out: an object spread here was a third of transform()'s time.
      out.internal.push({
        txIndex: c.txIndex,
        txHash: c.txHash,
        traceIndex: c.traceIndex,
        traceAddress: c.traceAddress,
        callType: c.callType,
        from: c.from,
        to: c.to,
        value: c.value,
        gas: c.gas,
        gasUsed: c.gasUsed,
        input: c.input,
        output: c.output,
        error: c.error,
        createdAddress: c.createdAddress,
        blockNumber: n,
        timestamp: ts,
      });
      if (c.value > 0n || c.createdAddress) {
        for (const a of [c.from, c.to]) {
          if (!a) continue;
          out.touched.add(a);
          addrDelta(a, n);
        }
      }
    }
  }
  // The zero address is mint/burn bookkeeping, not a holder.
  for (const key of out.tokenHolders) if (!isRealHolder(key)) out.tokenHolders.delete(key);
  return out;
}

/**
 * The addresses and (token, holder) pairs of a batch whose balances may have changed: exactly
 * transform()'s `touched` and `tokenHolders`, without the rest of its work (no decoding), so the
 * fetch stage can prefetch balances before earlier batches are processed. Neither set depends on
 * which contracts are known.
 */
export function balanceKeys(blocks: FetchedBlock[]): { touched: Set<string>; tokenHolders: Set<HolderKey> } {
  const touched = new Set<string>();
  const tokenHolders = new Set<HolderKey>();
  for (const { block, receipts, internal } of blocks) {
    touched.add(block.miner.toLowerCase());
    for (const w of block.withdrawals ?? []) touched.add(w.address.toLowerCase());
    block.transactions.forEach((tx, i) => {
      const r = receipts[i];
      touched.add(tx.from.toLowerCase());
      const target = low(tx.to) ?? low(r?.contractAddress);
      if (target) touched.add(target);
      for (const log of r?.logs ?? []) {
        const t = log.topics;
        if (t[0]?.toLowerCase() === TRANSFER_TOPIC && t.length >= 3 && t.length !== 4) {
          const address = log.address.toLowerCase();
          tokenHolders.add(holderKey(address, topicAddress(t[1])));
          tokenHolders.add(holderKey(address, topicAddress(t[2])));
        }
      }
    });
    for (const c of internal) {
      if (c.value > 0n || c.createdAddress) {
        if (c.from) touched.add(c.from);
        if (c.to) touched.add(c.to);
      }
    }
  }
  for (const key of tokenHolders) if (!isRealHolder(key)) tokenHolders.delete(key);
  return { touched, tokenHolders };
}
