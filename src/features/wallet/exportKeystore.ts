/**
 * "Export keystore": the wallet's key as a Web3 Secret Storage v3 file under a
 * passphrase the user chooses, made in this browser (ethers' default scrypt, N = 2^17, as other
 * wallets write) and handed to the browser as a download; nothing is sent. Loaded on demand
 * (ethers is large).
 */
import { Wallet, encryptKeystoreJson } from 'ethers';
import { openKeystore } from './accountKeys';
import { keyVault } from './keyVault';

export class ExportPasswordError extends Error {}

/** The key of the session, or the one in `storedKeystore` opened with the account password. */
async function walletKeyOf(email: string, storedKeystore: string, address: string, password: string): Promise<Wallet> {
  const held = keyVault.key();
  if (held && new Wallet(held).address.toLowerCase() === `0x${address.slice(1)}`.toLowerCase()) return new Wallet(held);
  if (password === '') throw new ExportPasswordError('password needed');
  try {
    const key = await openKeystore(storedKeystore, email, password);
    keyVault.setKey(key);
    return new Wallet(key);
  } catch {
    throw new ExportPasswordError('wrong password');
  }
}

/** Encrypts the wallet under `passphrase` and starts the download; answers the file's name. */
export async function exportKeystore(input: {
  email: string;
  address: string;
  storedKeystore: string;
  password: string;
  passphrase: string;
}): Promise<string> {
  const wallet = await walletKeyOf(input.email, input.storedKeystore, input.address, input.password);
  const json = await encryptKeystoreJson(wallet, input.passphrase);
  // The name geth and most wallets give a keystore file.
  const name = `UTC--${new Date().toISOString().replace(/:/g, '-')}--${wallet.address.slice(2).toLowerCase()}.json`;
  const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
