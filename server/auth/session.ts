/**
 * Who is calling: the `Authorization: Bearer <jwt>` header. The authenticated scope (scope.ts)
 * verifies it with the server's secret; every failure is the same 401 (TOKEN_REJECTED), so a
 * caller learns nothing about which part was wrong.
 */
import type { FastifyRequest } from 'fastify';

export const TOKEN_REJECTED = 'Invalid or expired token: log in again';

export function bearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (typeof h !== 'string') return null;
  const m = /^Bearer\s+(\S+)$/i.exec(h.trim());
  return m ? (m[1] ?? null) : null;
}
