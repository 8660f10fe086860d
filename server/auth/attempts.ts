/**
 * Attempt counters of the log-in and sign-up limits, in the database (020_auth_attempts.sql), so
 * every API process of one database counts the same attempts: a guesser refused by one replica
 * is refused by all. Fixed windows: a counter's first attempt opens a window of `windowMs`; the
 * attempts in it add up; once it has ended the next attempt starts a new one. The database's
 * clock (now()) decides, so replicas with skewed clocks still agree.
 *
 * Counting is one atomic upsert (INSERT … ON CONFLICT DO UPDATE … RETURNING), the same on
 * PostgreSQL and PGlite: concurrent attempts each get their own number, none slips through
 * between a read and a write. Keys are hashed: the table holds no email or address in clear.
 */
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

export interface AttemptCount {
  /** Attempts in the current window, this one included. */
  count: number;
  /** Whole seconds until the window ends (at least 1). */
  retryAfterSeconds: number;
}

/** How often (at most) one process deletes the rows whose window has ended. */
export const PURGE_EVERY_MS = 60_000;

/** The stored key of a counter: its kind in clear, what it counts as a SHA-256. */
export function attemptKey(kind: 'net' | 'fail', ...parts: string[]): string {
  return `${kind}:${createHash('sha256').update(parts.join('\n'), 'utf8').digest('hex')}`;
}

export class AttemptCounter {
  private lastPurge = 0;

  constructor(private readonly db: Kysely<DB>) {}

  /** Counts one attempt on `key`; answers the window's count so far and the seconds it has left. */
  async count(key: string, windowMs: number): Promise<AttemptCount> {
    await this.purgeNowAndThen();
    const { rows } = await sql<{ count: number; ttl_ms: number }>`
      INSERT INTO auth_attempts AS a (key, count, expires_at)
      VALUES (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN a.expires_at > now() THEN a.count + 1 ELSE 1 END,
        expires_at = CASE WHEN a.expires_at > now() THEN a.expires_at ELSE excluded.expires_at END
      RETURNING a.count, (extract(epoch FROM a.expires_at - now()) * 1000)::float8 AS ttl_ms`.execute(this.db);
    const row = rows[0];
    if (!row) throw new Error('auth_attempts: the upsert returned no row');
    return { count: Number(row.count), retryAfterSeconds: Math.max(1, Math.ceil(Number(row.ttl_ms) / 1000)) };
  }

  /** Forgets `key`'s attempts (a successful log-in clears its failures). */
  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('auth_attempts').where('key', '=', key).execute();
  }

  /** Deletes ended windows, at most once per PURGE_EVERY_MS in this process. */
  private async purgeNowAndThen(): Promise<void> {
    const now = Date.now();
    if (now - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = now;
    await sql`DELETE FROM auth_attempts WHERE expires_at < now()`.execute(this.db);
  }
}
