/**
 * The password split (docs/decisions.md#secrets): the browser derives from the
 * password and the account's normalised email a master key with Argon2id, and from it with
 * HKDF-SHA256 two keys that cannot be computed from each other:
 * - the log-in secret (64 hex digits), sent in the spec's `password` fields (POST /registration,
 *   POST /login, POST /rekey); the server keeps only a scrypt hash of it;
 * - the wallet key (64 hex digits), the password of the linked wallet's Web3 Secret Storage
 *   keystore; it never leaves the browser.
 * Whoever holds the server (rows, logs) must therefore guess the password through Argon2id to
 * open a keystore. The same function runs in the SPA's worker (src/lib/kdf*) and in the tests.
 * Imports only @noble/hashes (small, audited), so it may reach the browser's bundle.
 */
import { argon2id } from '@noble/hashes/argon2';
import { hkdf } from '@noble/hashes/hkdf';
import { sha256 } from '@noble/hashes/sha256';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';
import { KDF_PARAMS, LOGIN_SECRET_INFO, WALLET_KEY_INFO } from './kdfParams';

export interface DerivedKeys {
  /** Sent to the server in place of the password. */
  loginSecret: string;
  /** Encrypts the keystore; never sent. */
  walletKey: string;
}

/** The Argon2id salt: the product's name and the account's email (never shorter than Argon2's 8 bytes). */
export function kdfSalt(email: string): Uint8Array {
  return utf8ToBytes(`ruby-explorer/account/${email.trim().toLowerCase()}`);
}

/** Argon2id (synchronous: run it in a worker, src/lib/kdfClient.ts) then the two HKDF keys. */
export function deriveKeys(password: string, email: string, onProgress?: (fraction: number) => void): DerivedKeys {
  const master = argon2id(utf8ToBytes(password.normalize('NFKC')), kdfSalt(email), {
    ...KDF_PARAMS,
    ...(onProgress ? { onProgress } : {}),
  });
  const key = (info: string) => bytesToHex(hkdf(sha256, master, undefined, utf8ToBytes(info), 32));
  const keys = { loginSecret: key(LOGIN_SECRET_INFO), walletKey: key(WALLET_KEY_INFO) };
  master.fill(0);
  return keys;
}
