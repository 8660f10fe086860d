/**
 * The indexer's own ANALYZE after bulk loads (server/indexer/tableStats.ts): not before the
 * threshold, then once, on every bulk-loaded table, so the planner sees the rows that are there.
 */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { ANALYZED_TABLES, TableStats } from '../../../server/indexer/tableStats';
import { describeEachDatabase } from '../../helpers/db';

describeEachDatabase('table statistics after bulk loads', (getDb) => {
  const estimate = async (table: string): Promise<number> => {
    const r = await sql<{ n: number }>`SELECT reltuples::float8 AS n FROM pg_class WHERE relname = ${table}`.execute(getDb().db);
    return Number(r.rows[0]?.n);
  };

  it('analyzes every bulk-loaded table once enough transactions were written, and only then', async () => {
    const { db } = getDb();
    await sql`INSERT INTO addresses (address, first_block, last_block)
      SELECT '0x' || lpad(to_hex(g), 40, '0'), g, g FROM generate_series(1, 500) g`.execute(db);
    const logs: string[] = [];
    const stats = new TableStats(db, { minRows: 100, log: (m) => logs.push(m) });
    stats.note(60);
    expect(stats.due).toBe(false);
    expect(stats.maybeAnalyze()).toBeNull();
    expect(await estimate('addresses')).not.toBe(500);

    stats.note(40);
    expect(stats.due).toBe(true);
    const run = stats.maybeAnalyze();
    expect(run).not.toBeNull();
    expect(stats.maybeAnalyze()).toBeNull(); // one at a time
    await run;
    expect(await estimate('addresses')).toBe(500);
    for (const t of ANALYZED_TABLES) expect(await estimate(t), t).toBeGreaterThanOrEqual(0);
    expect(logs.join('\n')).toMatch(/analyzed 8 tables after 100 transactions/);

    // The next one waits for a tenth of what was counted, but at least minRows.
    stats.note(99);
    expect(stats.due).toBe(false);
    stats.note(1);
    expect(stats.due).toBe(true);
  });
});
