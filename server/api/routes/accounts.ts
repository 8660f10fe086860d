/**
 * Accounts: sign up, log in, the wallet link (challenge + signature + browser-encrypted
 * keystore) and the wallet data. Passwords arrive in JSON bodies (the spec's GET
 * /registration/{email}/{password} also works, for old clients, and is kept out of every log like
 * the rest of this scope; the SPA never uses it). Tokens: HS256 JWT, see server/auth/jwt.ts.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { verifyMessage } from 'ethers';
import { ErrorBody } from '../../../common/api/base';
import {
  ChallengeResponse, Credentials, LinkWalletBody, LinkWalletResponse, LoginFailure, LoginResponse, RegistrationFailure, RegistrationResponse,
  WalletDataResponse, type LoginResponse as LoginAnswer,
} from '../../../common/api/wallet';
import { createChallenge, checkChallenge } from '../../auth/challenge';
import { signToken } from '../../auth/jwt';
import { checkKeystore } from '../../auth/keystore';
import { authLimiter } from '../../auth/limits';
import { hashPassword, verifyPassword } from '../../auth/password';
import { SECRET_ROUTE_LOG_LEVEL, installRedactedErrors } from '../../auth/redact';
import { resolveJwtSecret } from '../../auth/secret';
import { requireEmail } from '../../auth/session';
import { emailProblem, findUser, insertUser, linkWallet, normalizeEmail, passwordProblem } from '../../auth/users';
import type { Api, ApiContext, RouteModule } from '../context';
import { rubyAddress, toAmount } from '../format';
import { ApiError, badRequest } from '../http';
import { parseAddressParam } from '../params';
import { patterns } from '../../../common/api/paths';

export const LOGIN_FAILED = 'Invalid email or password';
export const LOGIN_OK = 'Login successful';
export const NO_WALLET_YET = 'No wallet is linked to this account yet';
export const REGISTERED = 'Registration successful';
export const EMAIL_TAKEN = 'an account with this email already exists';
export const WALLET_LINKED = 'Wallet linked successfully';

const Tags = ['Account'];
const secretRoute = { logLevel: SECRET_ROUTE_LOG_LEVEL } as const;

function registrationFailure(code: 400 | 409, why: string) {
  return { code, body: { status: false as const, message: why, result: why } };
}

async function register(ctx: ApiContext, secret: string, creds: { email: string; password: string }) {
  const email = normalizeEmail(creds.email);
  const problem = emailProblem(email) ?? passwordProblem(creds.password);
  if (problem) return registrationFailure(400, problem);
  const hash = await hashPassword(creds.password);
  if (!(await insertUser(ctx.db, email, hash))) return registrationFailure(409, EMAIL_TAKEN);
  return { code: 200 as const, body: { status: true, token: signToken(secret, email, ctx.config.auth.tokenTtlSeconds), result: REGISTERED } };
}

async function login(ctx: ApiContext, secret: string, creds: { email: string; password: string }) {
  const email = normalizeEmail(creds.email);
  const user = emailProblem(email) ? null : await findUser(ctx.db, email);
  // Unknown email: the same scrypt work against a decoy, and the same answer.
  const ok = await verifyPassword(creds.password, user?.passwordHash ?? null);
  if (!ok || !user) return { code: 401 as const, body: { status: false as const, wallet: false as const, token: '' as const, msg: LOGIN_FAILED, message: LOGIN_FAILED } };
  const token = signToken(secret, email, ctx.config.auth.tokenTtlSeconds);
  const body: LoginAnswer = user.walletAddress && user.keystore
    ? { status: true, wallet: true, token, msg: LOGIN_OK, address: rubyAddress(user.walletAddress), keystore: user.keystore }
    : { status: true, wallet: false, token, msg: NO_WALLET_YET };
  return { code: 200 as const, body };
}

/** Links the wallet that signed this server's challenge; stores its address and keystore only. */
async function link(ctx: ApiContext, secret: string, email: string, body: LinkWalletBody): Promise<string> {
  const address = parseAddressParam(body.address);
  const why = checkChallenge(secret, email, body.message);
  if (why) throw badRequest(`Invalid challenge: ${why}`);
  let signer: string;
  try {
    signer = verifyMessage(body.message, body.signature).toLowerCase();
  } catch {
    throw badRequest('Invalid signature: not a signature of the challenge');
  }
  if (signer !== address) throw badRequest('Invalid signature: the challenge was not signed by this wallet');
  const ksProblem = checkKeystore(body.keystore, address);
  if (ksProblem) throw badRequest(`Invalid keystore: ${ksProblem}`);
  if (!(await findUser(ctx.db, email))) throw new ApiError(401, 'Invalid or expired token: log in again');
  await linkWallet(ctx.db, email, address, body.keystore);
  return address;
}

