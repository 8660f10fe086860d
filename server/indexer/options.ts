/** The indexer's options and the shapes it reports (indexer.ts). */
import type { Kysely } from 'kysely';
import type { RpcClient } from '../chain/rpc';
import type { DB } from '../db/schema';
import type { BlockSummary } from '../events';
import { CAPABILITY_PROBE_INTERVAL_MS } from '../chain/capabilities';
import type { IndexerStatus } from '../core/context';

export interface IndexerOptions {
  rpc: RpcClient;
  db: Kysely<DB>;
  startBlock?: number;
  /** Most blocks in one batch. */
  batchSize?: number;
  /**
   * About how many transactions one batch should hold: with big blocks a batch has fewer blocks
   * (down to 1), so fetching, preparing and writing overlap in smaller steps.
   */
  batchTxs?: number;
  concurrency?: number;
  pollMs?: number;
  log?: (msg: string) => void;
  /** Called after each committed batch (new-block event for the realtime channel). */
  onBatch?: (e: BatchEvent) => void;
  /** How often the node's capabilities are probed again. */
  capabilityIntervalMs?: number;
  /** Without traces: how many stored balances are re-read from the node per new head (sweep.ts). */
  sweepPerRound?: number;
  /** Follow the node's newHeads over WebSocket when it offers them (default true; headWake.ts). */
  newHeads?: boolean;
}

export interface BatchEvent {
  from: number;
  to: number;
  hash: string;
  head: number;
  txCount: number;
  /** The batch's newest blocks (at most EVENT_SUMMARIES, rowBuilders.ts), oldest first: the API's latest blocks without a query. */
  blocks: BlockSummary[];
}

// The status's shape is the API context's (server/core/context.ts), which imports no area.
export type { IndexerStatus };

/** Progress from the checkpoint, the node's head and the first block to index. */
export function statusOf(lastBlock: number | null, head: number, startBlock: number): IndexerStatus {
  const done = lastBlock === null ? 0 : lastBlock - startBlock + 1;
  const total = Math.max(1, head - startBlock + 1);
  const caughtUp = lastBlock !== null && lastBlock >= head;
  return {
    indexedBlock: lastBlock,
    head,
    percent: caughtUp ? 100 : Math.min(100, Math.floor((done / total) * 1000) / 10),
    catchingUp: !caughtUp,
  };
}

export type ResolvedIndexerOptions = Required<Omit<IndexerOptions, 'onBatch'>> & Pick<IndexerOptions, 'onBatch'>;

/** The options with every default filled in. */
export function withDefaults(opts: IndexerOptions): ResolvedIndexerOptions {
  return {
    startBlock: 0,
    batchSize: 50,
    batchTxs: 500,
    concurrency: 3,
    pollMs: 500,
    log: () => {},
    capabilityIntervalMs: CAPABILITY_PROBE_INTERVAL_MS,
    sweepPerRound: 500,
    newHeads: true,
    ...opts,
  };
}
