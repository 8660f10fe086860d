/**
 * The logged-in user's watchlist: GET/POST /watchlist, DELETE /watchlist/:address,
 * GET /watchlist/notifications, POST /watchlist/notifications/read, and the alert the socket
 * pushes to that user's sockets only (`watchlist-alert`). Labels are private: only their owner
 * ever receives them.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Address, Hash, Ok, Wei } from './base';
import { WATCH_LABEL_MAX } from './watchLimits';

export { MAX_WATCHED, WATCH_LABEL_MAX } from './watchLimits';

export const WatchAlerts = Type.Object({
  incoming: Type.Boolean({ description: 'coin transactions to the address' }),
  outgoing: Type.Boolean({ description: 'transactions from the address' }),
  tokens: Type.Boolean({ description: 'token transfers to or from the address' }),
});
export type WatchAlerts = Static<typeof WatchAlerts>;

export const WatchItem = Type.Object({
  address: Address,
  label: Type.String({ description: `private label, at most ${WATCH_LABEL_MAX} characters ('' = none)` }),
  alerts: WatchAlerts,
  createdAt: Type.String({ description: 'ISO 8601' }),
});
export type WatchItem = Static<typeof WatchItem>;

export const WatchlistResponse = Ok(Type.Array(WatchItem), { max: Type.Integer({ description: 'most addresses one account may watch' }) });
export type WatchlistResponse = Static<typeof WatchlistResponse>;

export const WatchBody = Type.Object({
  address: Type.String({ maxLength: 200, description: 'r… or 0x… address' }),
  label: Type.Optional(Type.String({ maxLength: 1000, description: `0 to ${WATCH_LABEL_MAX} characters once trimmed` })),
  alerts: Type.Optional(Type.Partial(WatchAlerts, { description: 'omitted kinds are on' })),
});
export type WatchBody = Static<typeof WatchBody>;

export const WatchItemResponse = Ok(WatchItem);
export type WatchItemResponse = Static<typeof WatchItemResponse>;

export const UnwatchResponse = Ok(Type.Object({ address: Address }));
export type UnwatchResponse = Static<typeof UnwatchResponse>;

/** What raised an alert: a coin transaction in or out, a token transfer in or out, or an approval the address gave. */
export const WATCH_ALERT_KINDS = ['incoming', 'outgoing', 'token_in', 'token_out', 'approval'] as const;
export type WatchAlertKind = (typeof WATCH_ALERT_KINDS)[number];

/** A token the alert's transaction moved to or from its sender (a swap says what it swapped). */
export const WatchTokenMove = Type.Object({
  direction: Type.Union([Type.Literal('in'), Type.Literal('out')], { description: "to ('in') or from ('out') the transaction's sender" }),
  tokenAddress: Address,
  tokenSymbol: Type.Union([Type.String(), Type.Null()]),
  tokenDecimals: Type.Union([Type.Integer(), Type.Null()], { description: 'null for an NFT' }),
  valueWei: Wei,
  tokenId: Type.Union([Type.String(), Type.Null()], { description: 'the NFT id moved (null for a fungible token)' }),
});
export type WatchTokenMove = Static<typeof WatchTokenMove>;

export const WatchNotification = Type.Object({
  id: Type.Integer(),
  address: Address,
  label: Type.String({ description: "the watched address's label when the alert was read ('' = none)" }),
  kind: Type.Union(
    [Type.Literal('incoming'), Type.Literal('outgoing'), Type.Literal('token_in'), Type.Literal('token_out'), Type.Literal('approval')],
    {
      description:
        'approval: the watched address gave one (an allowance, valueWei the amount, the largest uint256 for unlimited; an NFT or an operator, tokenDecimals null); counterparty is the spender or operator',
    },
  ),
  hash: Hash,
  blockNumber: Type.Integer(),
  counterparty: Type.Union([Address, Type.Null()]),
  tokenAddress: Type.Union([Address, Type.Null()]),
  tokenSymbol: Type.Union([Type.String(), Type.Null()]),
  tokenDecimals: Type.Union([Type.Integer(), Type.Null()]),
  valueWei: Wei,
  method: Type.Union([Type.String(), Type.Null()], {
    description:
      "a coin alert's called function (its name, else its 4-byte selector; 'Contract Creation'); null for a plain transfer or a token alert",
  }),
  moves: Type.Array(WatchTokenMove, {
    description:
      "a coin alert's token moves to or from the transaction's sender, summed per token; a token alert of an NFT log the ids it moved, each with its amount (ERC-1155: a TransferBatch several; ERC-721: 1), to or from the watched address; [] for a fungible token alert",
  }),
  createdAt: Type.String({ description: 'ISO 8601' }),
  read: Type.Boolean(),
});
export type WatchNotification = Static<typeof WatchNotification>;

/** Newest first, at most NOTIFICATIONS_SHOWN. */
export const NOTIFICATIONS_SHOWN = 100;
export const NotificationsResponse = Ok(Type.Array(WatchNotification), { unread: Type.Integer() });
export type NotificationsResponse = Static<typeof NotificationsResponse>;

export const MarkReadBody = Type.Object({
  ids: Type.Optional(Type.Array(Type.Integer(), { maxItems: 1000, description: 'omitted = every notification' })),
});
export type MarkReadBody = Static<typeof MarkReadBody>;

export const MarkReadResponse = Ok(Type.Object({ updated: Type.Integer() }));
export type MarkReadResponse = Static<typeof MarkReadResponse>;

/** The alerts a reorg withdrew: their blocks left the chain (a transaction that comes back alerts again, with a new id). */
export const WatchWithdrawn = Type.Object({ ids: Type.Array(Type.Integer()) });
export type WatchWithdrawn = Static<typeof WatchWithdrawn>;
