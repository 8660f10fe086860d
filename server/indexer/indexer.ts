/**
 * The indexer's pipeline: catches up from the checkpoint to the node's head, then follows it.
 * This file only orchestrates; CONTEXT.md beside it explains the stages, the checkpoint, the
 * balance snapshot and reorgs, and each stage lives in its own module (fetch, fetchAhead,
 * prepare, write, checkpoint, balanceSnapshot, reorg, rollback, sweep).
 *
 * Invariants: the checkpoint moves only in the transaction that writes its rows (checkpoint.ts);
 * a batch whose first block does not link to the checkpoint is never written (reorg.ts).
 */
import { setTimeout as delay } from 'node:timers/promises';
import { CapabilityMonitor } from '../chain/capabilities';
import { hexToNumber } from '../chain/rpc';
import { blockNumber } from '../chain/rpcActions';
import { readCheckpoint, saveNodeHead } from './checkpoint';
import { openSnapshot, rereadSnapshot, snapshotReplaced, type BalanceSnapshot } from './balanceSnapshot';
import { rereadHistoryAt } from './balanceHistory';
import { BatchSizer } from './batchSizer';
import { BlockFetcher, StaleFetchError } from './fetch';
import { FetchAhead } from './fetchAhead';
import { ContractRegistry, prefetchState, prepareBatch, type PreparedBatch } from './prepare';
import { commonAncestor, linksToCheckpoint, rollBackAndReread, tipReplaced } from './reorg';
import type { FetchedBlock } from './transform';
import { commitBatch } from './commitBatch';
import { Progress } from './progress';
import { statusOf, withDefaults, type IndexerOptions, type IndexerStatus, type ResolvedIndexerOptions } from './options';
import { BalanceSweep } from './sweep';
import { TableStats } from './tableStats';
import { batchSummaries } from './rowBuilders';
import { HeadWake } from './headWake';

export type { BatchEvent, IndexerOptions, IndexerStatus } from './options';

/** Longest wait between two attempts while the node or the database is unreachable. */
const RETRY_MAX_MS = 8000;
const pause = (ms: number, signal: AbortSignal): Promise<void> => delay(ms, undefined, { signal }).catch(() => {});

export class Indexer {
  private readonly fetcher: BlockFetcher;
  private readonly registry = new ContractRegistry();
  private lastBlock: number | null = null;
  private lastHash: string | null = null;
  private head = 0;
  private running = false;
  /** The in-memory checkpoint must be read again from the database before indexing (runOnce). */
  private checkpointStale = false;
  /** Cuts a pause short on stop(), so shutting down never waits out a backoff. */
  private stopping = new AbortController();
  private loop: Promise<void> | null = null;
  /** Balances read at one block for the current catch-up (see the header). */
  private snapshot: BalanceSnapshot | null = null;
  /** A snapshot whose block must still be checked against the node (verifySnapshot). */
  private unverified: BalanceSnapshot | null = null;
  private readonly progress: Progress;
  private readonly sizer: BatchSizer;
  private readonly sweep: BalanceSweep;
  private readonly tableStats: TableStats;
  /** Milliseconds spent waiting in each stage of indexRange (for the benchmark's breakdown). */
  readonly timings = { fetchWait: 0, prepare: 0, writeWait: 0, write: 0 };
  readonly opts: ResolvedIndexerOptions;
  /** What the node offers, probed before the first batch and every capabilityIntervalMs; logs in plain words. */
  readonly capabilities: CapabilityMonitor;
  private probedAt = 0;
  readonly heads: HeadWake; // the node's newHeads cut the idle pause short; the poll is the fallback

  constructor(opts: IndexerOptions) {
    this.opts = withDefaults(opts);
    this.heads = new HeadWake(this.opts.newHeads ? opts.rpc.url : null, (m) => this.opts.log(`indexer: ${m}`));
    this.fetcher = new BlockFetcher(opts.rpc);
    this.capabilities = new CapabilityMonitor(opts.rpc, (m) => this.opts.log(`indexer: ${m}`));
    this.sweep = new BalanceSweep(opts.rpc, opts.db, this.opts.sweepPerRound);
    this.tableStats = new TableStats(opts.db, { log: this.opts.log });
    this.progress = new Progress(this.opts.log);
    this.sizer = new BatchSizer(this.opts.batchSize, this.opts.batchTxs);
  }

  status(): IndexerStatus {
    return statusOf(this.lastBlock, this.head, this.opts.startBlock);
  }

