/**
 * Planner statistics after bulk loads. The indexer writes chain rows with COPY, thousands per
 * batch; until the tables are analyzed again, PostgreSQL plans with the row counts of the empty
 * tables it first saw (an index range becomes a sequential scan, a LIMIT a full sort: measured on
 * the Etherscan bench, 72 ms instead of 2 ms for one page of txlist). Autovacuum would analyze
 * eventually where it runs; PGlite has no autovacuum at all, and a server may have it off.
 *
 * So the indexer analyzes its big tables itself, as autovacuum's own rule does (50 rows plus 10 %
 * of the table): once the transactions written since the last ANALYZE reach `minRows` or a tenth
 * of those counted then. It runs after a catch-up step, in the background, one at a time; ANALYZE
 * reads a sample, takes no lock that blocks reads or writes, and a failure is only logged.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** The tables the indexer bulk-loads, biggest first. */
export const ANALYZED_TABLES = [
  'transactions',
  'address_transactions',
  'logs',
  'token_transfers',
  'internal_transactions',
  'blocks',
  'addresses',
  'token_balances',
] as const;

export interface TableStatsOptions {
  /** Transactions written before the first ANALYZE (default 20,000). */
  minRows?: number;
  /** Share of the transactions counted at the last ANALYZE that triggers the next (default 0.1). */
  share?: number;
  log?: (msg: string) => void;
}

export class TableStats {
  private sinceLast = 0;
  private counted = 0;
  private running: Promise<void> | null = null;
  private readonly minRows: number;
  private readonly share: number;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly opts: TableStatsOptions = {},
  ) {
    this.minRows = opts.minRows ?? 20_000;
    this.share = opts.share ?? 0.1;
  }

  /** Counts transactions just committed. */
  note(txs: number): void {
    this.sinceLast += txs;
  }

  /** Whether enough was written since the last ANALYZE to start another. */
  get due(): boolean {
    return this.sinceLast >= Math.max(this.minRows, this.counted * this.share);
  }

  /** Starts an ANALYZE of the bulk-loaded tables when due and none runs; returns it (or null). */
  maybeAnalyze(): Promise<void> | null {
    if (this.running || !this.due) return null;
    const rows = this.sinceLast;
    this.counted += rows;
    this.sinceLast = 0;
    const started = Date.now();
    this.running = (async () => {
      try {
        for (const table of ANALYZED_TABLES) await sql`ANALYZE ${sql.table(table)}`.execute(this.db);
        this.opts.log?.(`indexer: analyzed ${ANALYZED_TABLES.length} tables after ${rows} transactions (${Date.now() - started} ms)`);
      } catch (err) {
        this.opts.log?.(`indexer: ANALYZE failed: ${err instanceof Error ? err.message : String(err)}`);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /** Waits for an ANALYZE in progress (at stop). */
  async idle(): Promise<void> {
    await this.running;
  }
}
