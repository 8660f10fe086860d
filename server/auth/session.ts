/**
 * Who is calling: the `Authorization: Bearer <jwt>` header, verified with the server's secret.
 * Every failure is the same 401, so a caller learns nothing about which part was wrong.
 */
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../api/http';
import { verifyToken } from './jwt';

export const TOKEN_REJECTED = 'Invalid or expired token: log in again';

export function bearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (typeof h !== 'string') return null;
  const m = /^Bearer\s+(\S+)$/i.exec(h.trim());
  return m ? (m[1] ?? null) : null;
}

/** The token's email (normalised at sign-up); throws a 401 ApiError. */
export function requireEmail(req: FastifyRequest, secret: string): string {
  const token = bearer(req);
  if (!token) throw new ApiError(401, TOKEN_REJECTED);
  const v = verifyToken(secret, token);
  if (!v.ok) throw new ApiError(401, TOKEN_REJECTED);
  return v.payload.email;
}
