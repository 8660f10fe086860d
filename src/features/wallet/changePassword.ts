/**
 * The browser's half of a password change (changePasswordMachine): the old and the new
 * keys derived in the KDF worker (progress: the first half, then the second), the keystore opened
 * with the old wallet key and sealed with the new one. Answers the body of the one atomic call
 * (POST /rekey: current and new log-in secrets, new keystore); neither password nor wallet key is
 * in it. Loaded on demand with ethers.
 */
import { decryptKeystoreJson } from 'ethers';
import { deriveKeys } from '../../lib/kdfClient';
import { WrongCurrentPasswordError, type ChangeBody, type ChangePasswordInput } from '../../machines/changePasswordMachine';
import { encryptForAccount } from './accountKeys';

export async function prepareChange(
  input: ChangePasswordInput & { current: string; next: string; onProgress: (fraction: number) => void },
): Promise<ChangeBody> {
  const old = await deriveKeys(input.current, input.email, (f) => input.onProgress(f / 2));
  const next = await deriveKeys(input.next, input.email, (f) => input.onProgress(0.5 + f / 2));
  if (input.keystore === null) return { currentPassword: old.loginSecret, password: next.loginSecret };
  let privateKey: string;
  try {
    privateKey = (await decryptKeystoreJson(input.keystore, old.walletKey)).privateKey;
  } catch {
    throw new WrongCurrentPasswordError();
  }
  const keystore = await encryptForAccount(privateKey, next.walletKey);
  return { currentPassword: old.loginSecret, password: next.loginSecret, keystore };
}
