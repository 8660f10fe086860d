/**
 * Server-side sessions (021_sessions.sql). A log-in or sign-up opens a row with a
 * random id; the token carries it (`sid`, server/auth/jwt.ts). The authenticated scope and the
 * socket's user room accept a token only while its row is live (not ended, not expired), checked
 * in the one query that loads the user (`findSessionUser`). Ending sets `ended_at`; rows are kept
 * until a day after they expire (pruned at the account's next log-in), so a token of an ended
 * session stays refused. The table is on the primary database (readRouting.ts's API_TABLES):
 * every replica of a scale-out reads the same rows, so all agree at once.
 */
import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { toUserRow, type UserRow } from './users';

/** 32 random bytes, base64url (43 characters). */
export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

/** Opens a session for `email` that expires with its token; answers its id. */
export async function openSession(db: Kysely<DB>, email: string, ttlSeconds: number): Promise<string> {
  const id = newSessionId();
  await db
    .deleteFrom('sessions')
    .where('email', '=', email)
    .where('expires_at', '<', sql<Date>`now() - interval '1 day'`)
    .execute();
  await db
    .insertInto('sessions')
    .values({ id, email, expires_at: sql<Date>`now() + make_interval(secs => ${ttlSeconds})` })
    .execute();
  return id;
}

/**
 * The account of a live session `sid` of `email`, or null (no such account, no such session, or
 * one ended or expired). One query: the user row joined with its session row.
 */
export async function findSessionUser(db: Kysely<DB>, email: string, sid: string): Promise<UserRow | null> {
  const r = await db
    .selectFrom('users as u')
    .innerJoin('sessions as s', 's.email', 'u.email')
    .select(['u.email', 'u.password_hash', 'u.auth_version', 'u.wallet_address', 'u.keystore'])
    .where('u.email', '=', email)
    .where('s.id', '=', sid)
    .where('s.ended_at', 'is', null)
    .where('s.expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return r ? toUserRow(r) : null;
}

/** Ends the session `sid` of `email` (log-out). Answers whether a live one was ended. */
export async function endSession(db: Kysely<DB>, email: string, sid: string): Promise<boolean> {
  const r = await db
    .updateTable('sessions')
    .set({ ended_at: sql<Date>`now()` })
    .where('id', '=', sid)
    .where('email', '=', email)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/**
 * Ends every live session of `email` ("log out everywhere"), or every one but `keep` (a password
 * change: the caller's stays). Answers how many were ended. Takes a transaction, so a password
 * change swaps the hash and ends the others in one commit.
 */
export async function endSessions(db: Kysely<DB> | Transaction<DB>, email: string, keep: string | null = null): Promise<number> {
  let q = db
    .updateTable('sessions')
    .set({ ended_at: sql<Date>`now()` })
    .where('email', '=', email)
    .where('ended_at', 'is', null);
  if (keep !== null) q = q.where('id', '<>', keep);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows);
}
