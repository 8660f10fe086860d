/**
 * The bundled devnet's own keys: each data folder gets a random BIP-39 mnemonic on its first start,
 * kept in <dataDir>/devnet/keys.json (mode 0600) with its funded accounts' addresses and private
 * keys, for the operator (`cast send --private-key …`, a wallet's import) and the traffic generator.
 *
 * Invariants:
 * - The phrase and the keys are never logged (the log names the file and the first address). anvil
 *   gets the phrase on its command line (`--mnemonic`): local users can read that, and can reach
 *   anvil's loopback port anyway; the keys file's 0600 keeps it out of backups and shared folders.
 * - A data folder whose devnet state exists but has no keys file was made by a release that used
 *   anvil's public test mnemonic (its funded keys are known to everyone): the start is refused with
 *   what to do (docs/decisions.md, "A devnet of our own").
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Mnemonic } from 'ethers';
import { StartupError } from '../ports';
import { DEV_ACCOUNT_COUNT, DEV_DERIVATION_PATH, devAccounts, type DevAccounts } from './devAccounts';

export interface DevnetKeys {
  mnemonic: string;
  accounts: DevAccounts;
  keysFile: string;
  /** True when this start made the keys (a new data folder). */
  created: boolean;
}

interface KeysFile {
  warning: string;
  mnemonic: string;
  derivationPath: string;
  accounts: { index: number; address: string; privateKey: string }[];
}

export function keysFilePath(dataDir: string): string {
  return path.join(dataDir, 'devnet', 'keys.json');
}

/**
 * The data folder's keys: read from its keys file, or made (random, or `mnemonic` when a test gives
 * one) on its first start. `stateExists`: the folder already holds a devnet state.
 */
export function devnetKeys(dataDir: string, opts: { mnemonic?: string; stateExists: boolean; log?: (m: string) => void }): DevnetKeys {
  const keysFile = keysFilePath(dataDir);
  if (fs.existsSync(keysFile)) {
    const mnemonic = readKeysFile(keysFile, opts.log);
    if (opts.mnemonic !== undefined && opts.mnemonic !== mnemonic)
      throw new StartupError(`${keysFile} holds another mnemonic than the one given: use a new data folder`);
    return { mnemonic, accounts: devAccounts(mnemonic), keysFile, created: false };
  }
  if (opts.stateExists && opts.mnemonic === undefined) {
    throw new StartupError(
      `${path.join(dataDir, 'devnet')} holds a devnet made by an older release with anvil's public test keys ` +
        `(anyone can sign with them) and no ${path.basename(keysFile)}. This release gives each data folder keys of its own: ` +
        `delete the data folder ${dataDir} (the devnet and its database belong together) to start a new devnet`,
    );
  }
  const mnemonic = opts.mnemonic ?? Mnemonic.fromEntropy(crypto.randomBytes(16)).phrase;
  if (!Mnemonic.isValidMnemonic(mnemonic)) throw new StartupError('the devnet mnemonic given is not a valid BIP-39 phrase');
  const accounts = devAccounts(mnemonic);
  writeKeysFile(keysFile, mnemonic, accounts);
  return { mnemonic, accounts, keysFile, created: true };
}

/** The accounts recorded in a data folder's keys file (tests and tools that run beside a product). */
export function readDevnetAccounts(dataDir: string): DevAccounts {
  return devAccounts(readKeysFile(keysFilePath(dataDir)));
}

function readKeysFile(keysFile: string, log?: (m: string) => void): string {
  const mode = fs.statSync(keysFile).mode & 0o777;
  if (mode & 0o077) {
    fs.chmodSync(keysFile, 0o600);
    log?.(`devnet: ${keysFile} was readable by others (mode ${mode.toString(8)}); set to 0600`);
  }
  let parsed: Partial<KeysFile>;
  try {
    parsed = JSON.parse(fs.readFileSync(keysFile, 'utf8')) as Partial<KeysFile>;
  } catch (err) {
    throw new StartupError(
      `${keysFile} cannot be read (${err instanceof Error ? err.message : String(err)}): restore it, or delete the data folder`,
    );
  }
  const mnemonic = typeof parsed.mnemonic === 'string' ? parsed.mnemonic : '';
  if (!Mnemonic.isValidMnemonic(mnemonic))
    throw new StartupError(`${keysFile} holds no valid BIP-39 mnemonic: restore it, or delete the data folder`);
  return mnemonic;
}

function writeKeysFile(keysFile: string, mnemonic: string, accounts: DevAccounts): void {
  const body: KeysFile = {
    warning:
      "The bundled devnet's funded accounts of this data folder. Whoever reads this file can spend their coins on this devnet: keep it private (mode 0600).",
    mnemonic,
    derivationPath: DEV_DERIVATION_PATH,
    accounts: accounts.wallets(DEV_ACCOUNT_COUNT).map((w, index) => ({ index, address: w.address, privateKey: w.privateKey })),
  };
  fs.mkdirSync(path.dirname(keysFile), { recursive: true });
  // Created 0600 from the first byte (never a moment readable by others), whole or not at all.
  const tmp = `${keysFile}.tmp`;
  fs.rmSync(tmp, { force: true });
  const fd = fs.openSync(tmp, 'wx', 0o600);
  try {
    fs.writeFileSync(fd, `${JSON.stringify(body, null, 2)}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, keysFile);
}
