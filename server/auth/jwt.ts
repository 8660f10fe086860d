/**
 * Login tokens: compact JWS with HS256 (RFC 7519), payload `{ email, sid, iat, exp }` with times
 * in seconds (the SPA compares exp in seconds, docs/decisions.md#spec-limits). `sid` names the
 * server-side session (server/auth/sessions.ts): a token is accepted only while that session is
 * live, so log-out and a password change end tokens before their exp. A token without `sid`
 * (signed before sessions existed) is malformed. Only HS256 is accepted: a token's own `alg`
 * header never chooses the verification method.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface TokenPayload {
  email: string;
  /** The session's id (sessions.id). */
  sid: string;
  iat: number;
  exp: number;
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

function mac(secret: string, data: string): Buffer {
  return createHmac('sha256', secret).update(data).digest();
}

export function signToken(
  secret: string,
  who: { email: string; sid: string },
  ttlSeconds: number,
  now = Math.floor(Date.now() / 1000),
): string {
  const payload: TokenPayload = { email: who.email, sid: who.sid, iat: now, exp: now + ttlSeconds };
  const body = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${body}.${mac(secret, body).toString('base64url')}`;
}

export type VerifyResult = { ok: true; payload: TokenPayload } | { ok: false; reason: 'malformed' | 'signature' | 'expired' };

export function verifyToken(secret: string, token: string, now = Math.floor(Date.now() / 1000)): VerifyResult {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'malformed' };
  const [h, p, s] = parts as [string, string, string];
  let header: unknown;
  let payload: unknown;
  try {
    header = JSON.parse(Buffer.from(h, 'base64url').toString('utf8'));
    payload = JSON.parse(Buffer.from(p, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (typeof header !== 'object' || header === null || (header as { alg?: unknown }).alg !== 'HS256')
    return { ok: false, reason: 'malformed' };
  const given = Buffer.from(s, 'base64url');
  const expected = mac(secret, `${h}.${p}`);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'signature' };
  const pl = payload as Partial<TokenPayload>;
  if (typeof pl.email !== 'string' || typeof pl.sid !== 'string' || typeof pl.exp !== 'number' || typeof pl.iat !== 'number')
    return { ok: false, reason: 'malformed' };
  if (pl.exp <= now) return { ok: false, reason: 'expired' };
  return { ok: true, payload: { email: pl.email, sid: pl.sid, iat: pl.iat, exp: pl.exp } };
}
