/**
 * Secrets of this browser session, in memory only (never localStorage, never a URL): the wallet
 * key once created, imported or restored, and the account password between sign-up / log-in and
 * the wallet link (it encrypts the keystore). A reload forgets both; the dashboard then asks for
 * the password to decrypt the stored keystore.
 */
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
  },
};
