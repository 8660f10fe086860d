/**
 * module=logs&action=getLogs: fromBlock / toBlock (numbers or "latest"), address, topic0..3 and
 * topicX_Y_opr (and | or), page / offset (at most 1,000 per call, as Etherscan).
 * Shape: Etherscan's "Event Logs" sample answer. Unlike the other modules, Etherscan gives the
 * numbers here as hex quantities, and zero as a bare "0x" (logIndex, transactionIndex of the
 * block's first ones): clients that read Etherscan's logs expect exactly that.
 *
 * The answer's JSON is built by the database (queries/etherscanLogsJson.ts) and kept by the hash
 * of the range's highest stored block (logsCache.ts): a repeated request over a range below the
 * head costs one index lookup. The row path below stays for gas values past a bigint.
 */
import type { ApiContext } from '../context';
import { etherscanLogs, type EsLogRow, type LogFilter } from '../queries/etherscanLogs';
import { etherscanLogsJson, topBlockHash } from '../queries/etherscanLogsJson';
import {
  empty,
  ES_ERRORS,
  EtherscanError,
  list,
  NO_RECORDS,
  optionalAddress,
  pagingOf,
  RawJson,
  type ActionTable,
  type EtherscanAnswer,
  type Params,
} from './common';
import { LogsCache } from './logsCache';

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

/** One answer cache per API (its database). */
const caches = new WeakMap<ApiContext, LogsCache>();
function cacheOf(ctx: ApiContext): LogsCache {
  let c = caches.get(ctx);
  if (!c) caches.set(ctx, (c = new LogsCache()));
  return c;
}

async function getLogs(ctx: ApiContext, filter: LogFilter): Promise<RawJson | EtherscanAnswer> {
  const key = JSON.stringify(filter);
  const cache = cacheOf(ctx);
  const top = await topBlockHash(ctx, filter.toBlock);
  if (top === null) return empty(NO_RECORDS);
  const hit = cache.get(`${key}@${top}`);
  if (hit !== undefined) return new RawJson(hit);
  const got = await etherscanLogsJson(ctx, filter);
  if (!got.fits) return list((await etherscanLogs(ctx, filter)).map(logRow), NO_RECORDS);
  const text = got.items === null ? JSON.stringify(empty(NO_RECORDS)) : `{"status":"1","message":"OK","result":[${got.items}]}`;
  if (got.topHash !== null) cache.set(`${key}@${got.topHash}`, text);
  return new RawJson(text);
}

export const logsActions: ActionTable = {
  async getlogs(ctx, p) {
    const filter = filterOf(p);
    if (filter.address === null && filter.topics.every((t) => t === null)) throw new EtherscanError(ES_ERRORS.address);
    return getLogs(ctx, filter);
  },
};
