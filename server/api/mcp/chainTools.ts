/**
 * Tools on the chain's own records: a block, a transaction (with its summary and state changes),
 * event logs. Each reads through the REST API's query functions (queries/blocks.ts,
 * transactionDetail.ts, stateChanges.ts, etherscanLogs.ts): one code path per resource.
 */
import * as z from 'zod';
import { parseAddress } from '../../../common/address';
import { notFound, badRequest, ApiError } from '../../core/http';
import { parseBlockParam, parseHashParam } from '../../core/params';
import { BLOCK_TX_LIMIT, blockDetail } from '../../queries/blocks';
import { etherscanLogs } from '../../queries/etherscanLogs';
import { logItems } from '../../queries/logs';
import { inputData } from '../../services/inputData';
import { stateChanges } from '../../services/stateChanges';
import { transactionDetail } from '../../queries/transactionDetail';
import { indexedHead } from '../../queries/addresses';
import { rubyAddress } from '../../core/format';
import { workGate } from '../workGate';
import { guarded, pageInput, pageOf, paging, sizeInput, text, toolConfig, type ToolModule, type ToolScope } from './toolkit';

/** Rows of a transaction's own lists (token transfers, internal calls) given in full. */
export const TX_LIST_LIMIT = 100;
const TOPIC = /^0x[0-9a-fA-F]{64}$/;

async function getBlock({ ctx }: ToolScope, args: { block: string; page?: number | undefined; size?: number | undefined }) {
  const key = parseBlockParam(args.block.trim());
  const page = pageOf(args.page, args.size, 25);
  const found = await blockDetail(ctx, key);
  if (!found) throw notFound(`Block ${args.block.trim().slice(0, 80)} not found`);
  const shown = found.txs.slice(page.offset, page.offset + page.size);
  // blockDetail reads the block's first BLOCK_TX_LIMIT transactions: the pages go that far.
  const total = Math.min(found.block.totaltransaction, BLOCK_TX_LIMIT);
  return { block: found.block, transactions: shown, paging: paging(page, shown.length, total) };
}

/** What a busy or refused state-change computation says instead of the changes. */
async function changesOf(scope: ToolScope, hash: string) {
  try {
    return await workGate(scope.ctx, 'stateChanges').run(scope.caller, () => stateChanges(scope.ctx, hash));
  } catch (err) {
    if (err instanceof ApiError) return { unavailable: err.message };
    throw err;
  }
}

async function getTransaction(scope: ToolScope, args: { hash: string }) {
  const hash = parseHashParam(args.hash.trim());
  const detail = await transactionDetail(scope.ctx, hash);
  if (!detail) throw notFound(`Transaction ${hash} not found`);
  const [decoded, changes] = await Promise.all([inputData(scope.ctx, parseAddress(detail.to ?? ''), detail.input), changesOf(scope, hash)]);
  // The call tree is the REST API's (getTransactionCallTree); the lists are cut to their first rows.
  const { rawTrace: _trace, summary, tokenTransfers, internalTransactions, ...transaction } = detail;
  return {
    transaction: { ...transaction, inputData: decoded },
    summary,
    tokenTransfers: tokenTransfers.slice(0, TX_LIST_LIMIT),
    tokenTransferCount: tokenTransfers.length,
    internalTransactions: internalTransactions?.slice(0, TX_LIST_LIMIT) ?? null,
    internalTransactionCount: internalTransactions?.length ?? null,
    stateChanges: changes,
  };
}

interface LogsArgs {
  address?: string | undefined;
  topics?: Array<string | null> | undefined;
  fromBlock?: number | undefined;
  toBlock?: number | undefined;
  page?: number | undefined;
  size?: number | undefined;
}

async function getLogs(scope: ToolScope, args: LogsArgs) {
  const { ctx } = scope;
  const address = args.address === undefined ? null : parseAddress(args.address.trim());
  if (args.address !== undefined && address === null)
    throw badRequest(`Invalid address "${args.address.slice(0, 80)}": use r or 0x followed by 40 hex digits`);
  const topics = (args.topics ?? []).map((t, i) => {
    if (t === null || t === '') return null;
    if (!TOPIC.test(t)) throw badRequest(`Invalid topic${i} "${t.slice(0, 80)}": use 0x followed by 64 hex digits, or null for any`);
    return t.toLowerCase();
  });
  if (address === null && topics.every((t) => t === null)) throw badRequest('Give an address or at least one topic');
  const head = (await indexedHead(ctx)) ?? 0;
  const fromBlock = args.fromBlock ?? 0;
  const toBlock = args.toBlock ?? head;
  if (fromBlock > toBlock) throw badRequest(`fromBlock ${fromBlock} is after toBlock ${toBlock}`);
  const page = pageOf(args.page, args.size, 25);
  // One more row than the page: whether another page follows, without counting the range.
  const rows = await workGate(ctx, 'getLogs').run(scope.caller, () =>
    etherscanLogs(ctx, { fromBlock, toBlock, address, topics, oprs: {}, skip: page.offset, limit: page.size + 1 }),
  );
  const shown = rows.slice(0, page.size);
  return {
    filter: { address: address && rubyAddress(address), topics, fromBlock, toBlock },
    logs: await logItems(ctx, shown),
    paging: { ...paging(page, shown.length, null), hasMore: rows.length > page.size },
  };
}

const BLOCK = toolConfig('get_block', (input) => ({
  block: text(80).describe(input('block')),
  page: pageInput(input('page')),
  size: sizeInput(input('size')),
}));
const TRANSACTION = toolConfig('get_transaction', (input) => ({ hash: text(80).describe(input('hash')) }));
const LOGS = toolConfig('get_logs', (input) => ({
  address: text(80).optional().describe(input('address')),
  topics: z.array(text(80).nullable()).max(4).optional().describe(input('topics')),
  fromBlock: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional().describe(input('fromBlock')),
  toBlock: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional().describe(input('toBlock')),
  page: pageInput(input('page')),
  size: sizeInput(input('size')),
}));

export const chainTools: ToolModule = (server, scope) => {
  server.registerTool(BLOCK.name, BLOCK.config, (args) => guarded(scope.ctx, BLOCK.name, () => getBlock(scope, args)));
  server.registerTool(TRANSACTION.name, TRANSACTION.config, (args) =>
    guarded(scope.ctx, TRANSACTION.name, () => getTransaction(scope, args)),
  );
  server.registerTool(LOGS.name, LOGS.config, (args) => guarded(scope.ctx, LOGS.name, () => getLogs(scope, args)));
};
