/**
 * What the live channel sends for each request event (docs/decisions.md#spec-realtime-channel): the
 * same data as the REST answers, from the same per-block cache, so a push after a block costs
 * one computation however many sockets listen.
 */
import { TX_TYPE } from '../../common/txTypes';
import {
  LIVE_TRANSACTIONS,
  LIVE_TYPED_TRANSACTIONS,
  SOCKET_EVENTS,
  type ServerToClientEvents,
  type SocketRequest,
  type SocketUpdate,
} from '../../common/api/socket';
import type { ApiContext } from '../core/context';
import { homeData } from '../queries/home';
import { contractTransactionGraph, tokenTransactionGraph, transactionGraph } from '../queries/charts';
import { latestTransactions } from '../queries/transactions';
import { cachedLatestBlocks } from '../queries/blocks';
import type { HomeScreen } from '../../common/api/homeScreen';
import { LIVE_LIST_ROWS, liveRow, type LiveListRequest } from '../../common/api/liveLists';
import { withVersion } from './livePush';

export type Payload<E extends SocketUpdate> = Parameters<ServerToClientEvents[E]>[0];

export interface Channel<R extends SocketRequest = SocketRequest> {
  request: R;
  update: (typeof SOCKET_EVENTS)[R];
  compute(ctx: ApiContext): Promise<Payload<(typeof SOCKET_EVENTS)[R]>>;
  /** Set for a channel whose lists are pushed as changes (common/api/liveLists.ts). */
  lists?: LiveListRequest;
}

function channel<R extends SocketRequest>(request: R, compute: Channel<R>['compute'], lists?: LiveListRequest): Channel<R> {
  return { request, update: SOCKET_EVENTS[request], compute, lists };
}

/** The latest transactions in full (/getHomeScreen's `transactions`), once per block. */
export function transactionUpdate(ctx: ApiContext): Promise<HomeScreen['transactions']> {
  return ctx.cache.get('live:transactions', async () => ({
    TransactionHistories: await latestTransactions(ctx, LIVE_TRANSACTIONS),
    Contracttransaction: await latestTransactions(ctx, LIVE_TYPED_TRANSACTIONS, TX_TYPE.contractCall),
    Tokentransaction: await latestTransactions(ctx, LIVE_TYPED_TRANSACTIONS, TX_TYPE.tokenTransfer),
  }));
}

/**
 * The live channel's latest transactions: the rows the home's tables show (LIVE_LIST_ROWS of each
 * list, without the fields they do not render), with their version; once per block.
 */
export function liveTransactionUpdate(ctx: ApiContext): Promise<Payload<'Transaction-update'>> {
  return ctx.cache.get('live:transactionRows', async () => {
    const all = await transactionUpdate(ctx);
    const rows = (list: typeof all.TransactionHistories, withSummary: boolean) =>
      list.slice(0, LIVE_LIST_ROWS).map((t) => liveRow(t, withSummary));
    return withVersion('subscribe', {
      TransactionHistories: rows(all.TransactionHistories, true),
      Contracttransaction: rows(all.Contracttransaction, false),
      Tokentransaction: rows(all.Tokentransaction, false),
    });
  });
}

/** The latest blocks with their version; once per block. */
export function liveBlockUpdate(ctx: ApiContext): Promise<Payload<'getblock-update'>> {
  return ctx.cache.get('live:blocks', async () => withVersion('getblock', { blockdata: await cachedLatestBlocks(ctx) }));
}

/** Quickest and most visible first: after a block, the pushes start in this order. */
export const CHANNELS: ReadonlyArray<Channel> = [
  channel('getblock', liveBlockUpdate, 'getblock'),
  channel('gethomedata', async (ctx) => ({ blockandtrncount: [await homeData(ctx)] })),
  channel('subscribe', liveTransactionUpdate, 'subscribe'),
  channel('getTransactionGraph', async (ctx) => ({ TransactionGraph: await transactionGraph(ctx) })),
  channel('getContractTransactionGraph', async (ctx) => ({ ContractTransactionGraph: await contractTransactionGraph(ctx) })),
  channel('getTokenTransactionGraph', async (ctx) => ({ TokenTransactionGraph: await tokenTransactionGraph(ctx) })),
] as ReadonlyArray<Channel>;
