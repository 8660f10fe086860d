import { createHmac } from 'node:crypto';
/**
 * Tokens for the tests of the authenticated routes: the session id (`sid`) a real log-in token
 * carries, so a test can sign an expired or foreign token for a live session (server/auth/jwt.ts).
 */
export function sidOf(token: string): string {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sid?: unknown };
  if (typeof payload.sid !== 'string') throw new Error('the token carries no sid');
  return payload.sid;
}

/** A session id nobody opened (43 base64url characters, as sessions.ts makes them). */
export const UNKNOWN_SID = 'A'.repeat(43);

/** A token as the release before sessions signed it: `{ email, iat, exp }`, no sid (HS256, valid signature). */
export function sidlessToken(secret: string, email: string, ttlSeconds = 3600): string {
  const now = Math.floor(Date.now() / 1000);
  const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const body = `${enc({ alg: 'HS256', typ: 'JWT' })}.${enc({ email, iat: now, exp: now + ttlSeconds })}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}
