/**
 * The advanced filter's selector and failed-status questions read their own indexes
 * (026_filter_indexes.sql): on a table of 200,000 transactions where the asked selector and the
 * failures are only in the oldest blocks, the planner uses them (without, it walks the whole table
 * newest first), and the answers are the right rows. EXPLAIN on both databases.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/db';
import type { Database } from '../../../server/db/database';

const N = 200_000;

describeEachDatabase('advanced filter indexes', (getDb) => {
  let db: Database;
  beforeAll(async () => {
    db = getDb();
    await sql`INSERT INTO transactions (hash, block_number, tx_index, timestamp, from_address, to_address, value, gas, effective_gas_price,
        gas_used, fee, nonce, input, status, envelope_type, tx_type)
      SELECT '0x' || lpad(to_hex(g), 64, '0'), g / 100, g % 100, 1700000000 + g, 'r' || lpad(to_hex(g % 500), 40, '0'),
        'r' || lpad(to_hex(g % 700), 40, '0'), 0, 21000, 1, 21000, 21000, g,
        CASE WHEN g < 300 AND g % 100 = 5 THEN '0x12345678' ELSE '0xa9059cbb' || repeat('0', 128) END,
        CASE WHEN g < 300 AND g % 100 = 7 THEN 0 ELSE 1 END, 2, 0
      FROM generate_series(1, ${N}) g`.execute(db.db);
    await sql`ANALYZE transactions`.execute(db.db);
  }, 300_000);
  afterAll(async () => {
    await sql`DELETE FROM transactions`.execute(db.db);
  });

  const ask = async (cond: ReturnType<typeof sql>) => {
    const q = (prefix: ReturnType<typeof sql>) =>
      sql<Record<string, unknown>>`${prefix} SELECT t.hash FROM transactions t WHERE ${cond}
        ORDER BY t.block_number DESC, t.tx_index DESC LIMIT 26`.execute(db.db);
    const plan = (await q(sql`EXPLAIN`)).rows.map((r) => String(Object.values(r)[0])).join('\n');
    const rows = (await q(sql``)).rows.map((r) => String(r.hash));
    return { plan, rows };
  };

  it('a method selector: transactions_selector_idx', async () => {
    const { plan, rows } = await ask(sql`left(t.input, 10) = ANY(${['0x12345678']}::text[])`);
    expect(plan).toContain('transactions_selector_idx');
    expect(rows.length).toBe(3); // transactions 5, 105 and 205
  });

  it('failed transactions: transactions_failed_idx', async () => {
    const { plan, rows } = await ask(sql`NOT (t.status = 1)`);
    expect(plan).toContain('transactions_failed_idx');
    expect(rows.length).toBe(3); // 7, 107 and 207
  });
});
