/**
 * The devnet's funded accounts, derived from its data folder's own mnemonic (devnetKeys.ts keeps it
 * in <dataDir>/devnet/keys.json, mode 0600). There is no built-in phrase: every devnet is given
 * its mnemonic, and a fresh data folder gets a random one, so no one else knows its keys.
 */
import { HDNodeWallet } from 'ethers';

export const DEV_ACCOUNT_COUNT = 10;
/** The path anvil and most wallets use; account i is BASE_PATH/i. */
export const DEV_DERIVATION_PATH = "m/44'/60'/0'/0";

/** The accounts of one mnemonic (index 0 is the traffic's deployer). */
export class DevAccounts {
  private root: HDNodeWallet | null = null;
  private readonly cache = new Map<number, HDNodeWallet>();

  constructor(readonly mnemonic: string) {}

  /** Account `index` (path m/44'/60'/0'/0/index). */
  wallet(index: number): HDNodeWallet {
    let w = this.cache.get(index);
    if (!w) {
      // The seed derivation (PBKDF2, 2,048 rounds) is the slow part: do it once, derive children after.
      this.root ??= HDNodeWallet.fromPhrase(this.mnemonic, undefined, DEV_DERIVATION_PATH);
      w = this.root.deriveChild(index);
      this.cache.set(index, w);
    }
    return w;
  }

  /** The first `count` accounts (the devnet funds the first DEV_ACCOUNT_COUNT). */
  wallets(count: number = DEV_ACCOUNT_COUNT): HDNodeWallet[] {
    return Array.from({ length: count }, (_, i) => this.wallet(i));
  }
}

const known = new Map<string, DevAccounts>();

/** The accounts of `mnemonic`, shared per phrase (each derivation is done once per process). */
export function devAccounts(mnemonic: string): DevAccounts {
  let a = known.get(mnemonic);
  if (!a) {
    a = new DevAccounts(mnemonic);
    known.set(mnemonic, a);
  }
  return a;
}
