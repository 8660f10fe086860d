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
import type { IndexerStatus } from '../indexer/indexer';
import type { BlockCache } from './blockCache';
import type { PriceSource } from './price';

export type Api = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

export interface ApiContext {
  config: Config;
  db: Kysely<DB>;
  /** The node, behind nodeHealth's circuit breaker (fails fast with a 503 while the node is down). */
  rpc: RpcClient;
  /** Whether the node answers, since when not, and the last-known node values. */
  nodeHealth: NodeHealth;
  bus: EventBus;
  cache: BlockCache;
  price: PriceSource;
  indexerStatus: () => IndexerStatus;
  log: (m: string) => void;
}

export type RouteModule = (app: Api, ctx: ApiContext) => void;
