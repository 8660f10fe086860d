/**
 * Per-row builders of the indexer's pure step (transform.ts): one fetched block, transaction or
 * Transfer log → its row, with the quantities read from the node's hex. No I/O, no state.
 */
import type { Interface } from 'ethers';
import { TX_TYPE } from '../../common/txTypes';
import type { RawBlock, RawLog, RawReceipt } from '../chain/types';
import type { BlockSummary } from '../events';
import { decodeCall, SELECTOR } from './decode';
import type { BlockRow, KnownContracts, TransferRow, TxRow } from './rowTypes';

type RawTx = RawBlock['transactions'][number];

export const big = (h: string | undefined | null): bigint => (h ? BigInt(h) : 0n);
/** Small quantities (block numbers, indexes, nonces, status): Number() reads 0x hex exactly below 2^53. */
export const num = (h: string | undefined | null): number => (h ? Number(h) : 0);
export const low = (a: string | null | undefined): string | null => (a ? a.toLowerCase() : null);
/** The address in an indexed event topic (its last 20 bytes). */
export const topicAddress = (t: string | undefined): string => `0x${(t ?? '').slice(26).toLowerCase()}`;

export function blockRow(block: RawBlock, traced: boolean): BlockRow {
  return {
    number: num(block.number),
    hash: block.hash.toLowerCase(),
    parentHash: block.parentHash.toLowerCase(),
    miner: block.miner.toLowerCase(),
    timestamp: num(block.timestamp),
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
  };
}

function classify(tx: RawTx, known: KnownContracts): number {
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

/** The row of the transaction at `txIndex` of block `n`, with its receipt's outcome and fee. */
export function txRow(tx: RawTx, r: RawReceipt, txIndex: number, n: number, ts: number, known: KnownContracts): TxRow {
  const to = low(tx.to);
  const gasUsed = big(r.gasUsed);
  const effectiveGasPrice = big(r.effectiveGasPrice ?? tx.gasPrice);
  const txType = classify(tx, known);
  const decoded = to ? decodeCall(tx.input, known.abi(to) ? [known.abi(to) as Interface] : []) : null;
  return {
    hash: tx.hash.toLowerCase(),
    blockNumber: n,
    txIndex,
    timestamp: ts,
    from: tx.from.toLowerCase(),
    to,
    contractAddress: low(r.contractAddress),
    value: big(tx.value),
    gas: big(tx.gas),
    gasPrice: tx.gasPrice ? big(tx.gasPrice) : null,
    maxFeePerGas: tx.maxFeePerGas ? big(tx.maxFeePerGas) : null,
    maxPriorityFeePerGas: tx.maxPriorityFeePerGas ? big(tx.maxPriorityFeePerGas) : null,
    effectiveGasPrice,
    gasUsed,
    fee: gasUsed * effectiveGasPrice,
    nonce: num(tx.nonce),
    input: tx.input ?? '0x',
    status: r.status === undefined ? 1 : num(r.status),
    envelopeType: num(tx.type),
    chainId: tx.chainId ? num(tx.chainId) : null,
    v: tx.v ?? null,
    r: tx.r ?? null,
    s: tx.s ?? null,
    txType,
    method: txType === TX_TYPE.contractCreate ? 'Contract Creation' : (decoded?.method ?? null),
    decodedInput: decoded?.decodedInput ?? null,
    tokenAddress: txType === TX_TYPE.tokenTransfer ? to : null,
  };
}

/**
 * The fields every transfer row of a log shares (block, transaction, log index, token, from, to):
 * one builder for the ERC-20 / ERC-721 Transfer rows here and the ERC-1155 rows (erc1155.ts).
 */
export function logTransferBase(
  log: RawLog,
  logIndex: number,
  txHash: string,
  txIndex: number,
  n: number,
  ts: number,
  fromTopic: string | undefined,
  toTopic: string | undefined,
): Omit<TransferRow, 'value' | 'tokenId' | 'batchIndex'> {
  return {
    blockNumber: n,
    logIndex,
    txHash,
    txIndex,
    timestamp: ts,
    token: log.address.toLowerCase(),
    from: topicAddress(fromTopic),
    to: topicAddress(toTopic),
  };
}

/** The transfer of a Transfer log (topics checked by the caller): an NFT's when it has 4 topics. */
export function transferRow(log: RawLog, logIndex: number, txHash: string, txIndex: number, n: number, ts: number): TransferRow {
  const t = log.topics;
  const isNft = t.length === 4;
  return {
    ...logTransferBase(log, logIndex, txHash, txIndex, n, ts, t[1], t[2]),
    value: isNft ? 1n : big(log.data === '0x' ? '0x0' : log.data.slice(0, 66)),
    tokenId: isNft ? big(t[3]) : null,
  };
}

/** At most this many of a batch's blocks ride on its event (the newest): the API's latest-blocks list is 20. */
export const EVENT_SUMMARIES = 20;

/** The event's summaries of a batch's newest blocks (server/events.ts BlockSummary), oldest first. */
export function batchSummaries(rows: readonly BlockRow[]): BlockSummary[] {
  return rows.slice(-EVENT_SUMMARIES).map((b) => ({
    number: b.number,
    hash: b.hash,
    parentHash: b.parentHash,
    miner: b.miner,
    timestamp: b.timestamp,
    size: b.size,
    gasUsed: b.gasUsed.toString(),
    txCount: b.txCount,
  }));
}
