/**
 * The network and signing work of the Deploy page, as promises deployMachine's actors call (tests
 * swap them): compile on the server (POST /compileContract: the form without any key), sign in the
 * browser with a pasted key (POST /preparetx for nonce, fees and gas, then POST
 * /sendrawtransaction: only the signed transaction leaves the browser), wait until the creation
 * is indexed (GET /txstatus, GET /getTransactionData for its contractAddress) and verify the
 * source against the chain (POST /verifyContract). Loaded on demand (ethers is large).
 */
import { Wallet } from 'ethers';
import { toRubyAddress } from '../../../common/address';
import type { CompileResponse, VerifyRequest } from '../../../common/api/deploy';
import { DEPLOY_FIELDS } from '../../../common/api/deployConstants';
import { apiErrorMessage } from '../../../common/api/error';
import { paths } from '../../../common/api/paths';
import type { TransactionDetailResponse } from '../../../common/api/transactions';
import type { PreparedTx, PrepareTxBody, TxStatusResponse } from '../../../common/api/wallet';
import { API_BASE, hasStatusTrue } from '../../app/api';
import { UploadError, type CompileInput, type Compiled, type MinedCreation, type VerifyInput } from '../../machines/deployTypes';
import { DEPLOY_TEXTS } from './texts';

/** A refusal of the API, with its status (409: the source was verified already). */
class CallError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

async function call<T>(path: string, init?: { json?: unknown; form?: FormData; signal?: AbortSignal }): Promise<T> {
  const body = init?.form ?? (init?.json === undefined ? undefined : JSON.stringify(init.json));
  const res = await fetch(`${API_BASE}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body === undefined ? {} : { body }),
    ...(init?.json === undefined ? {} : { headers: { 'content-type': 'application/json' } }),
    ...(init?.signal ? { signal: init.signal } : {}),
  });
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok || !hasStatusTrue(data)) throw new CallError(apiErrorMessage(data) ?? `HTTP ${res.status}`, res.status);
  return data as T;
}

/** Compiles the upload on the server; a refusal is an UploadError carrying the server's words. */
export async function compileUpload(input: CompileInput, signal?: AbortSignal): Promise<Compiled> {
  const form = new FormData();
  form.append(DEPLOY_FIELDS.file, input.file, input.file.name);
  form.append(DEPLOY_FIELDS.name, input.contractName);
  form.append(DEPLOY_FIELDS.type, input.contractType);
  let r: CompileResponse;
  try {
    r = await call<CompileResponse>(paths.compileContract(), { form, signal });
  } catch (err) {
    // A network failure stays a plain error: the user reads "No response from server."
    throw err instanceof CallError ? new UploadError(err.message) : err;
  }
  return {
    contractName: r.contractName,
    fileName: r.fileName,
    source: await input.file.text(),
    data: r.bytecode + r.encodedConstructorArguments.slice(2),
    encodedConstructorArguments: r.encodedConstructorArguments,
    compilerVersion: r.compilerVersion,
    compilerSettings: r.compilerSettings,
  };
}

function walletOf(key: string): Wallet {
  try {
    return new Wallet(/^0x/i.test(key) ? key : `0x${key}`);
  } catch {
    throw new Error(DEPLOY_TEXTS.badKey);
  }
}

/** The pasted key's account, r… (checked here: the key is never sent). */
export async function keyAddress(key: string): Promise<string> {
  return toRubyAddress(walletOf(key).address);
}

/** Chain id, nonce, fees and gas of a creation from `from` (no `to`). */
export async function prepareCreation(from: string, data: string): Promise<PreparedTx> {
  const body: PrepareTxBody = { from, data, value: '0' };
  return (await call<{ result: PreparedTx }>(paths.prepareTx(), { json: body })).result;
}

/** Builds and signs the creation with the pasted key in the browser; relays the signed bytes only. */
export async function sendWithKey(key: string, data: string): Promise<string> {
  const wallet = walletOf(key);
  const f = await prepareCreation(toRubyAddress(wallet.address), data);
  const raw = await wallet.signTransaction({
    type: 2,
    to: null,
    value: 0n,
    data,
    chainId: f.chainId,
    nonce: f.nonce,
    gasLimit: BigInt(f.gasLimit),
    maxFeePerGas: BigInt(f.maxFeePerGas),
    maxPriorityFeePerGas: BigInt(f.maxPriorityFeePerGas),
  });
  return (await call<{ result: string }>(paths.sendRawTx(), { json: { rawTransaction: raw } })).result;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until the indexer has the creation; answers its status and the created address. */
export async function waitDeployed(
  hash: string,
  signal?: AbortSignal,
  opts: { pollMs?: number; timeoutMs?: number } = {},
): Promise<MinedCreation> {
  const deadline = Date.now() + (opts.timeoutMs ?? 180_000);
  for (;;) {
    if (signal?.aborted) throw new Error('aborted');
    const st = await call<TxStatusResponse>(paths.txStatus(hash), { signal }).catch(() => null);
    if (st?.result.indexed) {
      const tx = await call<TransactionDetailResponse>(paths.txData(hash), { signal });
      return { status: st.result.status ?? 0, contractAddress: tx.result.contractAddress ?? null };
    }
    if (Date.now() > deadline) throw new Error(DEPLOY_TEXTS.notMined);
    await sleep(opts.pollMs ?? 1000);
  }
}

/** Proves the source against the chain's creation and runtime code (POST /verifyContract). */
export async function verifyDeployed(v: VerifyInput): Promise<void> {
  const body: VerifyRequest = {
    address: v.address,
    contractName: v.compiled.contractName,
    source: v.compiled.source,
    fileName: v.compiled.fileName,
    compilerVersion: v.compiled.compilerVersion,
    settings: v.compiled.compilerSettings,
    constructorArguments: v.compiled.encodedConstructorArguments.slice(2),
  };
  try {
    await call(paths.verifyContract(), { json: body });
  } catch (err) {
    // Verified already (by another tab, or a retry): the outcome wanted.
    if (err instanceof CallError && err.status === 409) return;
    throw err;
  }
}
