/**
 * Password hashing with scrypt (memory-hard, in node:crypto: no dependency). Stored form:
 * `scrypt$N$r$p$saltBase64$hashBase64`, so the cost can rise later without breaking old rows.
 * A password never leaves this module in any form but its hash.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** OWASP's scrypt row (N=2^17, r=8, p=1): above the keystore's old 2^16. */
const N = 1 << 17;
const R = 8;
const P = 1;
const KEY_LEN = 32;
/** scrypt needs 128·N·r bytes; node's default cap (32 MiB) is exactly that, so leave headroom. */
const MAXMEM = 256 * 1024 * 1024;

function scrypt(password: string, salt: Buffer, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCb(password.normalize('NFKC'), salt, KEY_LEN, { ...opts, maxmem: MAXMEM }, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, { N, r: R, p: P });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** A hash of a password nobody knows: verifying against it costs the same as a real check. */
let decoy: Promise<string> | null = null;

/**
 * True when `password` matches `stored`. With `stored` null (unknown email) the same work is
 * done against a decoy, so the answer time does not tell which emails exist.
 */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  decoy ??= hashPassword(randomBytes(24).toString('base64'));
  const target = stored ?? (await decoy);
  const parts = target.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [n, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const salt = Buffer.from(parts[4] ?? '', 'base64');
  const expected = Buffer.from(parts[5] ?? '', 'base64');
  const key = await scrypt(password, salt, { N: n, r, p });
  return stored !== null && key.length === expected.length && timingSafeEqual(key, expected);
}
