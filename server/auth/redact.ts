/**
 * Error handling for routes that receive secrets (passwords, private keys) in their path or body.
 * The API's usual handler logs `req.url` on a 5xx; here the log names only the route pattern
 * (`/api/send/:privateKey/...`), and no answer echoes the request: a malformed JSON body's parser
 * message (which quotes the body) is replaced. The routes also run with Fastify's log level
 * 'silent', so even an enabled request logger writes nothing for them.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError, UNAVAILABLE, isUnavailable } from '../core/http';

export const SECRET_ROUTE_LOG_LEVEL = 'silent';

export function installRedactedErrors(scope: FastifyInstance, log: (m: string) => void): void {
  scope.setErrorHandler((err: FastifyError, req, reply) => {
    const route = `${req.method} ${req.routeOptions.url ?? '(unknown route)'}`;
    if (err instanceof ApiError) {
      const retry = (err as { retryAfterSeconds?: unknown }).retryAfterSeconds;
      if (typeof retry === 'number') void reply.header('retry-after', String(retry));
      return reply.code(err.statusCode).send(err.body());
    }
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError) {
      return reply.code(400).send({ status: false, message: 'Invalid request: the body is not valid JSON' });
    }
    if (err.validation) return reply.code(400).send({ status: false, message: `Invalid request: ${err.message}` });
    if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.code(err.statusCode).send({ status: false, message: `Invalid request (${err.code ?? err.statusCode})` });
    }
    if (isUnavailable(err)) {
      log(`api: ${route}: backend unavailable`);
      return reply.code(503).send({ status: false, message: UNAVAILABLE });
    }
    // Neither the URL nor the message: an error thrown deep in a library may quote its input.
    log(`api: ${route} failed: ${err.name}`);
    return reply.code(500).send({ status: false, message: 'Internal error' });
  });
}