  /** Loads the checkpoint and what is known of contracts. */
  async init(): Promise<void> {
    this.checkpointStale = true;
    const cp = await readCheckpoint(this.opts.db);
    this.lastBlock = cp.block;
    this.lastHash = cp.hash;
    await this.registry.load(this.opts.db);
    this.checkpointStale = false;
  }

  /**
   * Follows the head until stop(). A failure (the node or the database unreachable, a batch
   * rolled back) is retried after a backoff that doubles from 1 s up to RETRY_MAX_MS and resets
   * on the first success; the retry starts from the checkpoint the database holds.
   */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.stopping = new AbortController();
    this.heads.start();
    this.loop = (async () => {
      let backoff = 0;
      while (this.running) {
        try {
          const woken = this.heads.arm();
          const n = await this.runOnce();
          if (backoff > 0) this.opts.log('indexer: recovered');
          backoff = 0;
          // Idle, or caught up with newHeads to wake it: no extra round (node call, head write) while the API pushes.
          if (n === 0 || (this.heads.subscribed && !this.status().catchingUp))
            await pause(this.opts.pollMs, AbortSignal.any([this.stopping.signal, woken]));
        } catch (err) {
          this.checkpointStale = true;
          backoff = Math.min(RETRY_MAX_MS, backoff === 0 ? Math.max(1000, this.opts.pollMs) : backoff * 2);
          this.opts.log(`indexer: ${err instanceof Error ? err.message : String(err)}; retrying in ${backoff / 1000} s`);
          await pause(backoff, this.stopping.signal);
        }
      }
    })();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.heads.stop();
    this.stopping.abort();
    await this.loop;
    this.loop = null;
    await this.tableStats.idle();
  }

  /** Indexes everything up to the node's current head; returns the number of blocks indexed. */
  async runOnce(): Promise<number> {
    // After a failure the in-memory checkpoint may be ahead of the database (a batch whose
    // commit failed): never index on from it, or the blocks of that batch would be skipped.
    if (this.checkpointStale) await this.init();
    await this.verifySnapshot();
    await this.probeCapabilities();
    // Woken by newHeads: its head, without a node call first (headWake.ts takeAnnounced).
    const announced = this.heads.takeAnnounced();
    this.head = announced !== null && announced > (this.lastBlock ?? -1) ? announced : await blockNumber(this.opts.rpc);
    const from = this.lastBlock === null ? this.opts.startBlock : this.lastBlock + 1;
    if (from > this.head) {
      await this.checkTip();
      await saveNodeHead(this.opts.db, this.head);
      return 0;
    }
    const n = await this.indexRange(from, this.head);
    // Planner statistics after bulk loads (tableStats.ts): awaited after a long catch-up (the
    // API's first queries then plan on real row counts), in the background while following.
    const analyzing = this.tableStats.maybeAnalyze();
    if (analyzing && n > 2 * this.opts.batchSize) await analyzing;
    // No traces: re-read a bounded share of stored balances, between batches (see sweep.ts). A
    // failed round is only logged: the blocks are indexed, and the next round walks on.
    if (this.fetcher.traceMode === 'none' && this.lastBlock !== null && this.lastBlock >= this.head) {
      await this.sweep
        .round(this.lastBlock)
        .catch((err: unknown) => this.opts.log(`indexer: balance sweep: ${err instanceof Error ? err.message : String(err)}`));
    }
    return n;
  }

  private async probeCapabilities(): Promise<void> {
    if (Date.now() - this.probedAt < this.opts.capabilityIntervalMs) return;
    const c = await this.capabilities.refresh();
    // Unreachable (null): the fetcher keeps what it knew, or finds out from the first batch.
    if (!c) return;
    this.probedAt = Date.now();
    this.fetcher.applyCapabilities(c);
    this.heads.apply(c);
  }

  /** Indexes [from, to] (re-indexing whatever of it is already stored). */
  async indexRange(from: number, to: number): Promise<number> {
    if (this.lastBlock !== null && from <= this.lastBlock) await this.rollback(from);
    this.progress.begin(from, to);
    this.snapshot = to - from + 1 > 2 * this.opts.batchSize ? await openSnapshot(this.opts.rpc, to) : null;
    try {
      return await this.indexRanges(from, to);
    } finally {
      this.unverified = this.snapshot;
      this.snapshot = null;
      await this.verifySnapshot();
    }
  }

  private async indexRanges(from: number, to: number): Promise<number> {
    const ahead = new FetchAhead(this.fetcher, this.sizer, this.opts.concurrency, from, to, (blocks) =>
      prefetchState(this.opts.rpc, this.snapshot, blocks),
    );
    let pendingWrite: Promise<void> = Promise.resolve();
    let indexed = 0;
    try {
      // stop() ends a catch-up between batches: the batch being written commits, prefetched ones are dropped.
      while (ahead.pending && !this.stopping.signal.aborted) {
        let t = performance.now();
        const { blocks, state } = await ahead.take();
        this.timings.fetchWait += performance.now() - t;
        const first = blocks[0];
        if (!first) continue;
        if (!linksToCheckpoint(blocks, this.lastBlock, this.lastHash)) {
          await pendingWrite;
          await this.handleReorg(hexToNumber(first.block.number));
          return indexed; // the next runOnce resumes from the common ancestor
        }
        t = performance.now();
        const work = await prepareBatch(this.opts.rpc, this.registry, this.snapshot, blocks, state);
        this.timings.prepare += performance.now() - t;
        t = performance.now();
        await pendingWrite;
        this.timings.writeWait += performance.now() - t;
        const last = blocks[blocks.length - 1] as FetchedBlock;
        this.lastBlock = hexToNumber(last.block.number);
        this.lastHash = last.block.hash.toLowerCase();
        pendingWrite = this.commit(blocks, work);
        indexed += blocks.length;
        this.progress.tick(
          this.lastBlock,
          blocks.reduce((n, b) => n + b.block.transactions.length, 0),
        );
      }
      await pendingWrite;
    } catch (err) {
      await pendingWrite.catch(() => {});
      await this.init(); // in-memory checkpoint back to what the database holds
      if (err instanceof StaleFetchError) {
        this.opts.log(`indexer: ${err.message}; fetching it again`);
        return indexed;
      }
      throw err;
    }
    this.progress.end(this.lastBlock ?? to);
    return indexed;
  }

  /**
   * After a catch-up: is the block its balances were read at still on the chain? If not, read
   * every one of them again at the checkpoint. Until that succeeds nothing else is indexed.
   */
  private async verifySnapshot(): Promise<void> {
    const snap = this.unverified;
    if (!snap) return;
    if (await snapshotReplaced(this.opts.rpc, snap)) {
      await this.init();
      const at = this.lastBlock;
      if (at !== null) {
        this.opts.log(
          `indexer: block ${snap.block} was replaced during the catch-up; reading ${snap.balances.size} balances again at ${at}`,
        );
        await rereadSnapshot(this.opts.rpc, this.opts.db, snap, at);
        await rereadHistoryAt(this.opts.rpc, this.opts.db, snap.block);
      }
    }
    this.unverified = null;
  }

  private async commit(blocks: FetchedBlock[], w: PreparedBatch): Promise<void> {
    const last = blocks[blocks.length - 1] as FetchedBlock;
    const hash = last.block.hash.toLowerCase();
    const t = performance.now();
    await commitBatch(this.opts.db, w, (a) => this.registry.contracts.has(a), {
      hash,
      head: this.head,
      blocksPerSecond: this.progress.blocksPerSecond(),
    });
    this.timings.write += performance.now() - t;
    this.tableStats.note(w.rows.txs.length);
    this.opts.onBatch?.({
      from: hexToNumber((blocks[0] as FetchedBlock).block.number),
      to: w.lastNumber,
      hash,
      head: this.head,
      txCount: w.rows.txs.length,
      blocks: batchSummaries(w.rows.blocks),
    });
  }

  /** While idle at the head: has the node replaced our tip? */
  private async checkTip(): Promise<void> {
    if (this.lastBlock === null || this.lastHash === null) return;
    if (await tipReplaced(this.opts.rpc, this.lastBlock, this.lastHash)) await this.handleReorg(this.lastBlock + 1);
  }

  /** The block at `number` does not link to ours: roll back to the highest block both agree on. */
  private async handleReorg(number: number): Promise<void> {
    const from = (await commonAncestor(this.opts.db, this.opts.rpc, this.opts.startBlock, number, this.lastBlock)) + 1;
    this.opts.log(`indexer: reorg detected at block ${number}; rolling back to ${from - 1} and re-indexing`);
    await this.rollback(from);
  }

  private async rollback(from: number): Promise<void> {
    await rollBackAndReread(this.opts.db, this.opts.rpc, from);
    await this.init();
  }
}
