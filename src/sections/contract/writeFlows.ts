/**
 * The network and encoding work of a contract write, as promises writeContractMachine's actors
 * call (tests swap them): the calldata from the form's values, the estimate through the API
 * (POST /estimatecall) with the revert reason decoded, and the wait until the transaction is
 * indexed, with its decoded events (GET /txstatus, GET /getTransactionLogs).
 * Loaded on demand (ethers is large).
 */
import { Interface } from 'ethers';
import type { EstimateCallResponse } from '../../../common/api/contractWrite';
import { apiErrorMessage } from '../../../common/api/error';
import type { LogItem, TransactionLogsResponse } from '../../../common/api/logs';
import { paths } from '../../../common/api/paths';
import type { TxStatusResponse } from '../../../common/api/wallet';
import { API_BASE, hasStatusTrue } from '../../app/api';
import type { AbiValue } from '../../lib/abiInput';
import type { WriteFunction } from '../../lib/abiFunctions';
import { localizeServerMessage } from '../../lib/serverMessages';
import { revertReason } from './revertReason';
import { WRITE_TEXTS } from './writeTexts';

async function call<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${API_BASE}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });
  const data: unknown = await res.json().catch(() => null);
  // The server's words in the active language (serverMessages.ts), as the wallet's calls show them.
  if (!res.ok || !hasStatusTrue(data)) throw new Error(localizeServerMessage(apiErrorMessage(data) ?? `HTTP ${res.status}`));
  return data as T;
}

export function encodeCall(fn: WriteFunction, values: readonly AbiValue[]): string {
  return new Interface([fn as never]).encodeFunctionData(fn.name, values as unknown[]);
}

export interface WriteCall {
  from: string;
  to: string;
  data: string;
  value: bigint;
}

export type Estimate = { chainId: number; gasLimit: bigint; maxFeePerGas: bigint } | { revert: string };

/** The gas of the call, or why the node would revert it (decoded with `abi`). */
export async function estimateWrite(c: WriteCall, abi: readonly unknown[]): Promise<Estimate> {
  const r = await call<EstimateCallResponse>(paths.estimateCall(), { from: c.from, to: c.to, data: c.data, value: c.value.toString() });
  const e = r.result;
  if (e.revert || e.gasLimit === null) return { revert: revertReason(e.revert?.data ?? null, abi, e.revert?.message ?? '') };
  return { chainId: e.chainId, gasLimit: BigInt(e.gasLimit), maxFeePerGas: BigInt(e.maxFeePerGas) };
}

export interface Mined {
  status: number;
  logs: LogItem[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until the indexer has the transaction; answers its status and decoded events. */
export async function waitMined(hash: string, opts: { pollMs?: number; timeoutMs?: number } = {}): Promise<Mined> {
  const deadline = Date.now() + (opts.timeoutMs ?? 180_000);
  for (;;) {
    const st = await call<TxStatusResponse>(paths.txStatus(hash)).catch(() => null);
    if (st?.result.indexed) {
      const logs = await call<TransactionLogsResponse>(paths.txLogs(hash)).catch(() => null);
      return { status: st.result.status ?? 0, logs: logs?.result ?? [] };
    }
    if (Date.now() > deadline) throw new Error(WRITE_TEXTS.notMined);
    await sleep(opts.pollMs ?? 1000);
  }
}
