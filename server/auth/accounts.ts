/**
 * The account actions behind the routes: sign up, log in (with the linked wallet) and linking a
 * wallet (challenge + signature + browser-encrypted keystore). Answers carry the spec's fields
 * and texts; the routes (api/routes/accounts.ts) only parse and send them.
 */
import { verifyMessage } from 'ethers';
import type { LinkWalletBody, LoginResponse } from '../../common/api/wallet';
import { KDF_ID, LOGIN_SECRET_RE } from '../../common/kdfParams';
import type { ApiContext } from '../core/context';
import { rubyAddress } from '../core/format';
import { ApiError, badRequest } from '../core/http';
import { parseAddressParam } from '../core/params';
import { checkChallenge } from './challenge';
import { signToken } from './jwt';
import { openSession } from './sessions';
import { checkKeystore } from './keystore';
import { hashPassword, verifyPassword } from './password';
import { LOGIN_SECRET_PROBLEM, rekeyGrant } from './rekey';
import { LEGACY_AUTH, SPLIT_AUTH, emailProblem, findUser, insertUser, linkWallet, normalizeEmail, passwordProblem } from './users';

export const LOGIN_FAILED = 'Invalid email or password';
export const LOGIN_OK = 'Login successful';
export const NO_WALLET_YET = 'No wallet is linked to this account yet';
export const REGISTERED = 'Registration successful';
export const EMAIL_TAKEN = 'an account with this email already exists';
export const WALLET_LINKED = 'Wallet linked successfully';
/** A token alone does not replace a linked wallet (a stolen one would take the account's wallet away). */
export const WALLET_REPLACE_NEEDS_PASSWORD = "A wallet is already linked to this account: send the account's password to replace it";
export const WALLET_REPLACE_WRONG_PASSWORD = 'The password is wrong: the linked wallet was not replaced';

export interface Credentials {
  email: string;
  /** With `kdf`: the log-in secret (common/kdf.ts). Without: the password itself (the old form). */
  password: string;
  kdf?: typeof KDF_ID;
}

const split = (creds: Credentials) => creds.kdf === KDF_ID;

function registrationFailure(code: 400 | 409, why: string) {
  return { code, body: { status: false as const, message: why, result: why } };
}

export async function register(ctx: ApiContext, secret: string, creds: Credentials) {
  const email = normalizeEmail(creds.email);
  // The 8-character rule of a split sign-up is the browser's (it alone sees the password).
  const problem = emailProblem(email) ?? (split(creds) ? secretProblem(creds.password) : passwordProblem(creds.password));
  if (problem) return registrationFailure(400, problem);
  const hash = await hashPassword(creds.password);
  if (!(await insertUser(ctx.db, email, hash, split(creds) ? SPLIT_AUTH : LEGACY_AUTH))) return registrationFailure(409, EMAIL_TAKEN);
  return {
    code: 200 as const,
    body: { status: true, token: await openToken(ctx, secret, email), result: REGISTERED },
  };
}

/** A new server-side session for `email` and its token (server/auth/sessions.ts). */
export async function openToken(ctx: ApiContext, secret: string, email: string): Promise<string> {
  const ttl = ctx.config.auth.tokenTtlSeconds;
  const sid = await openSession(ctx.db, email, ttl);
  return signToken(secret, { email, sid }, ttl);
}

function secretProblem(secret: string): string | null {
  return LOGIN_SECRET_RE.test(secret) ? null : LOGIN_SECRET_PROBLEM;
}

const refused = (upgrade: boolean) => ({
  code: 401 as const,
  body: {
    status: false as const,
    wallet: false as const,
    token: '' as const,
    msg: LOGIN_FAILED,
    message: LOGIN_FAILED,
    ...(upgrade ? { upgrade: true as const } : {}),
  },
});

/**
 * Log-in. The form must match the row: a log-in secret (`kdf`) for a moved account, the password
 * for one not moved yet; the old form is refused for a moved account. A log-in secret for an
 * account not moved yet gets `upgrade: true`, so the SPA logs in once with the old form, whose
 * answer carries the `rekey` grant for the move (server/auth/rekey.ts).
 */
export async function login(ctx: ApiContext, secret: string, creds: Credentials) {
  const email = normalizeEmail(creds.email);
  const user = emailProblem(email) ? null : await findUser(ctx.db, email);
  const formMatches = user !== null && (user.authVersion === SPLIT_AUTH) === split(creds);
  // Unknown email or the other form: the same scrypt work against a decoy, and the same answer.
  const ok = await verifyPassword(creds.password, formMatches ? user.passwordHash : null);
  if (!ok || !user) return refused(user !== null && user.authVersion === LEGACY_AUTH && split(creds));
  const token = await openToken(ctx, secret, email);
  const base: LoginResponse =
    user.walletAddress && user.keystore
      ? { status: true, wallet: true, token, msg: LOGIN_OK, address: rubyAddress(user.walletAddress), keystore: user.keystore }
      : { status: true, wallet: false, token, msg: NO_WALLET_YET };
  const body: LoginResponse = user.authVersion === LEGACY_AUTH ? { ...base, rekey: rekeyGrant(secret, email, user.passwordHash) } : base;
  return { code: 200 as const, body };
}

/**
 * Links the wallet that signed this server's challenge to the (authenticated) account `email`;
 * stores its address and keystore only. Answers the address (0x, lower case).
 */
export async function link(ctx: ApiContext, secret: string, email: string, body: LinkWalletBody): Promise<string> {
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
  // Replacing a linked wallet asks for the password (the log-in secret, as /login takes it).
  const user = await findUser(ctx.db, email);
  if (user?.walletAddress) {
    if (body.password === undefined) throw new ApiError(409, WALLET_REPLACE_NEEDS_PASSWORD);
    if (!(await verifyPassword(body.password, user.passwordHash))) throw new ApiError(403, WALLET_REPLACE_WRONG_PASSWORD);
  }
  await linkWallet(ctx.db, email, address, body.keystore);
  return address;
}
