/**
 * Helpers of the deploy and verify API tests: multipart bodies for app.inject, a funded throwaway
 * key on the devnet, and "index now" (one indexer pass plus the block event that clears caches).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Wallet } from 'ethers';
import type { RpcClient } from '../../../server/chain/rpc';
import { devWallet } from '../../helpers/devKeys';
import type { TestApi } from '../../helpers/apiFixture';
import { apiPaths } from '../../../common/api/paths';

export const SOL_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/sol');
export const readSol = (name: string) => fs.readFileSync(path.join(SOL_DIR, name), 'utf8');

export interface FilePart {
  name: string;
  data: string | Buffer;
  field?: string;
}

/** A multipart/form-data body of text fields and at most one file. */
export function multipart(fields: Record<string, string>, file?: FilePart): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----ruby${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'solFile'}"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
    );
    chunks.push(Buffer.isBuffer(file.data) ? file.data : Buffer.from(file.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export interface Answer<T = Record<string, unknown>> {
  statusCode: number;
  body: T;
}

export async function postDeploy<T = Record<string, unknown>>(
  api: TestApi,
  fields: Record<string, string>,
  file?: FilePart,
): Promise<Answer<T>> {
  const { payload, headers } = multipart(fields, file);
  const res = await api.app.inject({ method: 'POST', url: apiPaths.deploy(), payload, headers });
  return { statusCode: res.statusCode, body: res.json() };
}

export async function postJson<T = Record<string, unknown>>(api: TestApi, url: string, body: unknown): Promise<Answer<T>> {
  const res = await api.app.inject({ method: 'POST', url, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  return { statusCode: res.statusCode, body: res.json() };
}

/** A fresh key holding `coins` RUBY, sent from dev account 9 (automine must be on). */
export async function fundedKey(rpc: RpcClient, coins = 100n): Promise<Wallet> {
  const wallet = Wallet.createRandom();
  const funder = devWallet(9);
  const [chainId, nonce, gasPrice] = await Promise.all([
    rpc.call<string>('eth_chainId'),
    rpc.call<string>('eth_getTransactionCount', [funder.address, 'pending']),
    rpc.call<string>('eth_gasPrice'),
  ]);
  const raw = await funder.signTransaction({
    chainId: BigInt(chainId),
    nonce: Number(BigInt(nonce)),
    to: wallet.address,
    value: coins * 10n ** 18n,
    gasLimit: 21000n,
    gasPrice: BigInt(gasPrice) * 2n,
    type: 0,
  });
  await rpc.call('eth_sendRawTransaction', [raw]);
  return new Wallet(wallet.privateKey);
}

/** Indexes what the devnet mined since the last pass and announces it (as the indexer worker does). */
export async function indexNow(api: TestApi): Promise<void> {
  await api.indexer.runOnce();
  const st = api.indexer.status();
  const to = st.indexedBlock ?? 0;
  api.bus.publish({ type: 'blocks', from: to, to, hash: '', head: st.head, txCount: 0 });
}

/** Sends a creation transaction the way any wallet would (outside the explorer); returns the 0x address. */
export async function deployRaw(rpc: RpcClient, wallet: Wallet, data: string): Promise<string> {
  const [chainId, nonce, gasPrice] = await Promise.all([
    rpc.call<string>('eth_chainId'),
    rpc.call<string>('eth_getTransactionCount', [wallet.address, 'pending']),
    rpc.call<string>('eth_gasPrice'),
  ]);
  const raw = await wallet.signTransaction({
    chainId: BigInt(chainId),
    nonce: Number(BigInt(nonce)),
    data,
    gasLimit: 5_000_000n,
    gasPrice: BigInt(gasPrice) * 2n,
    type: 0,
  });
  const hash = await rpc.call<string>('eth_sendRawTransaction', [raw]);
  // Automine mines the transaction, but the receipt can trail the hash by a moment on a busy machine.
  let receipt: { contractAddress: string; status: string } | null = null;
  for (let i = 0; i < 100 && !receipt; i++) {
    receipt = await rpc.call<{ contractAddress: string; status: string } | null>('eth_getTransactionReceipt', [hash]);
    if (!receipt) await new Promise((r) => setTimeout(r, 100));
  }
  if (!receipt) throw new Error(`deployment ${hash}: no receipt after 10 s`);
  if (BigInt(receipt.status) !== 1n) throw new Error(`deployment ${hash} failed`);
  return receipt.contractAddress.toLowerCase();
}

/** An application/x-www-form-urlencoded POST, as Hardhat and Foundry send verifysourcecode. */
export async function postForm<T = Record<string, unknown>>(api: TestApi, url: string, fields: Record<string, string>): Promise<Answer<T>> {
  const res = await api.app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  return { statusCode: res.statusCode, body: res.json() };
}
