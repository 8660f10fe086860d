/**
 * The constants of the password split (common/kdf.ts), without its code: the server and the
 * SPA's main bundle read them without loading Argon2.
 */
/**
 * What a request carrying a log-in secret says in its `kdf` field. A request without it is the
 * old form (the password itself), accepted only for accounts not moved over yet.
 */
export const KDF_ID = 'argon2id-v1' as const;

/**
 * OWASP's Password Storage Cheat Sheet row "m=12 MiB, t=3, p=1" (its five Argon2id rows cost
 * the same; this one keeps a log-in under 1.5 s on the 4×-throttled phone profile: bench/README.md).
 */
export const KDF_PARAMS = { m: 12 * 1024, t: 3, p: 1, dkLen: 32 } as const;

export const LOGIN_SECRET_INFO = 'ruby-explorer/login-secret/v1';
export const WALLET_KEY_INFO = 'ruby-explorer/wallet-key/v1';

/** A log-in secret as the server expects it: 32 bytes, lowercase hex. */
export const LOGIN_SECRET_RE = /^[0-9a-f]{64}$/;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

/**
 * Null when the password is acceptable; else what is wrong with it (the server's words, which
 * src/lib/serverMessages.ts translates). The browser checks it before deriving: after the split
 * the server never sees the password. The server checks it on the old form.
 */
export function passwordProblem(password: string): string | null {
  if (password === '') return 'the password is required';
  if (password.length < PASSWORD_MIN) return `the password must be at least ${PASSWORD_MIN} characters`;
  if (password.length > PASSWORD_MAX) return `the password must be at most ${PASSWORD_MAX} characters`;
  return null;
}
