/**
 * Fetching a range of blocks with everything the indexer stores: full blocks, receipts, traces.
 * Three batched JSON-RPC requests run side by side (blocks, receipts, traces), so a range costs
 * one round trip of the slowest of them.
 */
import { isMethodMissing, type RpcClient } from '../chain/rpc';
import { batchOf, getBlocks, rpcCalls, settledOf } from '../chain/rpcActions';
import type { NodeCapabilities } from '../chain/capabilities';
import type { CallTraceResult, RawReceipt, RawTrace } from '../chain/types';
import { fromCallFrames, fromParityTraces } from './traces';
import type { FetchedBlock } from './transform';

export type TraceMode = 'parity' | 'geth' | 'none';

export class BlockFetcher {
  /** Probed on first use: trace_block, else debug_traceBlockByNumber, else no internal txs. */
  traceMode: TraceMode | null = null;
  private receiptsByBlock = true;

  constructor(private readonly rpc: RpcClient) {}

  /** What the capability probe found: no guessing from each failure. */
  applyCapabilities(c: Pick<NodeCapabilities, 'traceBlock' | 'debugTrace' | 'blockReceipts'>): void {
    this.traceMode = c.traceBlock ? 'parity' : c.debugTrace ? 'geth' : 'none';
    this.receiptsByBlock = c.blockReceipts;
  }

  async fetchRange(from: number, to: number): Promise<FetchedBlock[]> {
    const numbers: number[] = [];
    for (let n = from; n <= to; n++) numbers.push(n);
    const [blocks, receipts, internal] = await Promise.all([
      getBlocks(this.rpc, numbers, true),
      this.fetchReceipts(numbers),
      this.fetchTraces(numbers),
    ]);
    // Read after the traces came: a node found without traces mid-batch leaves this batch untraced.
    const traced = this.traceMode !== 'none';
    return numbers.map((n, i) => {
      const block = blocks[i];
      if (!block) throw new Error(`block ${n} not found on the node`);
      let rs = receipts[i] ?? null;
      if (rs === null) throw new Error(`receipts of block ${n} not found on the node`);
      // Receipts and block must describe the same block (a reorg between the two calls would not).
      if (
        rs.length !== block.transactions.length ||
        rs.some((r, j) => r.transactionHash.toLowerCase() !== block.transactions[j]?.hash.toLowerCase())
      ) {
        throw new StaleFetchError(n);
      }
      const trace = internal[i];
      const calls =
        trace === undefined || trace === null
          ? []
          : trace.kind === 'parity'
            ? fromParityTraces(trace.traces)
            : fromCallFrames(
                trace.frames,
                block.transactions.map((t) => t.hash),
              );
      rs = rs.slice();
      return { block, receipts: rs, internal: calls, traced };
    });
  }

  private async fetchReceipts(numbers: number[]): Promise<(RawReceipt[] | null)[]> {
    if (this.receiptsByBlock) {
      const outcomes = await settledOf(
        this.rpc,
        numbers.map((n) => rpcCalls.getBlockReceipts(n)),
      );
      const firstError = outcomes.find((o) => !o.ok);
      if (!firstError) return outcomes.map((o) => (o.ok ? o.result : null));
      if (firstError.ok || !isMethodMissing(firstError.error)) throw firstError.ok ? new Error('unreachable') : firstError.error;
      this.receiptsByBlock = false;
    }
    // Nodes without eth_getBlockReceipts: one eth_getTransactionReceipt per transaction.
    const blocks = await getBlocks(this.rpc, numbers, false);
    return Promise.all(
      blocks.map(async (b) => {
        if (!b) return null;
        const receipts = await batchOf(
          this.rpc,
          b.transactions.map((h) => rpcCalls.getTransactionReceipt(h)),
        );
        // A receipt the node lacks leaves the list shorter than the block: fetchRange refetches (StaleFetchError).
        return receipts.filter((r): r is NonNullable<typeof r> => r !== null);
      }),
    );
  }

  private async fetchTraces(
    numbers: number[],
  ): Promise<({ kind: 'parity'; traces: RawTrace[] } | { kind: 'geth'; frames: CallTraceResult[] } | null)[]> {
    if (this.traceMode === null || this.traceMode === 'parity') {
      const outcomes = await settledOf(
        this.rpc,
        numbers.map((n) => rpcCalls.traceBlock(n)),
      );
      const err = outcomes.find((o) => !o.ok);
      if (!err) {
        this.traceMode = 'parity';
        return outcomes.map((o) => (o.ok ? { kind: 'parity' as const, traces: o.result ?? [] } : null));
      }
      if (err.ok || !isMethodMissing(err.error) || this.traceMode === 'parity') throw err.ok ? new Error('unreachable') : err.error;
      this.traceMode = 'geth';
    }
    if (this.traceMode === 'geth') {
      const outcomes = await settledOf(
        this.rpc,
        numbers.map((n) => rpcCalls.debugTraceBlock(n)),
      );
      const err = outcomes.find((o) => !o.ok);
      if (!err) return outcomes.map((o) => (o.ok ? { kind: 'geth' as const, frames: o.result } : null));
      if (err.ok || !isMethodMissing(err.error)) throw err.ok ? new Error('unreachable') : err.error;
      this.traceMode = 'none';
    }
    return numbers.map(() => null);
  }
}

/** The node changed its mind between two calls about one block (a reorg in flight): fetch again. */
export class StaleFetchError extends Error {
  constructor(readonly blockNumber: number) {
    super(`block ${blockNumber} changed while it was being fetched`);
    this.name = 'StaleFetchError';
  }
}
