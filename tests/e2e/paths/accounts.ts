/**
 * Server-side set-up a path needs before a step (an account that exists, a wallet linked to it),
 * done through the product's own API as the SPA does it (walletFlows.linkWallet): register, log
 * in (with the log-in secret derived from the password, common/kdf.ts), sign the challenge, send
 * the keystore under the wallet key. Not a test file.
 */
import { Wallet, encryptKeystoreJson } from 'ethers';
import { paths } from '../../../common/api/paths';
import { deriveKeys, type DerivedKeys } from '../../../common/kdf';
import { KDF_ID } from '../../../common/kdfParams';
import type { RunningProduct } from '../../helpers/product';

async function call<T>(product: RunningProduct, method: 'GET' | 'POST', apiPath: string, body?: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${product.url}/api${apiPath}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(30_000),
  });
  const data = (await res.json()) as T & { status?: boolean; msg?: string };
  if (!res.ok || data.status !== true) throw new Error(`${method} ${apiPath}: HTTP ${res.status} ${JSON.stringify(data).slice(0, 200)}`);
  return data;
}

const derived = new Map<string, DerivedKeys>();
/** The keys the SPA derives for this account (Argon2id: kept, as a path may ask twice). */
export function keysOf(email: string, password: string): DerivedKeys {
  const k = `${email.trim().toLowerCase()}\n${password}`;
  const keys = derived.get(k) ?? deriveKeys(password, email);
  derived.set(k, keys);
  return keys;
}

export async function register(product: RunningProduct, email: string, password: string): Promise<void> {
  await call(product, 'POST', paths.register(), { email, password: keysOf(email, password).loginSecret, kdf: KDF_ID });
}

/** Links a new random wallet to the account; returns its private key. */
export async function linkNewWallet(product: RunningProduct, email: string, password: string): Promise<Wallet> {
  const wallet = new Wallet(Wallet.createRandom().privateKey);
  const token = await loginToken(product, email, password);
  const challenge = await call<{ result: { message: string } }>(product, 'GET', paths.walletChallenge(), undefined, token);
  const message = challenge.result.message;
  const signature = await wallet.signMessage(message);
  // The lightest scrypt the server takes (it refuses N below 16384).
  const keystore = await encryptKeystoreJson(wallet, keysOf(email, password).walletKey, { scrypt: { N: 1 << 14 } });
  await call(product, 'POST', paths.importWallet(), { address: `r${wallet.address.slice(2)}`, message, signature, keystore }, token);
  return wallet;
}

/** A real log-in token of the account (POST /login). */
export async function loginToken(product: RunningProduct, email: string, password: string): Promise<string> {
  const body = { email, password: keysOf(email, password).loginSecret, kdf: KDF_ID };
  return (await call<{ token: string }>(product, 'POST', paths.login(), body)).token;
}
