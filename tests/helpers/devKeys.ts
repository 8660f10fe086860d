/**
 * The dev accounts tests sign with. A test's own devnet (startDevnet on a temporary folder) is
 * given TEST_MNEMONIC, anvil's well-known test phrase, so its chain is the same on every run (the
 * traffic's contract addresses, the docs examples recorded from it). The product itself never
 * uses it: a product a test starts as a process makes random keys of its own, read with
 * productAccounts(dataDir) from its keys file.
 */
import { devAccounts, type DevAccounts } from '../../server/chain/devAccounts';
import { readDevnetAccounts } from '../../server/chain/devnetKeys';
import type { HDNodeWallet } from 'ethers';

export const TEST_MNEMONIC = 'test test test test test test test test test test test junk';

/** The accounts of a test's own devnet (started with TEST_MNEMONIC). */
export const testAccounts: DevAccounts = devAccounts(TEST_MNEMONIC);

export function devWallet(index: number): HDNodeWallet {
  return testAccounts.wallet(index);
}

export function devWallets(count?: number): HDNodeWallet[] {
  return testAccounts.wallets(count);
}

/** The funded accounts of a product started on `dataDir` (its DATA_DIR/devnet/keys.json). */
export function productAccounts(dataDir: string): DevAccounts {
  return readDevnetAccounts(dataDir);
}
