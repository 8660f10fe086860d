/**
 * Transactions the server builds, signs or relays: the fields a browser needs to sign (nonce,
 * fees, gas), the relay of a signed raw transaction with its checks, and the signing of a
 * caller's transaction with the caller's key (the documented wallet calls, and POST /deploy's
 * contract creation through server/services/verifiedDeploy.ts).
 *
 * Invariant: a private key given here lives only in the caller's Wallet object; no error raised
 * here quotes it (messages are written here, never passed through from a parser that saw the key).
 */
import { Interface, Transaction, Wallet, parseUnits } from 'ethers';
import { DEFAULT_TOKEN_DECIMALS } from '../../common/txTypes';
import { RpcError, hexToBigInt, toHexQuantity, type RpcClient } from '../chain/rpc';
import { chainId as readChainId, gasPrice, getBlock, rpcCalls, send } from '../chain/rpcActions';
import { badRequest } from '../core/http';

export const TRANSFER_GAS = 21_000n;
const ONE_GWEI = 1_000_000_000n;
const ERC20 = new Interface(['function transfer(address to, uint256 value) returns (bool)']);
const KEY = /^(0x)?[0-9a-fA-F]{64}$/;
const DECIMAL = /^(\d{1,40})(\.\d{1,36})?$/;

export interface TxFields {
  chainId: number;
  nonce: number;
  gasLimit: bigint;
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
  /** The node's latest block has no base fee (a chain before EIP-1559): sign a legacy transaction. */
  legacy: boolean;
}

/** A transaction to build: `to` null creates a contract from `data`. */
export interface TxCall {
  from: string;
  to: string | null;
  value: bigint;
  data: string;
}

/**
 * How a caller answers a node's refusal (bad nonce, no funds, revert) while the gas is estimated
 * or the signed transaction is sent.
 */
export type Refusal = (err: RpcError, step: 'estimate' | 'send') => never;

/** The wallet's answer to a refusal: the caller's problem, 400 with the node's text. */
const walletRefusal: Refusal = (err, step) => {
  throw badRequest(
    `${step === 'estimate' ? 'The transaction would fail' : 'The node refused the transaction'}: ${err.message.slice(0, 300)}`,
  );
};

function refusedBy(refusal: Refusal, step: 'estimate' | 'send') {
  return (err: unknown): never => {
    if (err instanceof RpcError) refusal(err, step);
    throw err;
  };
}

export function parseKey(input: string): string {
  const k = input.trim();
  if (!KEY.test(k)) throw badRequest('Invalid private key: use 64 hex digits, with or without 0x');
  return k.startsWith('0x') ? k : `0x${k}`;
}

/** The signer of a caller's key: `badKey` answers a well-formed key that is not a valid one. */
export function walletFromKey(input: string, badKey = 'Invalid private key'): Wallet {
  const key = parseKey(input);
  try {
    return new Wallet(key);
  } catch {
    throw badRequest(badKey);
  }
}

/** A positive decimal amount in units of `decimals`. */
export function parseAmount(input: string, decimals = DEFAULT_TOKEN_DECIMALS): bigint {
  const s = input.trim();
  const m = DECIMAL.exec(s);
  const fraction = m?.[2] ? m[2].length - 1 : 0;
  if (!m || fraction > decimals)
    throw badRequest(`Invalid amount "${s.slice(0, 40)}": use a positive number with at most ${decimals} decimals`);
  const units = parseUnits(s, decimals);
  if (units <= 0n) throw badRequest('Invalid amount: it must be greater than 0');
  return units;
}

export async function chainId(rpc: RpcClient): Promise<number> {
  return readChainId(rpc);
}

