/**
 * module=logs&action=getLogs: fromBlock / toBlock (numbers or "latest"), address, topic0..3 and
 * topicX_Y_opr (and | or), page / offset (at most 1,000 per call, as Etherscan).
 * Shape: Etherscan's "Event Logs" sample answer. Unlike the other modules, Etherscan gives the
 * numbers here as hex quantities, and zero as a bare "0x" (logIndex, transactionIndex of the
 * block's first ones): clients that read Etherscan's logs expect exactly that.
 *
 * The answer's text is kept by the hash of the range's highest stored block (logsCache.ts): a
 * repeated request over a range below the head costs one index lookup. (Building the JSON in SQL
 * with string_agg was measured too: it moved the work to PostgreSQL, on the same cores, and cost
 * more there than it saved in Node; bench/README.md.)
 */
import type { ApiContext } from '../../core/context';
import { etherscanLogs, topBlockHash, type EsLogRow, type LogFilter } from '../../queries/etherscanLogs';
import {
  empty,
  ES_ERRORS,
  EtherscanError,
  NO_RECORDS,
  ok,
  optionalAddress,
  pagingOf,
  RawJson,
  type ActionTable,
  type EtherscanAnswer,
  type Params,
} from './common';
import { LogsCache } from './logsCache';
import { callerOf, workGate } from '../workGate';

/** Etherscan caps getLogs at 1,000 records per call. */
export const LOGS_PER_CALL = 1000;
const TOPIC = /^0x[0-9a-fA-F]{64}$/;
const PAIRS = ['0_1', '0_2', '0_3', '1_2', '1_3', '2_3'] as const;

/** Etherscan's hex: 0 is "0x". */
export const esHex = (n: number | bigint | string): string => {
  // Block numbers, indexes, timestamps and gas values under 2^53 without a BigInt (a thousand
  // rows of seven fields each per answer).
  if (typeof n === 'number' && Number.isSafeInteger(n) && n >= 0) return n === 0 ? '0x' : `0x${n.toString(16)}`;
  if (typeof n === 'string' && /^\d{1,15}$/.test(n)) return esHex(Number(n));
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
  const rows = await etherscanLogs(ctx, filter);
  if (rows.length === 0) {
    // Kept like a full answer: a filter matching nothing costs its scan once per head.
    // No block up to `top` holds such a log; a block added since then, had it held one, would
    // have made the rows non-empty.
    const text = JSON.stringify(empty(NO_RECORDS));
    cache.set(`${key}@${top}`, text);
    return new RawJson(text);
  }
  const text = JSON.stringify(ok(rows.map(logRow)));
  // The hash read by the same statement as the rows: the chain they were read from.
  cache.set(`${key}@${rows[0]!.top_hash}`, text);
  return new RawJson(text);
}

export const logsActions: ActionTable = {
  async getlogs(ctx, p, req) {
    const filter = filterOf(p);
    if (filter.address === null && filter.topics.every((t) => t === null)) throw new EtherscanError(ES_ERRORS.address);
    return workGate(ctx, 'getLogs').run(callerOf(req, ctx.config.rateLimit.exemptLoopback), () => getLogs(ctx, filter));
  },
};
