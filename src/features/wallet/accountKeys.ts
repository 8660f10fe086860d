/**
 * The account's keys in the browser (docs/decisions.md#secrets): log-in and sign-up
 * send the log-in secret derived from the password (src/lib/kdfClient.ts), never the password;
 * the keystore is Web3 Secret Storage under the wallet key, which never leaves the browser.
 * An account written before the split (its keystore under the password) moves over on its
 * next log-in: the server answers `upgrade`, the password goes once in the old form, and the
 * new log-in secret with the keystore re-encrypted under the wallet key replace the old ones in
 * one POST /rekey. Loaded on demand with ethers (walletFlows.ts).
 */
import { Wallet, decryptKeystoreJson, encryptKeystoreJson } from 'ethers';
import type { LoginResponse } from '../../../common/api/wallet';
import { setToken } from '../../lib/authToken';
import { deriveKeys, type DerivedKeys } from '../../lib/kdfClient';
import { ApiCallError, walletClient } from './walletClient';

/**
 * scrypt cost of the keystore under the wallet key. The wallet key is 32 random-looking bytes
 * out of Argon2id, so the keystore's own KDF adds no strength: the lowest cost the server takes
 * (server/auth/keystore.ts), to keep a log-in quick. An exported keystore (under a passphrase the
 * user chooses) uses ethers' default 2^17.
 */
export const KEYSTORE_SCRYPT_N = 1 << 14;

export type Progress = (fraction: number) => void;

export function encryptForAccount(privateKey: string, walletKey: string): Promise<string> {
  return encryptKeystoreJson(new Wallet(privateKey), walletKey, { scrypt: { N: KEYSTORE_SCRYPT_N } });
}

/**
 * The key in a stored keystore: under the wallet key, or (an account not moved over yet) under
 * the password itself. Both tried here, in the browser; throws when neither opens it.
 */
export async function openKeystore(keystore: string, email: string, password: string, onProgress?: Progress): Promise<string> {
  const keys = await deriveKeys(password, email, onProgress);
  try {
    return (await decryptKeystoreJson(keystore, keys.walletKey)).privateKey;
  } catch {
    return (await decryptKeystoreJson(keystore, password)).privateKey;
  }
}

function wantsUpgrade(err: unknown): boolean {
  return err instanceof ApiCallError && err.status === 401 && (err.body as { upgrade?: unknown } | undefined)?.upgrade === true;
}

/** The old form once, then the atomic re-key; a failure of the re-key leaves the account as it was. */
async function moveOver(email: string, password: string, keys: DerivedKeys): Promise<LoginResponse> {
  const old = await walletClient.loginOldForm(email, password);
  setToken(old.token);
  if (!old.rekey) return old;
  let privateKey: string | null = null;
  if (old.wallet && old.keystore) {
    try {
      privateKey = (await decryptKeystoreJson(old.keystore, password)).privateKey;
    } catch {
      return old; // A keystore the password does not open: keep it as it is rather than lose it.
    }
  }
  const keystore = privateKey ? await encryptForAccount(privateKey, keys.walletKey) : undefined;
  try {
    await walletClient.rekey({ password: keys.loginSecret, grant: old.rekey, ...(keystore ? { keystore } : {}) });
  } catch {
    return old; // Moved over at the next log-in instead.
  }
  return keystore ? { ...old, keystore } : old;
}

/**
 * Logs in with the log-in secret (moving an old account over when the server asks) and stores
 * the token. Answers the server's answer (its keystore opens with `keys.walletKey`, or with the
 * password when the move did not happen) and the keys.
 */
export async function logIn(email: string, password: string, onProgress?: Progress): Promise<{ r: LoginResponse; keys: DerivedKeys }> {
  const keys = await deriveKeys(password, email, onProgress);
  let r: LoginResponse;
  try {
    r = await walletClient.login(email, keys.loginSecret);
  } catch (err) {
    if (!wantsUpgrade(err)) throw err;
    r = await moveOver(email, password, keys);
  }
  setToken(r.token);
  return { r, keys };
}
