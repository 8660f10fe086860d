/**
 * Transactions for the wallet: the fields a browser needs to sign (nonce, fees, gas), the relay
 * of a signed raw transaction with its checks, and the documented server-side signing calls.
 *
 * Invariant: a private key given to `signAndSend` lives only in this call's Wallet object; no
 * error raised here quotes it (messages are written here, never passed through from a parser
 * that saw the key).
 */
import { Interface, Transaction, Wallet, parseUnits } from 'ethers';
import { RpcError, hexToBigInt, hexToNumber, toHexQuantity, type RpcClient } from '../chain/rpc';
import { badRequest } from '../api/http';

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
}

/** A node refusal (bad nonce, no funds, revert in estimation) is the caller's problem: 400. */
function nodeRefusal(err: unknown, what: string): never {
  if (err instanceof RpcError) throw badRequest(`${what}: ${err.message.slice(0, 300)}`);
  throw err;
}

export function parseKey(input: string): string {
  const k = input.trim();
  if (!KEY.test(k)) throw badRequest('Invalid private key: use 64 hex digits, with or without 0x');
  return k.startsWith('0x') ? k : `0x${k}`;
}

/** A positive decimal amount in units of `decimals`. */
export function parseAmount(input: string, decimals = 18): bigint {
  const s = input.trim();
  const m = DECIMAL.exec(s);
  const fraction = m?.[2] ? m[2].length - 1 : 0;
  if (!m || fraction > decimals) throw badRequest(`Invalid amount "${s.slice(0, 40)}": use a positive number with at most ${decimals} decimals`);
  const units = parseUnits(s, decimals);
  if (units <= 0n) throw badRequest('Invalid amount: it must be greater than 0');
  return units;
}

export async function chainId(rpc: RpcClient): Promise<number> {
  return hexToNumber(await rpc.call<string>('eth_chainId'));
}

/** Nonce (pending pool included), EIP-1559 fees and an estimated gas limit for this call. */
export async function prepareTx(rpc: RpcClient, tx: { from: string; to: string; value: bigint; data: string }): Promise<TxFields> {
  const [id, nonceHex, block, tipHex] = await Promise.all([
    chainId(rpc),
    rpc.call<string>('eth_getTransactionCount', [tx.from, 'pending']),
    rpc.call<{ baseFeePerGas?: string } | null>('eth_getBlockByNumber', ['latest', false]),
    rpc.call<string>('eth_maxPriorityFeePerGas').catch(() => toHexQuantity(ONE_GWEI)),
  ]);
  let gasLimit = TRANSFER_GAS;
  if (tx.data !== '0x') {
    const call = { from: tx.from, to: tx.to, value: toHexQuantity(tx.value), data: tx.data };
    const estimate = await rpc.call<string>('eth_estimateGas', [call]).catch((err: unknown) => nodeRefusal(err, 'The transaction would fail'));
    // 20 % headroom: the state may move between estimate and inclusion.
    gasLimit = (hexToBigInt(estimate) * 12n) / 10n;
  }
  const baseFee = hexToBigInt(block?.baseFeePerGas ?? '0x0');
  const tip = hexToBigInt(tipHex);
  // Twice the base fee covers several blocks of base-fee growth before inclusion.
  return { chainId: id, nonce: hexToNumber(nonceHex), gasLimit, maxFeePerGas: baseFee * 2n + tip, maxPriorityFeePerGas: tip };
}

/** Checks a signed raw transaction and hands it to the node; answers its hash. */
export async function relayRawTransaction(rpc: RpcClient, raw: string): Promise<string> {
  if (!/^0x[0-9a-fA-F]{2,}$/.test(raw) || raw.length % 2 !== 0) throw badRequest('Invalid raw transaction: use 0x followed by the signed transaction bytes in hex');
  let tx: Transaction;
  try {
    tx = Transaction.from(raw);
  } catch {
    throw badRequest('Invalid raw transaction: not a decodable signed transaction');
  }
  if (!tx.isSigned() || tx.from === null) throw badRequest('Invalid raw transaction: it is not signed');
  const id = await chainId(rpc);
  if (tx.chainId !== BigInt(id)) throw badRequest(`Invalid raw transaction: chain id ${tx.chainId} is not this chain's (${id})`);
  const hash = await rpc.call<string>('eth_sendRawTransaction', [raw]).catch((err: unknown) => nodeRefusal(err, 'The node refused the transaction'));
  return hash.toLowerCase();
}

/** Builds, signs with `key` and relays a transfer of coin (`token` null) or of an RBC20 token. */
export async function signAndSend(
  rpc: RpcClient,
  key: string,
  to: string,
  amount: bigint,
  token: string | null,
): Promise<string> {
  let wallet: Wallet;
  try {
    wallet = new Wallet(key);
  } catch {
    throw badRequest('Invalid private key');
  }
  const call = token
    ? { from: wallet.address.toLowerCase(), to: token, value: 0n, data: ERC20.encodeFunctionData('transfer', [to, amount]) }
    : { from: wallet.address.toLowerCase(), to, value: amount, data: '0x' };
  const f = await prepareTx(rpc, call);
  const raw = await wallet.signTransaction({ type: 2, to: call.to, value: call.value, data: call.data, ...f });
  return relayRawTransaction(rpc, raw);
}
