/**
 * Accounts: sign up, log in, the wallet link (challenge + signature + browser-encrypted
 * keystore), re-keying and the wallet data. The SPA sends log-in secrets derived
 * from the password, never the password (common/kdf.ts); old clients' passwords arrive in JSON
 * bodies (the spec's GET
 * /registration/{email}/{password} also works, for old clients, and is kept out of every log like
 * the rest of this scope; the SPA never uses it). Tokens: HS256 JWT, see server/auth/jwt.ts; the
 * logged-in routes are in the authenticated scope (server/auth/scope.ts), which sets `req.user`.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ErrorBody } from '../../../common/api/base';
import { Credentials, LinkWalletBody, LoginFailure, RekeyBody, RegistrationFailure } from '../../../common/api/wallet';
import { WALLET_LINKED, link, login, register } from '../../auth/accounts';
import { createChallenge } from '../../auth/challenge';
import { legacySecretGate } from '../../auth/legacyRoutes';
import { REKEYED, rekey } from '../../auth/rekey';
import { AuthLimiter } from '../../auth/limits';
import { SECRET_ROUTE_LOG_LEVEL, installRedactedErrors } from '../../auth/redact';
import { resolveJwtSecret } from '../../auth/secret';
import { normalizeEmail } from '../../auth/users';
import type { RouteModule } from '../../core/context';
import { rubyAddress } from '../../core/format';
import { ApiError } from '../../core/http';
import { walletData } from '../../queries/wallet';
import { patterns } from '../../../common/api/paths';
import { ANSWERS } from '../../../common/api/answers';

const Tags = ['Account'];
const secretRoute = { logLevel: SECRET_ROUTE_LOG_LEVEL } as const;
/**
 * Sign-up and log-in bodies are an email and a secret: a few hundred bytes. A larger body is
 * refused (413) from its Content-Length, before it is read.
 */
export const AUTH_BODY_LIMIT = 4096;

/**
 * Sign-up and log-in: rate-limited (server/auth/limits.ts: the client's network at onRequest,
 * before the body; a log-in's email and network before the password is hashed), small bodies,
 * silent logging, redacted errors.
 */
export const accountsRoutes: RouteModule = (app, ctx) => {
  const secret = resolveJwtSecret(ctx.config);
  const limits = new AuthLimiter(ctx.db, ctx.config.auth);
  const limited = { ...secretRoute, bodyLimit: AUTH_BODY_LIMIT, onRequest: limits.network } as const;
  void app.register(async (scope) => {
    installRedactedErrors(scope, ctx.log);
    const typed = scope.withTypeProvider<TypeBoxTypeProvider>();

    typed.post(
      patterns.register,
      {
        ...limited,
        schema: {
          tags: Tags,
          summary: 'Sign up: create an account, answer a login token',
          body: Credentials,
          response: { 200: ANSWERS.register, 400: RegistrationFailure, 409: RegistrationFailure, 429: ErrorBody },
        },
      },
      async (req, reply) => {
        const r = await register(ctx, secret, req.body);
        return reply.code(r.code).send(r.body);
      },
    );

    typed.get(
      patterns.registerInPath,
      {
        ...limited,
        onRequest: [legacySecretGate(ctx.config, 'POST /api/registration'), limits.network],
        schema: {
          tags: Tags,
          summary: 'Sign up (spec form; prefer the POST: a password in a URL lands in browser history and proxies)',
          params: Type.Object({ email: Type.String(), password: Type.String() }),
          response: { 200: ANSWERS.registerInPath, 400: RegistrationFailure, 409: RegistrationFailure, 410: ErrorBody, 429: ErrorBody },
        },
      },
      async (req, reply) => {
        const r = await register(ctx, secret, req.params);
        return reply.code(r.code).send(r.body);
      },
    );

    typed.post(
      patterns.login,
      {
        ...limited,
        preHandler: limits.failures,
        schema: {
          tags: Tags,
          summary: 'Log in: a token, and whether (and which) wallet is linked',
          body: Credentials,
          response: { 200: ANSWERS.login, 401: LoginFailure, 429: ErrorBody },
        },
      },
      async (req, reply) => {
        const r = await login(ctx, secret, req.body);
        if (r.code === 200) await limits.succeeded(req);
        return reply.code(r.code).send(r.body);
      },
    );
  });
};

/** The logged-in account's routes; registered in the authenticated scope (routes/index.ts). */
export const accountsAuthenticatedRoutes: RouteModule = (app, ctx) => {
  const secret = resolveJwtSecret(ctx.config);
  // The keystore travels in the body: silent logging and redacted errors here too.
  void app.register(async (scope) => {
    installRedactedErrors(scope, ctx.log);
    scope.withTypeProvider<TypeBoxTypeProvider>().post(
      patterns.importWallet,
      {
        ...secretRoute,
        schema: {
          tags: Tags,
          summary: 'Link a wallet: its address, a signature of /walletchallenge, and its keystore encrypted in the browser',
          body: LinkWalletBody,
          response: { 200: ANSWERS.importWallet, 400: ErrorBody, 403: ErrorBody, 409: ErrorBody },
        },
      },
      async (req) => {
        const address = await link(ctx, secret, req.user.email, req.body);
        return { status: true, msg: WALLET_LINKED, result: { address: rubyAddress(address) } };
      },
    );
    scope.withTypeProvider<TypeBoxTypeProvider>().post(
      patterns.rekey,
      {
        ...secretRoute,
        schema: {
          tags: Tags,
          summary:
            'Swap the log-in secret and the keystore in one atomic call: moving an account over (the old-form log-in’s grant) or changing the password (the current log-in secret; ends every other session of the account, the caller’s stays)',
          body: RekeyBody,
          response: { 200: ANSWERS.rekey, 400: ErrorBody, 403: ErrorBody, 409: ErrorBody },
        },
      },
      async (req) => {
        await rekey(ctx, secret, req.user, req.body);
        return { status: true as const, msg: REKEYED };
      },
    );
  });

  app.get(
    patterns.walletChallenge,
    {
      schema: {
        tags: Tags,
        summary: 'The text to sign with the wallet key before /importwallet (valid 5 minutes)',
        response: { 200: ANSWERS.walletChallenge },
      },
    },
    async (req) => ({ status: true, result: createChallenge(secret, req.user.email) }),
  );

  app.get(
    patterns.walletData,
    {
      schema: {
        tags: Tags,
        summary:
          "The account's wallet: address, live balance, encrypted keystore (the token's own account only); result null without a wallet",
        params: Type.Object({ email: Type.String() }),
        response: { 200: ANSWERS.walletData, 403: ErrorBody, 503: ErrorBody },
      },
    },
    async (req) => {
      const { email, walletAddress, keystore } = req.user;
      if (normalizeEmail(req.params.email) !== email) throw new ApiError(403, 'This token belongs to another account');
      if (!walletAddress || !keystore) return { status: true, result: null };
      return { status: true, result: await walletData(ctx, email, walletAddress, keystore) };
    },
  );
};
