/**
 * The EIP-7702 authorization lists of type 4 transactions and the blob fields of
 * type 3 ones, as rows (023_tx_authorizations.sql). The pure part (transform.ts calls it) recovers
 * each authorization's authority with ethers' own EIP-7702 digest (keccak(0x05 || rlp([chain_id,
 * address, nonce])), `verifyAuthorization`); the I/O part (prepare.ts) settles which ones the node
 * applied: chain id 0 or ours, a signature that recovers, and a nonce equal to the authority's at
 * that point of the block (its nonce before the block, read from the node, plus its transactions
 * sent earlier in the block or this very one, plus its valid authorizations earlier in the block).
 * docs/decisions.md "EIP-7702 authorizations".
 */
import { Signature, verifyAuthorization } from 'ethers';
import type { RpcClient } from '../chain/rpc';
import { chainId as readChainId, rpcCalls, settledOf } from '../chain/rpcActions';
import type { RawAuthorization } from '../chain/types';
import { big, num } from './rowBuilders';
import type { FetchedBlock } from './rowTypes';

export type InvalidReason = 'chain_id' | 'nonce' | 'signature';

export interface AuthorizationRow {
  blockNumber: number;
  txIndex: number;
  authIndex: number;
  txHash: string;
  chainId: bigint;
  delegate: string;
  nonce: bigint;
  yParity: number;
  r: string;
  s: string;
  /** Recovered from the signature; null when it does not recover. */
  authority: string | null;
  /** null until settled, or when the node could not tell the authority's nonce. */
  valid: boolean | null;
  invalidReason: InvalidReason | null;
}

export interface BlobRow {
  blockNumber: number;
  txIndex: number;
  txHash: string;
  versionedHashes: string[];
  maxFeePerBlobGas: bigint | null;
  blobGasUsed: bigint | null;
  blobGasPrice: bigint | null;
}

/** The address that signed the authorization, or null when the signature does not recover. */
export function recoverAuthority(a: RawAuthorization): string | null {
  try {
    const yParity = num(a.yParity ?? a.v);
    if (yParity !== 0 && yParity !== 1) return null;
    const sig = Signature.from({ r: a.r, s: a.s, yParity });
    return verifyAuthorization({ address: a.address, nonce: big(a.nonce), chainId: big(a.chainId) }, sig).toLowerCase();
  } catch {
    return null;
  }
}

/** The authorization rows of these blocks, authorities recovered, validity not settled yet. */
export function authorizationRows(block: FetchedBlock['block'], n: number): AuthorizationRow[] {
  const out: AuthorizationRow[] = [];
  block.transactions.forEach((tx, txIndex) => {
    (tx.authorizationList ?? []).forEach((a, authIndex) => {
      out.push({
        blockNumber: n,
        txIndex,
        authIndex,
        txHash: tx.hash.toLowerCase(),
        chainId: big(a.chainId),
        delegate: a.address.toLowerCase(),
        nonce: big(a.nonce),
        yParity: num(a.yParity ?? a.v),
        r: a.r,
        s: a.s,
        authority: recoverAuthority(a),
        valid: null,
        invalidReason: null,
      });
    });
  });
  return out;
}

/** The blob fields of the block's type 3 transactions (receipts in transaction order). */
export function blobRows({ block, receipts }: FetchedBlock, n: number): BlobRow[] {
  const out: BlobRow[] = [];
  block.transactions.forEach((tx, txIndex) => {
    if (!tx.blobVersionedHashes) return;
    const r = receipts[txIndex];
    out.push({
      blockNumber: n,
      txIndex,
      txHash: tx.hash.toLowerCase(),
      versionedHashes: tx.blobVersionedHashes.map((h) => h.toLowerCase()),
      maxFeePerBlobGas: tx.maxFeePerBlobGas ? big(tx.maxFeePerBlobGas) : null,
      blobGasUsed: r?.blobGasUsed ? big(r.blobGasUsed) : null,
      blobGasPrice: r?.blobGasPrice ? big(r.blobGasPrice) : null,
    });
  });
  return out;
}

const chainIds = new WeakMap<RpcClient, Promise<number>>();

/** The node's chain id, asked once per client. */
function nodeChainId(rpc: RpcClient): Promise<number> {
  let p = chainIds.get(rpc);
  if (!p) {
    p = readChainId(rpc).catch((err: unknown) => {
      chainIds.delete(rpc);
      throw err;
    });
    chainIds.set(rpc, p);
  }
  return p;
}

/**
 * Settles `valid` and `invalidReason` of the rows in place, block by block in chain order. The
 * nonces are read at the block before each (one batch for the whole set); a node without that
 * state leaves the rows whose chain id and signature pass as unknown (valid null).
 */
export async function settleAuthorizations(rpc: RpcClient, rows: AuthorizationRow[], blocks: FetchedBlock[]): Promise<void> {
  if (rows.length === 0) return;
  const ours = BigInt(await nodeChainId(rpc));
  const byBlock = new Map<number, AuthorizationRow[]>();
  for (const r of rows) byBlock.set(r.blockNumber, [...(byBlock.get(r.blockNumber) ?? []), r]);
  const asks: { block: number; authority: string }[] = [];
  for (const [n, list] of byBlock) {
    for (const a of new Set(list.map((r) => r.authority).filter((x): x is string => x !== null))) asks.push({ block: n, authority: a });
  }
  const answers = await settledOf(
    rpc,
    asks.map((q) => rpcCalls.getTransactionCount(q.authority, Math.max(q.block - 1, 0))),
  );
  const before = new Map<string, number | null>();
  asks.forEach((q, i) => {
    const o = answers[i];
    before.set(`${q.block}:${q.authority}`, o?.ok ? o.result : null);
  });
  for (const { block } of blocks) {
    const n = num(block.number);
    const list = byBlock.get(n);
    if (!list) continue;
    const nonces = new Map<string, bigint | null>();
    for (const r of list) {
      if (r.authority !== null && !nonces.has(r.authority)) {
        const b = before.get(`${n}:${r.authority}`);
        nonces.set(r.authority, b === null || b === undefined ? null : BigInt(b));
      }
    }
    block.transactions.forEach((tx, txIndex) => {
      const sender = tx.from.toLowerCase();
      const senderNonce = nonces.get(sender);
      // The sender's own nonce moves before its authorizations are applied (EIP-7702).
      if (senderNonce !== undefined && senderNonce !== null) nonces.set(sender, senderNonce + 1n);
      for (const r of list) {
        if (r.txIndex !== txIndex) continue;
        if (r.chainId !== 0n && r.chainId !== ours) setInvalid(r, 'chain_id');
        else if (r.authority === null) setInvalid(r, 'signature');
        else {
          const current = nonces.get(r.authority);
          if (current === null || current === undefined) continue; // unknown: valid stays null
          if (current !== r.nonce) setInvalid(r, 'nonce');
          else {
            r.valid = true;
            nonces.set(r.authority, current + 1n);
          }
        }
      }
    });
  }
}

function setInvalid(r: AuthorizationRow, reason: InvalidReason): void {
  r.valid = false;
  r.invalidReason = reason;
}
