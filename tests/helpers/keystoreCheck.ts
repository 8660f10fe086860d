/**
 * Whether a password opens a Web3 Secret Storage (v3, scrypt) keystore: its derived key's MAC
 * matches, as ethers' decryptKeystoreJson checks before decrypting, but with Node's native scrypt
 * (ethers' is JavaScript, several times slower), for tests that try hundreds of candidates.
 */
import { scryptSync } from 'node:crypto';
import { concat, getBytes, keccak256, toUtf8Bytes } from 'ethers';

interface KeystoreV3 {
  crypto?: {
    ciphertext?: string;
    mac?: string;
    kdf?: string;
    kdfparams?: { n: number; r: number; p: number; dklen: number; salt: string };
  };
  Crypto?: KeystoreV3['crypto'];
}

const hex = (s: string) => (s.startsWith('0x') ? s : `0x${s}`);

export function opensKeystore(json: string, password: string): boolean {
  const parsed = JSON.parse(json) as KeystoreV3;
  const c = parsed.crypto ?? parsed.Crypto;
  const params = c?.kdfparams;
  if (!c || c.kdf !== 'scrypt' || !params || !c.ciphertext || !c.mac) throw new Error('not a scrypt v3 keystore');
  const key = scryptSync(toUtf8Bytes(password.normalize('NFKD')), getBytes(hex(params.salt)), params.dklen, {
    N: params.n,
    r: params.r,
    p: params.p,
    maxmem: 256 * params.n * params.r + 1024 * 1024,
  });
  const mac = keccak256(concat([key.subarray(16, 32), getBytes(hex(c.ciphertext))]));
  return mac.slice(2).toLowerCase() === c.mac.replace(/^0x/, '').toLowerCase();
}
