/**
 * Secrets of this browser session, in memory only (never localStorage, never a URL): the wallet
 * key once created, imported or restored, and the account password between sign-up / log-in and
 * the wallet link (its derived wallet key encrypts the keystore: accountKeys.ts). A reload forgets
 * both (and the derived keys, src/lib/kdfClient.ts); the dashboard then asks for the password to
 * open the stored keystore.
 */
import { forgetDerivedKeys } from '../../lib/kdfClient';

let privateKey: string | null = null;
let password: string | null = null;

export const keyVault = {
  key: (): string | null => privateKey,
  setKey(key: string): void {
    privateKey = key;
  },
  password: (): string | null => password,
  setPassword(p: string): void {
    password = p;
  },
  forgetPassword(): void {
    password = null;
  },
  clear(): void {
    privateKey = null;
    password = null;
    forgetDerivedKeys();
  },
};