function secretScope(app: Api, ctx: ApiContext, secret: string): void {
  void app.register(async (scope) => {
    installRedactedErrors(scope, ctx.log);
    const limit = await authLimiter(scope, ctx.config.auth);
    const typed = scope.withTypeProvider<TypeBoxTypeProvider>();

    typed.post(patterns.register, {
      ...secretRoute, preHandler: limit,
      schema: { tags: Tags, summary: 'Sign up: create an account, answer a login token', body: Credentials, response: { 200: RegistrationResponse, 400: RegistrationFailure, 409: RegistrationFailure, 429: ErrorBody } },
    }, async (req, reply) => {
      const r = await register(ctx, secret, req.body);
      return reply.code(r.code).send(r.body);
    });

    typed.get(patterns.registerInPath, {
      ...secretRoute, preHandler: limit,
      schema: {
        tags: Tags, summary: 'Sign up (spec form; prefer the POST: a password in a URL lands in browser history and proxies)',
        params: Type.Object({ email: Type.String(), password: Type.String() }),
        response: { 200: RegistrationResponse, 400: RegistrationFailure, 409: RegistrationFailure, 429: ErrorBody },
      },
    }, async (req, reply) => {
      const r = await register(ctx, secret, req.params);
      return reply.code(r.code).send(r.body);
    });

    typed.post(patterns.login, {
      ...secretRoute, preHandler: limit,
      schema: { tags: Tags, summary: 'Log in: a token, and whether (and which) wallet is linked', body: Credentials, response: { 200: LoginResponse, 401: LoginFailure, 429: ErrorBody } },
    }, async (req, reply) => {
      const r = await login(ctx, secret, req.body);
      return reply.code(r.code).send(r.body);
    });

    typed.post(patterns.importWallet, {
      ...secretRoute,
      schema: {
        tags: Tags, summary: 'Link a wallet: its address, a signature of /walletchallenge, and its keystore encrypted in the browser',
        security: [{ bearer: [] }], body: LinkWalletBody, response: { 200: LinkWalletResponse, 400: ErrorBody, 401: ErrorBody },
      },
    }, async (req) => {
      const email = requireEmail(req, secret);
      const address = await link(ctx, secret, email, req.body);
      return { status: true, msg: WALLET_LINKED, result: { address: rubyAddress(address) } };
    });
  });
}

export const accountsRoutes: RouteModule = (app, ctx) => {
  const secret = resolveJwtSecret(ctx.config);
  secretScope(app, ctx, secret);

  app.get(patterns.walletChallenge, {
    schema: { tags: Tags, summary: 'The text to sign with the wallet key before /importwallet (valid 5 minutes)', security: [{ bearer: [] }], response: { 200: ChallengeResponse, 401: ErrorBody } },
  }, async (req) => ({ status: true, result: createChallenge(secret, requireEmail(req, secret)) }));

  app.get(patterns.walletData, {
    schema: {
      tags: Tags, summary: "The account's wallet: address, live balance, encrypted keystore (the token's own account only); result null without a wallet",
      security: [{ bearer: [] }], params: Type.Object({ email: Type.String() }),
      response: { 200: WalletDataResponse, 401: ErrorBody, 403: ErrorBody, 503: ErrorBody },
    },
  }, async (req) => {
    const email = requireEmail(req, secret);
    if (normalizeEmail(req.params.email) !== email) throw new ApiError(403, 'This token belongs to another account');
    const user = await findUser(ctx.db, email);
    if (!user) throw new ApiError(401, 'Invalid or expired token: log in again');
    if (!user.walletAddress || !user.keystore) return { status: true, result: null };
    const wei = BigInt(await ctx.rpc.call<string>('eth_getBalance', [user.walletAddress, 'latest']));
    return { status: true, result: { email, address: rubyAddress(user.walletAddress), balance: toAmount(wei), balanceWei: wei.toString(), keystore: user.keystore } };
  });
};