/** Nonce (pending pool included), EIP-1559 fees and an estimated gas limit for this call. */
export async function prepareTx(rpc: RpcClient, tx: TxCall, refusal: Refusal = walletRefusal): Promise<TxFields> {
  const [id, nonce, block, tip] = await Promise.all([
    chainId(rpc),
    send(rpc, rpcCalls.getTransactionCount(tx.from, 'pending')),
    getBlock(rpc, 'latest', false),
    send(rpc, rpcCalls.maxPriorityFeePerGas()).catch(() => ONE_GWEI),
  ]);
  let gasLimit = TRANSFER_GAS;
  if (tx.data !== '0x') {
    const call = { from: tx.from, ...(tx.to === null ? {} : { to: tx.to }), value: toHexQuantity(tx.value), data: tx.data };
    const estimate = await send(rpc, rpcCalls.estimateGas(call)).catch(refusedBy(refusal, 'estimate'));
    // 20 % headroom: the state may move between estimate and inclusion.
    gasLimit = (estimate * 12n) / 10n;
  }
  const baseFee = hexToBigInt(block?.baseFeePerGas ?? '0x0');
  // Twice the base fee covers several blocks of base-fee growth before inclusion.
  return {
    chainId: id,
    nonce,
    gasLimit,
    maxFeePerGas: baseFee * 2n + tip,
    maxPriorityFeePerGas: tip,
    legacy: block?.baseFeePerGas === undefined,
  };
}

/** Hands a signed raw transaction to the node; answers its hash (lower case). */
async function sendRaw(rpc: RpcClient, raw: string, refusal: Refusal): Promise<string> {
  const hash = await send(rpc, rpcCalls.sendRawTransaction(raw)).catch(refusedBy(refusal, 'send'));
  return hash.toLowerCase();
}

/** Checks a signed raw transaction and hands it to the node; answers its hash. */
export async function relayRawTransaction(rpc: RpcClient, raw: string): Promise<string> {
  await checkRawTransaction(rpc, raw);
  return sendRaw(rpc, raw, walletRefusal);
}

/**
 * A raw transaction any relay of ours hands to the node (POST /sendrawtransaction, the Etherscan-style
 * proxy): hex, decodable, signed, and for this chain (EIP-155; a transaction without a chain id could be
 * replayed on any chain). Throws a 400 naming what is wrong.
 */
export async function checkRawTransaction(rpc: RpcClient, raw: string): Promise<void> {
  if (!/^0x[0-9a-fA-F]{2,}$/.test(raw) || raw.length % 2 !== 0)
    throw badRequest('Invalid raw transaction: use 0x followed by the signed transaction bytes in hex');
  let tx: Transaction;
  try {
    tx = Transaction.from(raw);
  } catch {
    throw badRequest('Invalid raw transaction: not a decodable signed transaction');
  }
  if (!tx.isSigned() || tx.from === null) throw badRequest('Invalid raw transaction: it is not signed');
  const id = await chainId(rpc);
  if (tx.chainId !== BigInt(id)) throw badRequest(`Invalid raw transaction: chain id ${tx.chainId} is not this chain's (${id})`);
}

/**
 * Prepares `call` (from = the wallet's address), signs it with `wallet` and sends it; answers the
 * hash. A chain without EIP-1559 gets a legacy transaction at the node's gas price.
 */
export async function signAndRelay(
  rpc: RpcClient,
  wallet: Wallet,
  call: Omit<TxCall, 'from'>,
  refusal: Refusal = walletRefusal,
): Promise<string> {
  const f = await prepareTx(rpc, { ...call, from: wallet.address.toLowerCase() }, refusal);
  const fees = f.legacy
    ? { type: 0, gasPrice: await gasPrice(rpc) }
    : { type: 2, maxFeePerGas: f.maxFeePerGas, maxPriorityFeePerGas: f.maxPriorityFeePerGas };
  const raw = await wallet.signTransaction({
    to: call.to,
    value: call.value,
    data: call.data,
    chainId: f.chainId,
    nonce: f.nonce,
    gasLimit: f.gasLimit,
    ...fees,
  });
  return sendRaw(rpc, raw, refusal);
}

/** Builds, signs with `key` and relays a transfer of coin (`token` null) or of an RBC20 token. */
export async function signAndSend(rpc: RpcClient, key: string, to: string, amount: bigint, token: string | null): Promise<string> {
  const wallet = walletFromKey(key);
  return signAndRelay(
    rpc,
    wallet,
    token ? { to: token, value: 0n, data: ERC20.encodeFunctionData('transfer', [to, amount]) } : { to, value: amount, data: '0x' },
  );
}
