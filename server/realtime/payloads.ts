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

export type Payload<E extends SocketUpdate> = Parameters<ServerToClientEvents[E]>[0];

export interface Channel<R extends SocketRequest = SocketRequest> {
  request: R;
  update: (typeof SOCKET_EVENTS)[R];
  compute(ctx: ApiContext): Promise<Payload<(typeof SOCKET_EVENTS)[R]>>;
}

function channel<R extends SocketRequest>(request: R, compute: Channel<R>['compute']): Channel<R> {
  return { request, update: SOCKET_EVENTS[request], compute };
}

export function transactionUpdate(ctx: ApiContext): Promise<Payload<'Transaction-update'>> {
  return ctx.cache.get('live:transactions', async () => ({
    TransactionHistories: await latestTransactions(ctx, LIVE_TRANSACTIONS),
    Contracttransaction: await latestTransactions(ctx, LIVE_TYPED_TRANSACTIONS, TX_TYPE.contractCall),
    Tokentransaction: await latestTransactions(ctx, LIVE_TYPED_TRANSACTIONS, TX_TYPE.tokenTransfer),
  }));
}

/** Quickest and most visible first: after a block, the pushes start in this order. */
export const CHANNELS: ReadonlyArray<Channel> = [
  channel('getblock', async (ctx) => ({ blockdata: await cachedLatestBlocks(ctx) })),
  channel('gethomedata', async (ctx) => ({ blockandtrncount: [await homeData(ctx)] })),
  channel('subscribe', transactionUpdate),
  channel('getTransactionGraph', async (ctx) => ({ TransactionGraph: await transactionGraph(ctx) })),
  channel('getContractTransactionGraph', async (ctx) => ({ ContractTransactionGraph: await contractTransactionGraph(ctx) })),
  channel('getTokenTransactionGraph', async (ctx) => ({ TokenTransactionGraph: await tokenTransactionGraph(ctx) })),
] as ReadonlyArray<Channel>;
