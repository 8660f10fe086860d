/**
 * Refusals answered before the body is read (rate limits at onRequest): when the
 * request still has a body on the wire, the connection is closed after the answer instead of
 * being kept for another request, which would make Node read (and throw away) the whole body.
 */
import type { FastifyRequest } from 'fastify';

/** Whether the request announces a body that has not been read yet. */
export function hasUnreadBody(req: FastifyRequest): boolean {
  const h = req.headers;
  const announced = (h['content-length'] !== undefined && h['content-length'] !== '0') || h['transfer-encoding'] !== undefined;
  return announced && req.body === undefined && !req.raw.readableEnded;
}
