/**
 * What every route module receives: the database, the node (and its health), the per-block cache,
 * the price and the indexer's progress. Routes are plain functions `(app, ctx) => void` registered under /api.
 */
import type { FastifyInstance, FastifyBaseLogger, RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { NodeHealth } from '../chain/nodeHealth';
import type { RpcClient } from '../chain/rpc';
import type { DB } from '../db/schema';
import type { EventBus } from '../events';
import type { BlockCache } from './blockCache';
import type { PriceSource } from './price';
import type { SessionsEnded } from './sessionsEnded';

export type Api = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/** The indexer's progress as the API reports it (made by server/indexer/options.ts, statusOf). */
export interface IndexerStatus {
  indexedBlock: number | null;
  head: number;
  percent: number;
  catchingUp: boolean;
}

export interface ApiContext {
  config: Config;
  db: Kysely<DB>;
  /** The node, behind nodeHealth's circuit breaker (fails fast with a 503 while the node is down). */
  rpc: RpcClient;
  /**
   * The node for calls that run code a visitor chose (tokenURI, Read contract, the proxy's
   * eth_call): gas-capped, timed out, a concurrency cap of its own, never counted by the breaker
   * (server/chain/visitorRpc.ts).
   */
  visitorRpc: RpcClient;
  /** Whether the node answers, since when not, and the last-known node values. */
  nodeHealth: NodeHealth;
  bus: EventBus;
  cache: BlockCache;
  price: PriceSource;
  indexerStatus: () => IndexerStatus;
  /** Sessions ended by a request: the realtime layer takes their sockets out of the user room. */
  sessionsEnded: SessionsEnded;
  log: (m: string) => void;
}

export type RouteModule = (app: Api, ctx: ApiContext) => void;
