/**
 * module=logs&action=getLogs: fromBlock / toBlock (numbers or "latest"), address, topic0..3 and
 * topicX_Y_opr (and | or), page / offset (at most 1,000 per call, as Etherscan).
 * Shape: Etherscan's "Event Logs" sample answer. Unlike the other modules, Etherscan gives the
 * numbers here as hex quantities, and zero as a bare "0x" (logIndex, transactionIndex of the
 * block's first ones): clients that read Etherscan's logs expect exactly that.
 */
import { etherscanLogs, type EsLogRow, type LogFilter } from '../queries/etherscanLogs';
import { ES_ERRORS, EtherscanError, list, NO_RECORDS, optionalAddress, pagingOf, type ActionTable, type Params } from './common';

/** Etherscan caps getLogs at 1,000 records per call. */
export const LOGS_PER_CALL = 1000;
const TOPIC = /^0x[0-9a-fA-F]{64}$/;
const PAIRS = ['0_1', '0_2', '0_3', '1_2', '1_3', '2_3'] as const;

/** Etherscan's hex: 0 is "0x". */
export const esHex = (n: number | bigint | string): string => {
  const v = BigInt(n);
  return v === 0n ? '0x' : `0x${v.toString(16)}`;
};

function filterOf(p: Params): LogFilter {
  const paging = pagingOf(p, { maxOffset: LOGS_PER_CALL, fromName: 'fromblock', toName: 'toblock' });
  const topics = [0, 1, 2, 3].map((i) => {
    const t = (p[`topic${i}`] ?? '').trim();
    if (t === '') return null;
    if (!TOPIC.test(t)) throw new EtherscanError(ES_ERRORS.topic);
    return t.toLowerCase();
  });
  const oprs: Record<string, 'and' | 'or'> = {};
  for (const pair of PAIRS) {
    const raw = (p[`topic${pair}_opr`] ?? '').trim().toLowerCase();
    if (raw === '') continue;
    if (raw !== 'and' && raw !== 'or') throw new EtherscanError(ES_ERRORS.topicOpr);
    oprs[pair] = raw;
  }
  return {
    fromBlock: paging.startBlock,
    toBlock: paging.endBlock,
    address: optionalAddress(p, 'address'),
    topics,
    oprs,
    skip: paging.skip,
    limit: paging.limit,
  };
}

function logRow(r: EsLogRow) {
  return {
    address: r.address,
    topics: [r.topic0, r.topic1, r.topic2, r.topic3].filter((t): t is string => t !== null),
    data: r.data,
    blockNumber: esHex(r.block_number),
    blockHash: r.block_hash,
    timeStamp: esHex(r.timestamp),
    gasPrice: esHex(r.gas_price),
    gasUsed: esHex(r.gas_used),
    logIndex: esHex(r.log_index),
    transactionHash: r.tx_hash,
    transactionIndex: esHex(r.tx_index),
  };
}

export const logsActions: ActionTable = {
  async getlogs(ctx, p) {
    const filter = filterOf(p);
    if (filter.address === null && filter.topics.every((t) => t === null)) throw new EtherscanError(ES_ERRORS.address);
    return list((await etherscanLogs(ctx, filter)).map(logRow), NO_RECORDS);
  },
};
