/**
 * Re-keying an account: one atomic call swaps the stored hash for a new log-in
 * secret's and the keystore for one the browser re-encrypted with the new wallet key.
 * - Moving over (auth_version 1 → 2): the old form's log-in answers a `rekey` grant, an HMAC of
 *   the account and of the hash the password was just checked against, valid 10 minutes. The
 *   grant is the proof: the password is not sent a second time, and once the hash has changed
 *   the grant is worth nothing (single use).
 * - Changing the password (2 → 2): the current log-in secret is the proof. The swap and the end
 *   of every other session of the account (server/auth/sessions.ts) are one transaction; the
 *   caller's session stays. A wrong current secret: 403 WRONG_CURRENT_PASSWORD, nothing changed.
 * Both need the bearer token too (the authenticated scope). The keystore must be one of the
 * linked address (checkKeystore), so a wallet cannot be lost or swapped on the way.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { RekeyBody } from '../../common/api/wallet';
import { LOGIN_SECRET_RE } from '../../common/kdfParams';
import type { ApiContext } from '../core/context';
import { ApiError, badRequest } from '../core/http';
import { checkKeystore } from './keystore';
import { hashPassword, verifyPassword } from './password';
import { endSessions } from './sessions';
import { SPLIT_AUTH, findUser, rekeyUser } from './users';

export const REKEY_GRANT_TTL_SECONDS = 600;
export const REKEYED = 'Account keys updated';
export const REKEY_REFUSED = 'The current password is wrong, or the account changed meanwhile: log in again';
export const WRONG_CURRENT_PASSWORD = 'The current password is wrong: nothing was changed';
export const LOGIN_SECRET_PROBLEM = 'the log-in secret must be 64 lowercase hex digits';

function grantMac(secret: string, email: string, storedHash: string, expires: number): string {
  const bound = createHash('sha256').update(storedHash).digest('base64url');
  return createHmac('sha256', secret).update(`rekey-grant\n${email}\n${bound}\n${expires}`).digest('base64url');
}

/** The grant a successful old-form log-in answers: `<expires>.<mac>`. */
export function rekeyGrant(secret: string, email: string, storedHash: string, now = Math.floor(Date.now() / 1000)): string {
  const expires = now + REKEY_GRANT_TTL_SECONDS;
  return `${expires}.${grantMac(secret, email, storedHash, expires)}`;
}

function grantValid(secret: string, email: string, storedHash: string, grant: string, now = Math.floor(Date.now() / 1000)): boolean {
  const m = /^(\d{1,12})\.([\w-]{43})$/.exec(grant);
  if (!m) return false;
  const expires = Number(m[1]);
  const expected = Buffer.from(grantMac(secret, email, storedHash, expires));
  const given = Buffer.from(m[2] ?? '');
  return expected.length === given.length && timingSafeEqual(expected, given) && expires > now;
}

/**
 * Swaps hash and keystore for the caller in one statement (with a password change, in one
 * transaction with ending the caller's other sessions); throws a 4xx ApiError when refused.
 */
export async function rekey(ctx: ApiContext, secret: string, caller: { email: string; sessionId: string }, body: RekeyBody): Promise<void> {
  const { email } = caller;
  if (!LOGIN_SECRET_RE.test(body.password)) throw badRequest(`Invalid request: ${LOGIN_SECRET_PROBLEM}`);
  if ((body.grant === undefined) === (body.currentPassword === undefined))
    throw badRequest('Invalid request: send either grant (moving over) or currentPassword (changing the password)');
  const user = await findUser(ctx.db, email);
  if (!user) throw new ApiError(401, REKEY_REFUSED);
  const proven =
    body.grant !== undefined
      ? grantValid(secret, email, user.passwordHash, body.grant)
      : user.authVersion === SPLIT_AUTH && (await verifyPassword(body.currentPassword ?? '', user.passwordHash));
  const changing = body.currentPassword !== undefined;
  if (!proven) throw new ApiError(403, changing && user.authVersion === SPLIT_AUTH ? WRONG_CURRENT_PASSWORD : REKEY_REFUSED);
  if (user.walletAddress) {
    if (body.keystore === undefined) throw badRequest('Invalid request: a wallet is linked, so its re-encrypted keystore is required');
    const problem = checkKeystore(body.keystore, user.walletAddress);
    if (problem) throw badRequest(`Invalid keystore: ${problem}`);
  } else if (body.keystore !== undefined) {
    throw badRequest('Invalid request: no wallet is linked to this account, so there is no keystore to replace');
  }
  const passwordHash = await hashPassword(body.password);
  const next = { passwordHash, keystoreJson: user.walletAddress ? (body.keystore ?? null) : null };
  const done = await ctx.db.transaction().execute(async (trx) => {
    if (!(await rekeyUser(trx, email, user.passwordHash, next))) return false;
    // A new password ends every other session: a token taken with the old one is worth nothing.
    if (changing) await endSessions(trx, email, caller.sessionId);
    return true;
  });
  if (!done) throw new ApiError(409, REKEY_REFUSED);
  if (changing) ctx.sessionsEnded.tell({ email, allBut: caller.sessionId });
}
