/**
 * Wallet-link challenges, stateless: the message the browser signs carries the account, a random
 * nonce, an expiry and an HMAC of the three under the server's secret, so any API process can
 * check it without storing anything. A signature over it proves the signer holds the key of the
 * address it recovers to, for this account, recently.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const CHALLENGE_TTL_SECONDS = 300;
const TITLE = 'Ruby Explorer: link this wallet to my account';

function code(secret: string, email: string, nonce: string, expires: number): string {
  return createHmac('sha256', secret).update(`link-challenge\n${email}\n${nonce}\n${expires}`).digest('base64url');
}

export function createChallenge(secret: string, email: string, now = Math.floor(Date.now() / 1000)): { message: string; expires: number } {
  const nonce = randomBytes(16).toString('hex');
  const expires = now + CHALLENGE_TTL_SECONDS;
  const message = [
    TITLE,
    `Account: ${email}`,
    `Nonce: ${nonce}`,
    `Expires: ${expires}`,
    `Code: ${code(secret, email, nonce, expires)}`,
  ].join('\n');
  return { message, expires };
}

/** Null when the message is a valid, unexpired challenge of this server for `email`; else why not. */
export function checkChallenge(secret: string, email: string, message: string, now = Math.floor(Date.now() / 1000)): string | null {
  const m = /^(.+)\nAccount: (.+)\nNonce: ([0-9a-f]{32})\nExpires: (\d{1,12})\nCode: ([\w-]{43})$/.exec(message);
  if (!m || m[1] !== TITLE) return 'not a wallet-link challenge of this server';
  const [, , account, nonce, exp, given] = m as unknown as [string, string, string, string, string, string];
  if (account !== email) return 'the challenge was issued for another account';
  const expected = Buffer.from(code(secret, account, nonce, Number(exp)));
  const got = Buffer.from(given);
  if (expected.length !== got.length || !timingSafeEqual(expected, got)) return 'not a wallet-link challenge of this server';
  if (Number(exp) <= now) return 'the challenge has expired: ask for a new one';
  return null;
}
