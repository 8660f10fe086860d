/**
 * The live channel (socket.io at /socket.io on the API's host), docs/decisions.md#spec-realtime-channel.
 * For each pair the client emits the request (no payload needed), gets the answer at once, and then
 * one push of the fresh payload after every new block until it disconnects.
 *
 * Types only (plus the event-name table): the SPA uses them with socket.io-client as
 *   const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(url, { path: SOCKET_PATH });
 */
import type { BlockListItem } from './blocks';
import type { GraphBucket, HourlyPoint } from './charts';
import type { HomeData } from './home';
import type { LiveTransactionRow, LiveVersion } from './liveLists';
import type { WatchNotification, WatchWithdrawn } from './watchlist';

export const SOCKET_PATH = '/socket.io';
/** A watchlist alert's event; the socket gets it only when its handshake carried a valid login token (`auth: { token }`). */
export const WATCH_ALERT_EVENT = 'watchlist-alert';
/** Alerts a reorg withdrew (their blocks left the chain), to the watching user's sockets only. */
export const WATCH_WITHDRAWN_EVENT = 'watchlist-withdrawn';

/** Request event → the event the answers arrive on. */
export const SOCKET_EVENTS = {
  gethomedata: 'getgethomedata-update',
  getTransactionGraph: 'getTransactionGraph-update',
  subscribe: 'Transaction-update',
  getblock: 'getblock-update',
  getContractTransactionGraph: 'getContractTransactionGraph-update',
  getTokenTransactionGraph: 'getTokenTransactionGraph-update',
} as const;

export type SocketRequest = keyof typeof SOCKET_EVENTS;

/**
 * Not in the spec's table, our addition: the client leaves a request's room when no screen shows
 * its data any more (a reader who left the home stops being sent its lists after every block).
 */
export const LEAVE_EVENT = 'leave';
export type SocketUpdate = (typeof SOCKET_EVENTS)[SocketRequest];

/** Latest transactions in /getHomeScreen's list (the live channel sends LIVE_LIST_ROWS of them). */
export const LIVE_TRANSACTIONS = 20;
/** Latest contract calls / token transfers in /getHomeScreen's lists. */
export const LIVE_TYPED_TRANSACTIONS = 10;

export interface HomeUpdate {
  /** One item: the home data (spec: first item used). */
  blockandtrncount: HomeData[];
}

export interface TransactionGraphUpdate {
  TransactionGraph: HourlyPoint[];
}

/**
 * The latest transactions (live rows: common/api/liveLists.ts). Pushed as changes: with `since`,
 * each list holds only its new or changed rows (docs/decisions.md#live-pushes-carry-changes).
 */
export interface TransactionUpdate extends LiveVersion {
  /** The latest 10 transactions, newest first. */
  TransactionHistories: LiveTransactionRow[];
  /** The latest 10 contract calls (transactiontype 3), newest first (rows without the summary). */
  Contracttransaction: LiveTransactionRow[];
  /** The latest 10 token transfers (transactiontype 2), newest first (rows without the summary). */
  Tokentransaction: LiveTransactionRow[];
}

/** The latest 20 blocks, newest first; pushed as changes like TransactionUpdate. */
export interface BlockUpdate extends LiveVersion {
  blockdata: BlockListItem[];
}

export interface ContractTransactionGraphUpdate {
  ContractTransactionGraph: GraphBucket[];
}

export interface TokenTransactionGraphUpdate {
  TokenTransactionGraph: GraphBucket[];
}

export interface ServerToClientEvents {
  'getgethomedata-update': (payload: HomeUpdate) => void;
  'getTransactionGraph-update': (payload: TransactionGraphUpdate) => void;
  'Transaction-update': (payload: TransactionUpdate) => void;
  'getblock-update': (payload: BlockUpdate) => void;
  'getContractTransactionGraph-update': (payload: ContractTransactionGraphUpdate) => void;
  'getTokenTransactionGraph-update': (payload: TokenTransactionGraphUpdate) => void;
  /** A watchlist alert, to the watching user's sockets only (common/api/watchlist.ts). */
  'watchlist-alert': (payload: WatchNotification) => void;
  /** Alerts a reorg withdrew: drop them from the toast and the notification list. */
  'watchlist-withdrawn': (payload: WatchWithdrawn) => void;
}

export interface ClientToServerEvents {
  gethomedata: () => void;
  getTransactionGraph: () => void;
  subscribe: () => void;
  getblock: () => void;
  getContractTransactionGraph: () => void;
  getTokenTransactionGraph: () => void;
  /** LEAVE_EVENT: stop pushing this request's updates to this socket. */
  leave: (request: SocketRequest) => void;
}

/** The payload of each update event. */
export type SocketPayload<E extends SocketUpdate> = Parameters<ServerToClientEvents[E]>[0];
