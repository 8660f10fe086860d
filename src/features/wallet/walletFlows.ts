/**
 * The wallet's network-and-crypto work, each a promise the machines invoke as a named actor
 * (tests swap them with machine.provide). Keys are made, encrypted and used here, in the browser
 * (ethers v6); only addresses, signatures, encrypted keystores and signed transactions leave.
 * Loaded on demand by the machines (ethers is large): screens open without it.
 */
import { Interface, Wallet, parseUnits } from 'ethers';
import { toHexAddress, toRubyAddress } from '../../../common/address';
import { DEFAULT_TOKEN_DECIMALS } from '../../../common/txTypes';
import { setToken } from '../../lib/authToken';
import { deriveKeys } from '../../lib/kdfClient';
import { localizeServerMessage } from '../../lib/serverMessages';
import { passwordProblem } from '../../../common/kdfParams';
import { encryptForAccount, logIn, openKeystore, type Progress } from './accountKeys';
import { keyVault } from './keyVault';
import { normalizeKey } from '../../lib/walletErrors';
import { walletClient } from './walletClient';
import { defineTexts } from '../../lib/i18n';
import type { LoginOutcome, SendInput } from '../../lib/walletFlowTypes';

export type { LoginOutcome, SendInput };

/** The send's own failures, shown after 'Transaction failed:' (sendMachine.failureMessage); English as it always read. */
const FLOW_TEXTS = defineTexts('wallet.flows', {
  invalidKey: 'invalid private key',
  locked: 'the wallet is locked',
  noWallet: 'no wallet is linked to this account',
  failedOnChain: 'the transaction failed on chain',
  notMined: 'the transaction was not mined in time',
} as const);

const ERC20 = new Interface(['function transfer(address to, uint256 value) returns (bool)']);

export async function generateKey(): Promise<{ address: string; privateKey: string }> {
  const w = Wallet.createRandom();
  return { address: toRubyAddress(w.address), privateKey: w.privateKey };
}

/**
 * The machines' `deriving` step: the password's keys, with progress. For a sign-up
 * the password rules are checked first, here: the server never sees the password.
 */
export async function derive({
  email,
  password,
  onProgress,
  signup,
}: {
  email: string;
  password: string;
  onProgress?: Progress;
  signup?: boolean;
}) {
  const problem = signup ? passwordProblem(password) : null;
  if (problem) throw new Error(localizeServerMessage(problem));
  await deriveKeys(password, email, onProgress);
}

/** Logs in with the log-in secret; with a linked wallet, opens its keystore in this browser. */
export async function loginAndRestore({ email, password }: { email: string; password: string }): Promise<LoginOutcome> {
  const { r } = await logIn(email, password);
  if (r.wallet && r.keystore) {
    try {
      keyVault.setKey(await openKeystore(r.keystore, email, password));
    } catch {
      // A keystore that will not open is no reason to refuse the log-in: sending asks again.
    }
  } else {
    keyVault.setPassword(password);
  }
  return { wallet: r.wallet, msg: r.msg, token: r.token };
}

export async function signup({ email, password }: { email: string; password: string }): Promise<{ token: string }> {
  const problem = passwordProblem(password);
  if (problem) throw new Error(localizeServerMessage(problem));
  const keys = await deriveKeys(password, email);
  const r = await walletClient.signup(email, keys.loginSecret);
  setToken(r.token);
  keyVault.setPassword(password);
  return { token: r.token };
}

/**
 * Links the key to the account: checks the password (a log-in with its log-in secret), signs
 * the server's challenge, encrypts the key with the wallet key and sends address + signature +
 * keystore.
 */
export async function linkWallet({
  email,
  privateKey,
  password,
}: {
  email: string;
  privateKey: string;
  password: string;
}): Promise<{ msg: string; address: string }> {
  const wallet = new Wallet(privateKey);
  const { keys } = await logIn(email, password);
  const message = await walletClient.challenge();
  const [signature, keystore] = await Promise.all([wallet.signMessage(message), encryptForAccount(wallet.privateKey, keys.walletKey)]);
  const r = await walletClient.link({ address: toRubyAddress(wallet.address), message, signature, keystore });
  keyVault.setKey(wallet.privateKey);
  keyVault.forgetPassword();
  return { msg: r.msg, address: r.result.address };
}

async function signer(input: SendInput): Promise<Wallet> {
  const typed = input.privateKey ? normalizeKey(input.privateKey) : null;
  if (input.privateKey && !typed) throw new Error(FLOW_TEXTS.invalidKey);
  const key = typed ?? keyVault.key();
  if (key) return new Wallet(key);
  if (!input.password) throw new Error(FLOW_TEXTS.locked);
  const data = await walletClient.walletData(input.email);
  if (!data) throw new Error(FLOW_TEXTS.noWallet);
  const restored = await openKeystore(data.keystore, input.email, input.password);
  keyVault.setKey(restored);
  return new Wallet(restored);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Builds and signs in the browser, relays through the API, waits until indexed (status 1). */
export async function sendTransaction(input: SendInput, opts: { pollMs?: number; timeoutMs?: number } = {}): Promise<{ hash: string }> {
  const wallet = await signer(input);
  const to = toHexAddress(input.recipient);
  const isToken = input.kind === 'token' && input.token;
  const value = isToken ? 0n : parseUnits(input.amount.trim(), 18);
  const data = isToken
    ? ERC20.encodeFunctionData('transfer', [to, parseUnits(input.amount.trim(), input.token?.decimals ?? DEFAULT_TOKEN_DECIMALS)])
    : '0x';
  const txTo = isToken ? toHexAddress(input.token?.address ?? '') : to;
  const f = await walletClient.prepareTx({ from: toRubyAddress(wallet.address), to: toRubyAddress(txTo), value: value.toString(), data });
  const raw = await wallet.signTransaction({
    type: 2,
    to: txTo,
    value,
    data,
    chainId: f.chainId,
    nonce: f.nonce,
    gasLimit: BigInt(f.gasLimit),
    maxFeePerGas: BigInt(f.maxFeePerGas),
    maxPriorityFeePerGas: BigInt(f.maxPriorityFeePerGas),
  });
  const hash = await walletClient.sendRaw(raw);
  const deadline = Date.now() + (opts.timeoutMs ?? 120_000);
  for (;;) {
    const st = await walletClient.txStatus(hash);
    if (st.indexed) {
      if (st.status !== 1) throw new Error(FLOW_TEXTS.failedOnChain);
      return { hash };
    }
    if (Date.now() > deadline) throw new Error(FLOW_TEXTS.notMined);
    await sleep(opts.pollMs ?? 1000);
  }
}

/**
 * The network fee a send would cost at most (gas limit × max fee per gas, in wei), asked of the relay as the send
 * itself does: a coin send to oneself, or a token transfer of 1 base unit to oneself.
 */
export async function estimateSendFee(from: string, token?: { address: string } | null): Promise<bigint> {
  const self = toHexAddress(from);
  const body = token
    ? { from, to: token.address, value: '0', data: ERC20.encodeFunctionData('transfer', [self, 1n]) }
    : { from, to: from, value: '0', data: '0x' };
  const f = await walletClient.prepareTx(body);
  return BigInt(f.gasLimit) * BigInt(f.maxFeePerGas);
}
