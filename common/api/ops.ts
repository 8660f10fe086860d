/**
 * Operations endpoints for probes and operators: liveness (/api/health) and readiness
 * (/api/ready). Not part of the explorer's public API page (their tag has no docs section).
 */
import { Type, type Static } from '@sinclair/typebox';
import { Ok } from './base';
import { NodeCapabilities } from './capabilities';

export const Health = Type.Object({
  uptimeSeconds: Type.Number({ description: 'seconds since the process started' }),
  version: Type.String({ description: 'the product version (package.json)' }),
});
export const HealthResponse = Ok(Health);
export type HealthResponse = Static<typeof HealthResponse>;

const ErrorText = Type.Optional(Type.String({ description: 'why the check failed' }));
const LatencyMs = Type.Number({ description: 'milliseconds the check took' });

export const ReadyChecks = Type.Object({
  database: Type.Object(
    { ok: Type.Boolean(), latencyMs: LatencyMs, error: ErrorText },
    { description: 'SELECT 1 answered within the time-out' },
  ),
  node: Type.Object(
    {
      ok: Type.Boolean(),
      latencyMs: LatencyMs,
      error: ErrorText,
      head: Type.Union([Type.Integer(), Type.Null()], { description: "the node's eth_blockNumber; null when it did not answer" }),
    },
    { description: 'eth_blockNumber answered within the time-out' },
  ),
  indexer: Type.Object(
    {
      ok: Type.Boolean(),
      error: ErrorText,
      indexedBlock: Type.Union([Type.Integer(), Type.Null()], { description: 'last block indexed; null before the first' }),
      head: Type.Integer({ description: "the newest head known (the node's answer or the indexer's)" }),
      lagBlocks: Type.Integer({ description: 'head − indexed block' }),
      maxLagBlocks: Type.Integer({ description: 'the most lag that still counts as ready (READY_MAX_LAG_BLOCKS)' }),
    },
    { description: 'the indexer is at most maxLagBlocks behind the head' },
  ),
});
export type ReadyChecks = Static<typeof ReadyChecks>;

export const Readiness = Type.Object({
  ready: Type.Boolean(),
  checks: ReadyChecks,
  // Informative only: a missing capability never makes the process unready.
  capabilities: Type.Optional(
    Type.Union([NodeCapabilities, Type.Null()], { description: 'what the node offers; null until the first probe answered' }),
  ),
});
export type Readiness = Static<typeof Readiness>;

export const ReadyResponse = Ok(Readiness);
export type ReadyResponse = Static<typeof ReadyResponse>;

/** The 503 answer: the error shape with the checks beside it, so a prober sees which one failed. */
export const NotReadyResponse = Type.Object({ status: Type.Literal(false), message: Type.String(), result: Readiness });
export type NotReadyResponse = Static<typeof NotReadyResponse>;

/** /indexing-status: the indexer's progress and the node's state (server/api/routes/status.ts). */
export const NodeState = Type.Object({
  reachable: Type.Boolean({ description: 'whether the node answers (a probe every 2 s and every real call decide)' }),
  downSince: Type.Union([Type.Integer(), Type.Null()], {
    description: 'when the node was first seen down in this outage (ms since the epoch); null while it answers',
  }),
  lastBlock: Type.Union([Type.Integer(), Type.Null()], { description: 'the last indexed block: the data shown is as of it' }),
});

export const IndexingStatus = Type.Object({
  indexedBlock: Type.Union([Type.Integer(), Type.Null()]),
  head: Type.Integer(),
  percent: Type.Number(),
  catchingUp: Type.Boolean(),
  node: NodeState,
  capabilities: Type.Union([NodeCapabilities, Type.Null()], {
    description: 'what the node offers, as /api/ready shows it; null until the first probe answers',
  }),
});
export const IndexingStatusResponse = Ok(IndexingStatus);
export type IndexingStatusResponse = Static<typeof IndexingStatusResponse>;
