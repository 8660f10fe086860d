/**
 * ERC-1155 transfers: a `TransferSingle(operator, from, to, id, value)` log becomes one
 * token_transfers row (token id and amount), a `TransferBatch(operator, from, to, ids[], values[])`
 * one row per id, told apart by `batch_index` (018_erc1155_transfers.sql). Mints come from the
 * zero address, burns go to it, as with ERC-721. A malformed log (ids and values of different
 * lengths, short data) gives no row.
 */
import { AbiCoder } from 'ethers';
import { TRANSFER_BATCH_TOPIC, TRANSFER_SINGLE_TOPIC } from './nftKind';
import { logTransferBase } from './rowBuilders';
import type { RawLog } from '../chain/types';
import type { TransferRow } from './rowTypes';

const coder = AbiCoder.defaultAbiCoder();
/** A batch with more ids than this is stored up to it (a guard against a log built to flood the table). */
export const MAX_BATCH_IDS = 1_000;

export function isErc1155Transfer(topics: readonly string[]): boolean {
  const t0 = topics[0]?.toLowerCase();
  return topics.length === 4 && (t0 === TRANSFER_SINGLE_TOPIC || t0 === TRANSFER_BATCH_TOPIC);
}

/** The rows of one TransferSingle / TransferBatch log (topics checked with isErc1155Transfer). */
export function erc1155Rows(log: RawLog, logIndex: number, txHash: string, txIndex: number, n: number, ts: number): TransferRow[] {
  const t = log.topics;
  const base = logTransferBase(log, logIndex, txHash, txIndex, n, ts, t[2], t[3]);
  try {
    if (t[0]?.toLowerCase() === TRANSFER_SINGLE_TOPIC) {
      const [id, value] = coder.decode(['uint256', 'uint256'], log.data) as unknown as [bigint, bigint];
      return [{ ...base, value, tokenId: id, batchIndex: 0 }];
    }
    const [ids, values] = coder.decode(['uint256[]', 'uint256[]'], log.data) as unknown as [bigint[], bigint[]];
    if (ids.length !== values.length) return [];
    return ids.slice(0, MAX_BATCH_IDS).map((id, i) => ({ ...base, value: values[i] as bigint, tokenId: id, batchIndex: i }));
  } catch {
    return [];
  }
}
