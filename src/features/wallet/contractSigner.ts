/**
 * The web wallet as the signer of a contract write (the contract page's Write contract, through
 * writeContractMachine): who is signed in and whether this browser session holds the key, opening
 * the keystore with the wallet key derived from the account password exactly as Send does, then signing in the browser and
 * relaying the raw transaction (POST /sendrawtransaction). The key stays in keyVault: it never
 * leaves the browser, never enters the machine's context.
 * Loaded on demand (ethers is large), like walletFlows.ts.
 */
import { Wallet } from 'ethers';
import { sameAddress, toHexAddress, toRubyAddress } from '../../../common/address';
import { localizeServerMessage } from '../../lib/serverMessages';
import { openKeystore } from './accountKeys';
import { keyVault } from './keyVault';
import { sessionActor } from './session';
import { WALLET_TEXTS } from './texts';
import { walletClient } from './walletClient';

export interface WebWallet {
  email: string;
  /** r… */
  address: string;
  /** The key is in memory: no password needed. */
  unlocked: boolean;
}

/** Thrown when the keystore will not open with the password given (the form asks again). */
export class WrongPasswordError extends Error {
  constructor() {
    super(WALLET_TEXTS.wrongPassword); // read when thrown: in the active language
    this.name = 'WrongPasswordError';
  }
}

/** The signed-in user's linked wallet, or null (logged out, expired, or no wallet linked). */
export async function webWalletStatus(): Promise<WebWallet | null> {
  const s = sessionActor().getSnapshot();
  const email = s.context.email;
  if (s.value !== 'valid' || !email) return null;
  const data = await walletClient.walletData(email).catch(() => null);
  if (!data) return null;
  const key = keyVault.key();
  const unlocked = key !== null && sameAddress(new Wallet(key).address, data.address);
  return { email, address: toRubyAddress(data.address), unlocked };
}

/** The key of the session, opening the keystore with `password` when the session does not hold it. */
async function unlockedWallet(email: string, password: string | null): Promise<Wallet> {
  const data = await walletClient.walletData(email);
  // The server's own words for it (server/auth/accounts.ts), so the active language's text is shown.
  if (!data) throw new Error(localizeServerMessage('No wallet is linked to this account yet'));
  const held = keyVault.key();
  if (held && sameAddress(new Wallet(held).address, data.address)) return new Wallet(held);
  if (!password) throw new WrongPasswordError();
  let key: string;
  try {
    key = await openKeystore(data.keystore, email, password);
  } catch {
    throw new WrongPasswordError();
  }
  keyVault.setKey(key);
  return new Wallet(key);
}

/** Opens the wallet (asks nothing when unlocked); answers its address, r…. */
export async function connectWebWallet(email: string, password: string | null): Promise<string> {
  return toRubyAddress((await unlockedWallet(email, password)).address);
}

export interface WebWrite {
  email: string;
  /** The contract, r… or 0x…; null for a contract creation (the Deploy page). */
  to: string | null;
  data: string;
  value: bigint;
  /** From the estimate; the relay's preparation re-estimates and the larger one is used. */
  gasLimit: bigint;
}

/** Signs the call in the browser and relays it; answers the transaction hash. */
export async function sendWithWebWallet(w: WebWrite): Promise<string> {
  const wallet = await unlockedWallet(w.email, null);
  const to = w.to === null ? null : toHexAddress(w.to);
  const f = await walletClient.prepareTx({
    from: toRubyAddress(wallet.address),
    ...(to === null ? {} : { to: toRubyAddress(to) }),
    value: w.value.toString(),
    data: w.data,
  });
  const estimated = BigInt(f.gasLimit);
  const raw = await wallet.signTransaction({
    type: 2,
    to,
    value: w.value,
    data: w.data,
    chainId: f.chainId,
    nonce: f.nonce,
    gasLimit: estimated > w.gasLimit ? estimated : w.gasLimit,
    maxFeePerGas: BigInt(f.maxFeePerGas),
    maxPriorityFeePerGas: BigInt(f.maxPriorityFeePerGas),
  });
  return walletClient.sendRaw(raw);
}
