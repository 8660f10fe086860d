/**
 * Signing, sending and waiting for the traffic generator's transactions. Keys stay in this
 * process: transactions are signed locally and sent raw, so the same code works for the dev
 * accounts and for the fresh wallets the generator creates.
 */
import { keccak256, type Authorization, type BaseWallet } from 'ethers';
import { hexToBigInt, type RpcClient } from './rpc';
import { batchOf, getBlock, rpcCalls, send, settledGroupsOf, settledOf } from './rpcActions';
import type { RawTransactionReceipt } from './types';

/** How the node mines: each tx (auto), on a timer (interval), only on evm_mine (manual). */
export type MiningMode = 'auto' | 'interval' | 'manual' | 'unknown';

export interface TxRequest {
  wallet: BaseWallet;
  to: string | null;
  value: bigint;
  data: string;
  gasLimit: bigint;
  nonce: number;
  /** Priority fee in wei; the max fee is twice the base fee plus this. */
  tip: bigint;
  /** A pre-EIP-1559 (type 0) transaction, for variety. */
  legacy?: boolean;
  /** EIP-7702: a type 4 transaction carrying these authorizations. */
  authorizationList?: Authorization[];
}

export interface SentTx {
  hash: string;
  error?: string;
}

export type MinedReceipt = RawTransactionReceipt;

export const GWEI = 1_000_000_000n;

/** anvil tells its mode through anvil_getAutomine / anvil_getIntervalMining; other nodes: unknown. */
export async function miningMode(rpc: RpcClient): Promise<MiningMode> {
  const [[auto], [interval]] = await settledGroupsOf(rpc, [[rpcCalls.anvilGetAutomine()], [rpcCalls.anvilGetIntervalMining()]]);
  if (auto?.ok && auto.result === true) return 'auto';
  if (interval?.ok && Number(interval.result ?? 0) > 0) return 'interval';
  if (auto?.ok && auto.result === false) return 'manual';
  return 'unknown';
}

export async function latestBaseFee(rpc: RpcClient): Promise<bigint> {
  const block = await getBlock(rpc, 'latest', false);
  return hexToBigInt(block?.baseFeePerGas ?? '0x3b9aca00');
}

export async function signTx(req: TxRequest, chainId: number, baseFee: bigint): Promise<string> {
  // Twice the base fee covers several blocks of base-fee growth before the tx is mined.
  const maxFee = baseFee * 2n + req.tip;
  const common = { chainId, nonce: req.nonce, to: req.to, value: req.value, data: req.data, gasLimit: req.gasLimit };
  if (req.legacy) return req.wallet.signTransaction({ ...common, type: 0, gasPrice: maxFee });
  const fees = { maxFeePerGas: maxFee, maxPriorityFeePerGas: req.tip };
  return req.authorizationList
    ? req.wallet.signTransaction({ ...common, ...fees, type: 4, authorizationList: req.authorizationList })
    : req.wallet.signTransaction({ ...common, ...fees, type: 2 });
}

/** Sends signed transactions in one batch; each answer is its hash or why the node refused it. */
export async function sendRaw(rpc: RpcClient, raws: string[]): Promise<SentTx[]> {
  const outcomes = await settledOf(
    rpc,
    raws.map((raw) => rpcCalls.sendRawTransaction(raw)),
  );
  return raws.map((raw, i) => {
    const o = outcomes[i];
    const hash = keccak256(raw);
    return o?.ok ? { hash } : { hash, error: o ? o.error.message : 'no answer' };
  });
}

/** Next nonce of each address, counting transactions already in the node's pool. */
export async function pendingNonces(rpc: RpcClient, addresses: string[]): Promise<Map<string, number>> {
  const unique = [...new Set(addresses.map((a) => a.toLowerCase()))];
  const counts = await batchOf(
    rpc,
    unique.map((a) => rpcCalls.getTransactionCount(a, 'pending')),
  );
  return new Map(unique.map((a, i) => [a, counts[i] ?? 0]));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Waits until every hash has a receipt. With manual mining (automine off, no timer) nobody else
 * would mine, so this mines with evm_mine right away. On a timer or an unknown node it mines when
 * a receipt has not come within a second: the first start's setup then takes seconds instead of
 * three block times, at the price of a few early blocks off the timer's rhythm (a real node
 * refuses evm_mine, which is harmless: it keeps waiting).
 */
export async function waitForReceipts(rpc: RpcClient, hashes: string[], mode: MiningMode, timeoutMs = 120_000): Promise<MinedReceipt[]> {
  const found = new Map<string, MinedReceipt>();
  const deadline = Date.now() + timeoutMs;
  // Manual: mine at once; otherwise after a second; then again every second while something is missing.
  let lastMine = mode === 'manual' ? -Infinity : Date.now();
  for (;;) {
    const missing = hashes.filter((h) => !found.has(h));
    if (missing.length === 0) return hashes.map((h) => found.get(h) as MinedReceipt);
    if (mode !== 'auto' && Date.now() - lastMine >= 1_000) {
      lastMine = Date.now();
      await send(rpc, rpcCalls.evmMine()).catch(() => undefined);
    }
    const receipts = await batchOf(
      rpc,
      missing.map((h) => rpcCalls.getTransactionReceipt(h)),
    );
    receipts.forEach((r, i) => {
      const h = missing[i];
      if (r && h) found.set(h, r);
    });
    if (found.size === hashes.length) continue;
    if (Date.now() > deadline) throw new Error(`no receipt within ${timeoutMs} ms for ${missing.length} transaction(s)`);
    await sleep(mode === 'manual' ? 20 : 100);
  }
}
