/**
 * Errors as the API answers them: `{ status: false, message }` with a 4xx for bad input or
 * unknown things, 503 when the database or the node cannot be reached (the server keeps running
 * and recovers by itself), never a stack trace.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { RpcTransportError } from '../chain/rpc';
import { ApiError } from '../../common/api/error';
import { sqlState } from '../db/errors';

// The error class and its helpers live in common/ (the SPA reads the same shape); the server's
// modules keep importing them from here.
export { ApiError, badRequest, notFound } from '../../common/api/error';
export const UNAVAILABLE = 'Service temporarily unavailable: the database or the node cannot be reached. Try again shortly.';
/** A query stopped by the API's statement time-out (API_STATEMENT_TIMEOUT_MS, 57014 query_canceled). */
export const QUERY_TOO_LONG =
  'The database took too long to answer this request and the query was stopped: try a smaller page or a narrower request, or retry shortly.';

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);

/** True for errors that mean "a backend is down", not "this request is wrong". */
export function isUnavailable(err: unknown): boolean {
  if (err instanceof RpcTransportError) return true;
  const state = sqlState(err);
  // 08xxx connection exceptions, 57P0x shutdown / cannot connect now, 53xxx out of resources,
  // 57014 a statement cancelled (the pool's statement_timeout: a backend too slow to answer).
  if (state && (state.startsWith('08') || state.startsWith('57P') || state.startsWith('53') || state === '57014')) return true;
  if (typeof err === 'object' && err !== null) {
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
    // Connecting to a name with several addresses (localhost: ::1 and 127.0.0.1) fails with an
    // AggregateError of one error per address.
    if (err instanceof AggregateError && err.errors.length > 0 && err.errors.every(isUnavailable)) return true;
    const message = (err as { message?: unknown }).message;
    if (
      typeof message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|database is closed|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end|worker (is )?(gone|exited|closed)|remote database port closed/i.test(
        message,
      )
    )
      return true;
  }
  return false;
}

export function installErrorHandling(app: FastifyInstance, log: (m: string) => void): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof ApiError) {
      // A busy gate (workGate.ts) says when to come back.
      const retry = (err as { retryAfterSeconds?: unknown }).retryAfterSeconds;
      if (typeof retry === 'number') void reply.header('retry-after', String(retry));
      return reply.code(err.statusCode).send(err.body());
    }
    if (err.validation) {
      return reply.code(400).send({ status: false, message: `Invalid request: ${err.message}` });
    }
    if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.code(err.statusCode).send({ status: false, message: err.message });
    }
    if (sqlState(err) === '57014') {
      log(`api: ${req.method} ${pathOf(req.url)}: query stopped by the statement time-out`);
      return reply.code(503).header('retry-after', '5').send({ status: false, message: QUERY_TOO_LONG });
    }
    if (isUnavailable(err)) {
      log(`api: ${req.method} ${pathOf(req.url)}: backend unavailable: ${err.message}`);
      return reply.code(503).send({ status: false, message: UNAVAILABLE });
    }
    log(`api: ${req.method} ${pathOf(req.url)} failed: ${err.stack ?? err.message}`);
    return reply.code(500).send({ status: false, message: 'Internal error' });
  });
}

/** The 404 body of an unknown API route (SPA routes are answered by the SPA fallback). */
/** The path of a URL without its query (which may carry an `apikey`), cut for a log line. */
function pathOf(url: string): string {
  return (url.split('?')[0] ?? url).slice(0, 200);
}

export function unknownRoute(method: string, url: string): { status: false; message: string } {
  return { status: false, message: `Unknown API route: ${method} ${pathOf(url)}` };
}
