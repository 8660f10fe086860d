/**
 * The auth limits' counters in the database (server/auth/attempts.ts, 020_auth_attempts.sql) on
 * PGlite and PostgreSQL: counts add up in a window and start again after it; concurrent attempts
 * each get their own number (one atomic upsert); clear() forgets a counter; ended windows are
 * deleted; the table holds no email or address in clear.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { AttemptCounter, attemptKey } from '../../../server/auth/attempts';
import { rawQuery } from '../../../server/db/database';
import { describeEachDatabase } from '../../helpers/db';

describeEachDatabase('auth attempt counters', (getDb) => {
  it('counts in a window, starts again after it, and clear() forgets', async () => {
    const counter = new AttemptCounter(getDb().db);
    const key = attemptKey('fail', 'ann@example.com', '203.0.113.9');
    const counts: number[] = [];
    for (let i = 0; i < 3; i++) counts.push((await counter.count(key, 60_000)).count);
    expect(counts).toEqual([1, 2, 3]);
    const r = await counter.count(key, 60_000);
    expect(r.retryAfterSeconds).toBeGreaterThan(50);
    expect(r.retryAfterSeconds).toBeLessThanOrEqual(60);
    await counter.clear(key);
    expect((await counter.count(key, 60_000)).count).toBe(1);

    const short = attemptKey('net', '198.51.100.1');
    expect((await counter.count(short, 200)).count).toBe(1);
    expect((await counter.count(short, 200)).count).toBe(2);
    await sleep(400);
    expect((await counter.count(short, 200)).count).toBe(1);
  });

  it('gives concurrent attempts distinct numbers', async () => {
    const counter = new AttemptCounter(getDb().db);
    const key = attemptKey('net', '192.0.2.200');
    const counts = await Promise.all(Array.from({ length: 20 }, () => counter.count(key, 60_000)));
    expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('deletes ended windows and keeps no email or address in clear', async () => {
    const db = getDb().db;
    const ended = attemptKey('net', '192.0.2.201');
    await new AttemptCounter(db).count(ended, 50);
    await sleep(150);
    // A new counter purges on its first attempt (then at most once a minute).
    await new AttemptCounter(db).count(attemptKey('fail', 'bob@example.com', '192.0.2.202'), 60_000);
    const rows = await rawQuery<{ key: string }>(db, 'SELECT key FROM auth_attempts');
    expect(rows.map((r) => r.key)).not.toContain(ended);
    const text = JSON.stringify(rows);
    expect(text).not.toMatch(/@|192\.0\.2|203\.0\.113/);
    for (const r of rows) expect(r.key).toMatch(/^(net|fail):[0-9a-f]{64}$/);
  });
});
