/**
 * The account actions behind the routes: sign up, log in (with the linked wallet) and linking a
 * wallet (challenge + signature + browser-encrypted keystore). Answers carry the spec's fields
 * and texts; the routes (api/routes/accounts.ts) only parse and send them.
 */
import { verifyMessage } from 'ethers';
import type { LinkWalletBody, LoginResponse } from '../../common/api/wallet';
import type { ApiContext } from '../api/context';
import { rubyAddress } from '../api/format';
import { badRequest } from '../api/http';
import { parseAddressParam } from '../api/params';
import { checkChallenge } from './challenge';
import { signToken } from './jwt';
import { checkKeystore } from './keystore';
import { hashPassword, verifyPassword } from './password';
import { emailProblem, findUser, insertUser, linkWallet, normalizeEmail, passwordProblem } from './users';

export const LOGIN_FAILED = 'Invalid email or password';
export const LOGIN_OK = 'Login successful';
export const NO_WALLET_YET = 'No wallet is linked to this account yet';
export const REGISTERED = 'Registration successful';
export const EMAIL_TAKEN = 'an account with this email already exists';
export const WALLET_LINKED = 'Wallet linked successfully';

export interface Credentials {
  email: string;
  password: string;
}

function registrationFailure(code: 400 | 409, why: string) {
  return { code, body: { status: false as const, message: why, result: why } };
}

export async function register(ctx: ApiContext, secret: string, creds: Credentials) {
  const email = normalizeEmail(creds.email);
  const problem = emailProblem(email) ?? passwordProblem(creds.password);
  if (problem) return registrationFailure(400, problem);
  const hash = await hashPassword(creds.password);
  if (!(await insertUser(ctx.db, email, hash))) return registrationFailure(409, EMAIL_TAKEN);
  return {
    code: 200 as const,
    body: { status: true, token: signToken(secret, email, ctx.config.auth.tokenTtlSeconds), result: REGISTERED },
  };
}

export async function login(ctx: ApiContext, secret: string, creds: Credentials) {
  const email = normalizeEmail(creds.email);
  const user = emailProblem(email) ? null : await findUser(ctx.db, email);
  // Unknown email: the same scrypt work against a decoy, and the same answer.
  const ok = await verifyPassword(creds.password, user?.passwordHash ?? null);
  if (!ok || !user)
    return {
      code: 401 as const,
      body: { status: false as const, wallet: false as const, token: '' as const, msg: LOGIN_FAILED, message: LOGIN_FAILED },
    };
  const token = signToken(secret, email, ctx.config.auth.tokenTtlSeconds);
  const body: LoginResponse =
    user.walletAddress && user.keystore
      ? { status: true, wallet: true, token, msg: LOGIN_OK, address: rubyAddress(user.walletAddress), keystore: user.keystore }
      : { status: true, wallet: false, token, msg: NO_WALLET_YET };
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
  await linkWallet(ctx.db, email, address, body.keystore);
  return address;
}
