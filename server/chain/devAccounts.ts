/**
 * The devnet's funded accounts: anvil derives its 10 default accounts (10,000 coin each) from the
 * well-known test mnemonic below. Never use these keys anywhere but a local devnet: everyone knows them.
 */
import { HDNodeWallet } from 'ethers';

export const DEV_MNEMONIC = 'test test test test test test test test test test test junk';
export const DEV_ACCOUNT_COUNT = 10;
const BASE_PATH = "m/44'/60'/0'/0";

let root: HDNodeWallet | null = null;
const cache = new Map<number, HDNodeWallet>();

/** Dev account `index` (path m/44'/60'/0'/0/index); index 0 is the deployer. */
export function devWallet(index: number): HDNodeWallet {
  let w = cache.get(index);
  if (!w) {
    // The seed derivation (PBKDF2, 2,048 rounds) is the slow part: do it once, derive children after.
    root ??= HDNodeWallet.fromPhrase(DEV_MNEMONIC, undefined, BASE_PATH);
    w = root.deriveChild(index);
    cache.set(index, w);
  }
  return w;
}

/** The first `count` dev accounts (anvil funds the first 10). */
export function devWallets(count: number = DEV_ACCOUNT_COUNT): HDNodeWallet[] {
  return Array.from({ length: count }, (_, i) => devWallet(i));
}
