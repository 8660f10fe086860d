/**
 * Sends a compiled contract's creation transaction with a caller's key and waits for its receipt.
 * Building, signing and sending are the wallet's (wallet/transactions.ts: ethers only signs, every
 * node call goes through ctx.rpc, so the node's own error texts come back and nothing polls in the
 * background after the request ends); this file answers a refusal in a deployment's words.
 *
 * The key is taken as a parameter and dropped when the function returns; no message built here
 * contains it (node errors carry addresses and hashes, never keys).
 */
import { Interface, type InterfaceAbi } from 'ethers';
import { signAndRelay, walletFromKey } from '../wallet/transactions';
import type { Artifact } from '../chain/compile';
import { RpcError, hexToBigInt } from '../chain/rpc';
import { getTransactionReceipt } from '../chain/rpcActions';
import type { RawTransactionReceipt } from '../chain/types';
import type { JsonValue } from '../db/schema';
import type { ApiContext } from '../core/context';
import { rubyAddress } from '../core/format';
import { ApiError, badRequest } from '../core/http';
import { saveVerified } from '../queries/verified';

/** How long a deploy waits for its transaction to be mined (the devnet mines every 10 s). */
export const RECEIPT_TIMEOUT_MS = 120_000;
const POLL_MS = 250;

export interface Deployed {
  contractAddress: string;
  transactionHash: string;
  blockNumber: number;
  record(v: {
    contractName: string;
    source: string;
    compilerVersion: string;
    compilerSettings: JsonValue;
    declaredType: 'rbc20' | 'dapp';
  }): Promise<void>;
}

/** The node's refusal as a clear 4xx; anything else is rethrown. */
function nodeRefusal(err: unknown, from: string): never {
  if (err instanceof RpcError) {
    const text = err.message.replace(/^eth_\w+: /, '');
    if (/insufficient funds|gas required exceeds allowance|funds/i.test(text)) {
      throw badRequest(`The account ${rubyAddress(from)} has not enough RUBY to pay for the deployment`);
    }
    if (/revert/i.test(text)) throw badRequest(`The constructor reverted: ${text.slice(0, 300)}`);
    if (/nonce/i.test(text)) throw new ApiError(409, `The node refused the transaction (${text.slice(0, 200)}); try again`);
    throw badRequest(`The node refused the deployment: ${text.slice(0, 300)}`);
  }
  throw err;
}

export async function deployArtifact(
  ctx: ApiContext,
  opts: { artifact: Artifact; args: ReadonlyArray<string | bigint>; privateKey: string },
): Promise<Deployed> {
  const wallet = walletFromKey(opts.privateKey, 'Invalid private key: it is not a valid secp256k1 key');
  const iface = new Interface(opts.artifact.abi as InterfaceAbi);
  const encodedArgs = iface.encodeDeploy(opts.args);
  const data = opts.artifact.bytecode + encodedArgs.slice(2);
  const from = wallet.address;
  const refusal = (err: unknown) => nodeRefusal(err, from);
  // Every refusal of the node, not only the estimate's and the send's, in a deployment's words.
  const hash = await signAndRelay(ctx.rpc, wallet, { to: null, value: 0n, data }, refusal).catch(refusal);
  const receipt = await waitForReceipt(ctx, hash);
  if (!receipt)
    throw new ApiError(504, `The deployment ${hash} was sent but not mined within ${RECEIPT_TIMEOUT_MS / 1000} s; look it up later`);
  if (hexToBigInt(receipt.status) !== 1n || !receipt.contractAddress)
    throw badRequest(`The deployment transaction ${hash} failed on chain (the constructor reverted)`);
  const address = receipt.contractAddress.toLowerCase();
  return {
    contractAddress: rubyAddress(address),
    transactionHash: hash,
    blockNumber: Number(BigInt(receipt.blockNumber)),
    record: (v) =>
      saveVerified(ctx, {
        address,
        contractName: v.contractName,
        source: v.source,
        sourceFormat: 'single',
        abi: opts.artifact.abi,
        compilerVersion: v.compilerVersion,
        compilerSettings: v.compilerSettings,
        origin: 'deploy',
        matchKind: 'full',
        constructorArgs: encodedArgs,
        declaredType: v.declaredType,
        deployTxHash: hash,
        license: /SPDX-License-Identifier:\s*([\w.+-]+)/.exec(v.source)?.[1] ?? null,
        // The explorer compiled and sent these very bytes: both codes match exactly, the arguments are its own.
        proof: {
          creationMatch: 'exact_match',
          runtimeMatch: 'exact_match',
          constructorDecoded: new Interface(opts.artifact.abi as InterfaceAbi).deploy.inputs.map((p, i) => ({
            name: p.name,
            type: p.type,
            value: typeof opts.args[i] === 'bigint' ? String(opts.args[i]) : opts.args[i],
          })),
          creationTxHash: hash,
          creationBlock: Number(BigInt(receipt.blockNumber)),
          creator: from.toLowerCase(),
          factory: null,
          fullyQualifiedName: `${opts.artifact.sourceName}:${opts.artifact.contractName}`,
          bytecodeMatch: {
            runtime: { recompiled: opts.artifact.deployedBytecode, immutableReferences: opts.artifact.immutableReferences ?? {} },
          },
          runtimeLength: (opts.artifact.deployedBytecode.length - 2) / 2,
        },
      }),
  };
}

async function waitForReceipt(ctx: ApiContext, hash: string): Promise<RawTransactionReceipt | null> {
  const until = Date.now() + RECEIPT_TIMEOUT_MS;
  while (Date.now() < until) {
    const r = await getTransactionReceipt(ctx.rpc, hash);
    if (r) return r;
    await new Promise((res) => setTimeout(res, POLL_MS));
  }
  return null;
}
