/**
 * Checks of a Web3 Secret Storage (v3) keystore the browser sends when it links a wallet. The
 * server cannot decrypt it (it never learns the password in a usable form: only a scrypt hash);
 * it only makes sure the thing stored is a well-formed keystore of the linked address, with a KDF
 * that is not trivially cheap, so another device can restore the wallet from it.
 */
export const KEYSTORE_MAX_BYTES = 8192;
/** Lowest scrypt cost accepted (2^14; ethers writes 2^17 by default, the SPA 2^16). */
export const MIN_SCRYPT_N = 1 << 14;
export const MIN_PBKDF2_ROUNDS = 100_000;

const HEX = /^[0-9a-fA-F]+$/;
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Null when `json` is an acceptable keystore of `address` (lowercase 0x); else the reason. */
export function checkKeystore(json: string, address: string): string | null {
  if (json.length > KEYSTORE_MAX_BYTES) return 'keystore too large';
  let ks: unknown;
  try {
    ks = JSON.parse(json);
  } catch {
    return 'keystore is not JSON';
  }
  if (!isObj(ks) || ks.version !== 3) return 'keystore must be Web3 Secret Storage version 3';
  if (typeof ks.address === 'string' && `0x${ks.address.replace(/^0x/i, '').toLowerCase()}` !== address) {
    return 'keystore is for another address';
  }
  const c = ks.crypto ?? ks.Crypto;
  if (!isObj(c)) return 'keystore has no crypto section';
  if (c.cipher !== 'aes-128-ctr') return 'keystore cipher must be aes-128-ctr';
  if (typeof c.ciphertext !== 'string' || !HEX.test(c.ciphertext) || c.ciphertext.length !== 64)
    return 'keystore ciphertext must be 32 bytes of hex';
  if (typeof c.mac !== 'string' || !HEX.test(c.mac)) return 'keystore mac must be hex';
  if (!isObj(c.cipherparams) || typeof c.cipherparams.iv !== 'string' || !HEX.test(c.cipherparams.iv)) return 'keystore iv must be hex';
  const p = c.kdfparams;
  if (!isObj(p) || typeof p.salt !== 'string' || !HEX.test(p.salt)) return 'keystore kdfparams must hold a hex salt';
  if (c.kdf === 'scrypt') {
    if (typeof p.n !== 'number' || p.n < MIN_SCRYPT_N) return `keystore scrypt cost n must be at least ${MIN_SCRYPT_N}`;
  } else if (c.kdf === 'pbkdf2') {
    if (typeof p.c !== 'number' || p.c < MIN_PBKDF2_ROUNDS) return `keystore pbkdf2 rounds must be at least ${MIN_PBKDF2_ROUNDS}`;
  } else {
    return 'keystore kdf must be scrypt or pbkdf2';
  }
  return null;
}
