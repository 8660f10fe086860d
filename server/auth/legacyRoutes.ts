/**
 * The spec's GET routes that carry a secret in the path (/registration/{email}/{password},
 * /send/{privateKey}/…, /sendtoken/{privateKey}/…): a URL is written to browser history, proxy
 * and server logs. They answer as the spec says with the bundled devnet, whose coins are a demo's;
 * against a real node they are off unless LEGACY_SECRET_ROUTES=on, and answer 410 Gone naming
 * the call that keeps the secret in the body. Checked on the request, before its URL is parsed.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';

export const LEGACY_GONE = (safe: string): string =>
  `Gone: a password or key in a URL ends up in logs and browser history. Use ${safe} with it in the JSON body ` +
  '(an operator may turn the old form back on with LEGACY_SECRET_ROUTES=on)';

/** An onRequest hook answering 410 unless the legacy secret routes are on. */
export function legacySecretGate(config: Pick<Config, 'legacySecretRoutes'>, safe: string) {
  return async (_req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (config.legacySecretRoutes) return;
    await reply.code(410).send({ status: false, message: LEGACY_GONE(safe) });
  };
}
